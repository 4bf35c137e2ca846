import {
  DATA_VIEW_PAGE_SIZE,
  ADMIN_PAGE_SIZE,
  type DataView,
  type DataViewFlag,
  type DataViewFlagPage,
  type DataViewFlagState,
  type DataViewKind,
  type DataViewPage,
} from '@pes/contracts';
import { appError } from '../../app-error';
import type { Database } from '../../db/client';
import { keysetPage } from '../../db/keyset';
import type { Principal } from '../../http/principal';
import { actorOf, type AuditService } from '../audit/audit.service';
import type { DataViewsRepository, StoredView } from './data-views.repository';

/** A view entry's summary, as the services that record views write it (older identity views named one `document`). */
interface ViewSummary {
  documents?: unknown;
  document?: unknown;
  reference?: unknown;
  station?: unknown;
}

const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** What a stored view entry says to the citizen: never the actor's name or id. */
function toView(entry: StoredView): Omit<DataView, 'flagged'> {
  const summary = (entry.summary ?? {}) as ViewSummary;
  const documents = Array.isArray(summary.documents)
    ? summary.documents.filter((d): d is string => typeof d === 'string')
    : typeof summary.document === 'string'
      ? [summary.document]
      : [];
  const reference = textOrNull(summary.reference);
  const what: DataViewKind =
    entry.action === 'complaint.view'
      ? 'complaint'
      : entry.action === 'clearance.draft_view'
        ? 'certificate_draft'
        : reference !== null || documents.includes('clearance_document')
          ? 'application_documents'
          : 'identity_documents';
  return { id: entry.id, at: entry.at, what, documents, reference, branch: entry.actorBranch, station: textOrNull(summary.station) };
}

/**
 * "Who has looked at my data?": a citizen's list of the times staff opened their data, read from the audit log through
 * its own partial index (one citizen's view entries by id), and the administrators' attention list of the views a
 * citizen did not expect. Flagging and handling are audited.
 */
export function createDataViewsService(deps: { db: Database; staffReads: Database; repository: DataViewsRepository; audit: Pick<AuditService, 'record'> }) {
  const { db, staffReads, repository, audit } = deps;

  const citizenOnly = (principal: Principal) => {
    if (principal.role !== 'citizen') throw appError('account.citizens_only');
  };

  async function flagById(id: number, state: DataViewFlagState): Promise<DataViewFlag | undefined> {
    const [row] = await repository.flags({ id, state, limit: 1 }, db);
    return row ? toFlag(row) : undefined;
  }

  function toFlag(row: Awaited<ReturnType<DataViewsRepository['flags']>>[number]): DataViewFlag {
    return {
      id: row.flagId,
      flagged_at: row.flaggedAt,
      handled_at: row.handledAt,
      handled_by: row.handledBy,
      account: { id: row.accountId, username: row.username, person: row.firstName !== null ? `${row.firstName} ${row.secondName}` : null },
      view: { ...toView(row), actor_username: row.actorUsername, actor_role: row.actorRole },
    };
  }

  return {
    /** A page of the citizen's own views, newest first. */
    async mine(principal: Principal, query: { cursor?: string }): Promise<DataViewPage> {
      citizenOnly(principal);
      const rows = await repository.viewsOf(principal.userId, { cursor: query.cursor, limit: DATA_VIEW_PAGE_SIZE + 1 });
      const { page, next_cursor } = keysetPage(rows, DATA_VIEW_PAGE_SIZE, (row) => String(row.id));
      return { entries: page.map((row) => ({ ...toView(row), flagged: row.flagged })), next_cursor };
    },

    /** Every view of the citizen's data, newest first (their data export). */
    async allOf(citizenUserId: number): Promise<DataView[]> {
      return (await repository.viewsOf(citizenUserId, {})).map((row) => ({ ...toView(row), flagged: row.flagged }));
    },

    /**
     * Sends one of the citizen's views to the administrators' attention, audited; flagging it again changes nothing.
     * Any other entry is 404 (whether it exists is not said).
     */
    async flag(principal: Principal, entryId: number) {
      citizenOnly(principal);
      await db.transaction(async (tx) => {
        if (!(await repository.viewOf(principal.userId, entryId, tx))) throw appError('account.data_view_not_found');
        if (!(await repository.insertFlag(entryId, principal.userId, tx))) return;
        await audit.record(
          { actor: actorOf(principal), action: 'data_view.flag', subject: { type: 'user', id: principal.userId }, summary: { entry: entryId } },
          tx,
        );
      });
      return { flagged: true as const };
    },

    /** The attention list: flags of one state, newest first, with the account and the entry (the officer's name included). */
    async flags(query: { state: DataViewFlagState; cursor?: string }): Promise<DataViewFlagPage> {
      const rows = await repository.flags({ state: query.state, cursor: query.cursor, limit: ADMIN_PAGE_SIZE + 1 }, staffReads);
      const { page, next_cursor } = keysetPage(rows, ADMIN_PAGE_SIZE, (row) => String(row.flagId));
      return { flags: page.map(toFlag), next_cursor };
    },

    /** Marks an open flag handled, audited; 409 when it was handled already, 404 when there is none. */
    async handle(administrator: Principal, flagId: number): Promise<DataViewFlag> {
      await db.transaction(async (tx) => {
        const handled = await repository.markHandled(flagId, administrator.userId, tx);
        if (!handled) throw appError((await repository.flagExists(flagId, tx)) ? 'account.flag_already_handled' : 'account.flag_not_found');
        await audit.record(
          {
            actor: actorOf(administrator),
            action: 'data_view.flag_handled',
            subject: { type: 'user', id: handled.citizenUserId },
            summary: { entry: handled.entryId, flag: flagId },
          },
          tx,
        );
      });
      return (await flagById(flagId, 'handled'))!;
    },
  };
}
export type DataViewsService = ReturnType<typeof createDataViewsService>;
