import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Branch, DataViewFlagState, Role } from '@pes/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { isoInstant } from '../../db/sql';
import { keyset } from '../../db/keyset';
import { auditLog, dataViewEntries } from '../audit/audit.table';
import { citizenProfiles, users } from '../users/users.table';
import { dataViewFlags } from './data-views.table';

const isoOrNull = (value: Parameters<typeof isoInstant>[0]) => sql<string | null>`${isoInstant(value)}`;

/** The citizen's views, newest first: the audit log's id read backwards through audit_log_data_views_idx. */
const viewsNewestFirst = keyset({ id: auditLog.id, idType: 'int', direction: 'desc' });
/** The attention list, newest first. */
const flagsNewestFirst = keyset({ id: dataViewFlags.id, idType: 'int', direction: 'desc' });

/** An audit entry that records a view of a citizen's data, as stored. */
export interface StoredView {
  id: number;
  at: string;
  action: string;
  actorBranch: Branch | null;
  summary: unknown;
}

const viewColumns = {
  id: auditLog.id,
  at: isoInstant(auditLog.at),
  action: auditLog.action,
  actorBranch: auditLog.actorBranch,
  summary: auditLog.summary,
};

export function createDataViewsRepository(db: Database) {
  const handler = alias(users, 'handler');
  return {
    /** A page of one citizen's views (`limit` of them past `cursor`), each with whether it is flagged. */
    async viewsOf(citizenUserId: number, page: { cursor?: string; limit?: number }, tx: DbOrTx = db) {
      const query = tx
        .select({ ...viewColumns, flagged: sql<boolean>`${dataViewFlags.id} is not null` })
        .from(auditLog)
        .leftJoin(dataViewFlags, eq(dataViewFlags.auditEntryId, auditLog.id))
        .where(and(dataViewEntries(auditLog), eq(auditLog.subjectId, String(citizenUserId)), viewsNewestFirst.after(page.cursor)))
        .orderBy(...viewsNewestFirst.orderBy);
      return page.limit === undefined ? query : query.limit(page.limit);
    },

    /** One view of the citizen's data, by its entry's id; undefined when the entry is not such a view of theirs. */
    async viewOf(citizenUserId: number, entryId: number, tx: DbOrTx = db) {
      const rows = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.id, entryId), dataViewEntries(auditLog), eq(auditLog.subjectId, String(citizenUserId))));
      return rows[0];
    },

    /** Flags the entry; false when it was flagged already. */
    async insertFlag(entryId: number, citizenUserId: number, tx: DbOrTx) {
      const rows = await tx
        .insert(dataViewFlags)
        .values({ auditEntryId: entryId, citizenUserId })
        .onConflictDoNothing({ target: dataViewFlags.auditEntryId })
        .returning({ id: dataViewFlags.id });
      return rows.length > 0;
    },

    /** The attention list's page: flags of one state, newest first, with the account and the entry (one statement). */
    async flags(filter: { state: DataViewFlagState; cursor?: string; limit: number; id?: number }, tx: DbOrTx = db) {
      return tx
        .select({
          flagId: dataViewFlags.id,
          flaggedAt: isoInstant(dataViewFlags.flaggedAt),
          handledAt: isoOrNull(dataViewFlags.handledAt),
          handledBy: handler.username,
          accountId: users.id,
          username: users.username,
          firstName: citizenProfiles.firstName,
          secondName: citizenProfiles.secondName,
          actorUsername: auditLog.actorUsername,
          actorRole: sql<Role | null>`${auditLog.actorRole}`,
          ...viewColumns,
        })
        .from(dataViewFlags)
        .innerJoin(auditLog, eq(auditLog.id, dataViewFlags.auditEntryId))
        .innerJoin(users, eq(users.id, dataViewFlags.citizenUserId))
        .leftJoin(citizenProfiles, eq(citizenProfiles.userId, users.id))
        .leftJoin(handler, eq(handler.id, dataViewFlags.handledByUserId))
        .where(
          and(
            filter.id !== undefined ? eq(dataViewFlags.id, filter.id) : undefined,
            filter.state === 'open' ? isNull(dataViewFlags.handledAt) : isNotNull(dataViewFlags.handledAt),
            flagsNewestFirst.after(filter.cursor),
          ),
        )
        .orderBy(desc(dataViewFlags.id))
        .limit(filter.limit);
    },

    /** Marks an open flag handled; answers its citizen and entry, or undefined when there is no such open flag. */
    async markHandled(flagId: number, administratorUserId: number, tx: DbOrTx) {
      const rows = await tx
        .update(dataViewFlags)
        .set({ handledAt: sql`now()`, handledByUserId: administratorUserId })
        .where(and(eq(dataViewFlags.id, flagId), isNull(dataViewFlags.handledAt)))
        .returning({ citizenUserId: dataViewFlags.citizenUserId, entryId: dataViewFlags.auditEntryId });
      return rows[0];
    },

    async flagExists(flagId: number, tx: DbOrTx = db) {
      return (await tx.select({ id: dataViewFlags.id }).from(dataViewFlags).where(eq(dataViewFlags.id, flagId))).length > 0;
    },
  };
}
export type DataViewsRepository = ReturnType<typeof createDataViewsRepository>;
