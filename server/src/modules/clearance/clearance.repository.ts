import { and, asc, desc, eq, inArray, isNotNull, isNull, like, sql, type SQL } from 'drizzle-orm';
import { CLEARANCE_OPEN_STATUSES, normaliseIdentityNumber, normaliseIdentitySearch, type ClearanceOfficerStatus, type ClearanceStatus } from '@pes/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { keyset } from '../../db/keyset';
import { isoInstant, likeEscape } from '../../db/sql';
import { files } from '../files/files.table';
import { citizenProfiles, officers, users } from '../users/users.table';
import {
  clearanceApplications,
  clearanceCertificates,
  clearanceDocuments,
  clearanceDrafts,
  clearanceStatusHistory,
  type ClearanceDetails,
} from './clearance.table';
import type { WorkScope } from '../workload/workload.service';

export interface NewApplication {
  citizenUserId: number;
  nicNumber: string;
  fullNameNic: string;
  details: ClearanceDetails;
  amountCents: number;
}

export interface HistoryEntry {
  applicationId: number;
  fromStatus: ClearanceStatus | null;
  toStatus: ClearanceStatus;
  note?: string | null;
  changedByUserId: number | null;
}

export interface NewCertificate {
  applicationId: number;
  verificationCode: string;
  fileId: number;
  generated: boolean;
  holderName: string;
  periodFrom: string;
  periodTo: string;
  issuedByUserId: number;
}

export interface ListQuery {
  search?: string;
  status?: ClearanceOfficerStatus;
  /** The police station the applicant chose (step 2). */
  station?: string;
  /** The next_cursor of the page before. */
  cursor?: string;
  limit: number;
}

const history = clearanceStatusHistory;

/** The officers' list's filters: paid applications, of a status, at a station (the indexed `station` column). */
function listFilter(query: Omit<ListQuery, 'cursor' | 'limit' | 'search'>) {
  const a = clearanceApplications;
  return and(isNotNull(a.paidAt), query.status ? eq(a.status, query.status) : undefined, query.station ? eq(a.station, query.station) : undefined);
}

/**
 * The officers' search, one condition per index: `search` is the start of the reference number or of the NIC, the
 * tail of the reference ("123", "000123", "2026-000123"), or the starts of words of the applicant's name. Each is
 * read on its own (a union of index scans): an OR of them under the list's LIMIT had the planner walk the
 * newest-paid index backwards through every paid application to find one NIC.
 */
function searchBranches(text: string): Array<{ match: SQL; indexOrder?: SQL }> {
  const a = clearanceApplications;
  const search = searchTerms(text);
  const reversed = sql`reverse(${a.referenceNumber})`;
  // The prefix indexes are text_pattern_ops: their order is ~<~'s (byte order), not the collation's.
  const branches = [
    { match: like(a.referenceNumber, search.prefix), indexOrder: sql`${a.referenceNumber} using ~<~` },
    { match: like(a.nicNumber, search.nicPrefix), indexOrder: sql`${a.nicNumber} using ~<~` },
    search.reversedTail ? { match: sql`${reversed} like ${search.reversedTail}`, indexOrder: sql`${reversed} using ~<~` } : undefined,
    search.nameQuery ? { match: sql`to_tsvector('simple', ${a.fullNameNic}) @@ to_tsquery('simple', ${search.nameQuery})` } : undefined,
  ];
  return branches.filter((branch) => branch !== undefined);
}
/** The officers' list, newest paid first: clearance_paid_idx (or clearance_status_paid_idx) read backwards. */
const newestPaid = keyset({ at: clearanceApplications.paidAt, id: clearanceApplications.id, idType: 'int', direction: 'desc' });

/** Digits of a reference's sequence number (PCC-2026-000123). */
const REFERENCE_SEQUENCE_DIGITS = 6;

/**
 * What the officers' search compares, from the text as typed: the prefix of a reference or NIC (upper case, no
 * spaces); a reference's tail, reversed for its index (a bare number is the sequence number, zero-padded:
 * "123" is "-000123"); and the name's words as a prefix query (words of letters only, so never tsquery syntax).
 */
function searchTerms(text: string) {
  const compact = normaliseIdentityNumber(text);
  const tail = /^\d{1,6}$/.test(compact) ? `-${compact.padStart(REFERENCE_SEQUENCE_DIGITS, '0')}` : /^[\d-]+$/.test(compact) ? compact : undefined;
  // Names are letters: a search with a digit (a NIC, a reference) is never a name (every word must match, and no name
  // has a digit), and as a prefix query it would match nothing while the planner, unable to tell, walks every paid
  // application looking for it (89 ms at 50,000).
  const words = /\p{N}/u.test(text)
    ? []
    : text
        .toLowerCase()
        .split(/[^\p{L}\p{M}\p{N}]+/u)
        .filter(Boolean);
  return {
    prefix: `${likeEscape(compact)}%`,
    // NICs are kept in their 12-digit form: a whole old-form number ("511521766V") is searched as that.
    nicPrefix: `${likeEscape(normaliseIdentitySearch(text))}%`,
    reversedTail: tail ? `${likeEscape([...tail].reverse().join(''))}%` : undefined,
    nameQuery: words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : undefined,
  };
}
/** An instant that may be missing, as the API shows it (null when missing). */
const isoOrNull = (value: Parameters<typeof isoInstant>[0]) => sql<string | null>`${isoInstant(value)}`;
const certificates = clearanceCertificates;
/** The application's certificate: the one no newer certificate replaced. */
const current = (applicationId: number) => and(eq(certificates.applicationId, applicationId), isNull(certificates.replacedAt));

export function createClearanceRepository(db: Database) {
  return {
    /** References (applications not yet paid have none) and applicants' names, for the audit log's reader. */
    describeForAudit(ids: number[]) {
      return db
        .select({ id: clearanceApplications.id, reference: clearanceApplications.referenceNumber, person: clearanceApplications.fullNameNic })
        .from(clearanceApplications)
        .where(inArray(clearanceApplications.id, ids));
    },
    /**
     * Per Admin Branch officer: the applications they have handled (changed the status of), by the application's
     * status now: pending and in progress are open work, completed and rejected are done.
     */
    workloadByOfficer(scope: WorkScope, tx: DbOrTx = db) {
      const handled = tx
        .selectDistinct({ applicationId: clearanceStatusHistory.applicationId, userId: clearanceStatusHistory.changedByUserId })
        .from(clearanceStatusHistory)
        .where(isNotNull(clearanceStatusHistory.changedByUserId))
        .as('handled');
      const inStatuses = (...statuses: ClearanceStatus[]) => sql<number>`(count(*) filter (where ${inArray(clearanceApplications.status, statuses)}))::int`;
      return tx
        .select({
          officer_row_id: officers.id,
          pending: inStatuses('pending'),
          in_progress: inStatuses('in_progress'),
          completed: inStatuses('completed', 'rejected'),
          other: inStatuses('awaiting_payment'),
        })
        .from(handled)
        .innerJoin(clearanceApplications, eq(clearanceApplications.id, handled.applicationId))
        .innerJoin(officers, eq(officers.userId, handled.userId))
        .where(scope.officerRowIds ? inArray(officers.id, scope.officerRowIds) : undefined)
        .groupBy(officers.id);
    },

    async findOpenForCitizen(citizenUserId: number, tx: DbOrTx = db) {
      const rows = await tx
        .select()
        .from(clearanceApplications)
        .where(and(eq(clearanceApplications.citizenUserId, citizenUserId), inArray(clearanceApplications.status, [...CLEARANCE_OPEN_STATUSES])));
      return rows[0];
    },

    async insert(values: NewApplication, tx: DbOrTx) {
      const [row] = await tx.insert(clearanceApplications).values(values).returning({ id: clearanceApplications.id });
      return row!.id;
    },

    /** Replaces the payload of an application still awaiting payment (a second try after a cancelled checkout). */
    async replaceAwaiting(id: number, values: Omit<NewApplication, 'citizenUserId'>, tx: DbOrTx) {
      const rows = await tx
        .update(clearanceApplications)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(clearanceApplications.id, id), eq(clearanceApplications.status, 'awaiting_payment')))
        .returning({ id: clearanceApplications.id });
      return rows.length === 1;
    },

    /** Document name → the file's id and path. */
    async documentsOf(applicationId: number, tx: DbOrTx = db) {
      return tx
        .select({ document: clearanceDocuments.document, fileId: clearanceDocuments.fileId, path: files.path })
        .from(clearanceDocuments)
        .innerJoin(files, eq(files.id, clearanceDocuments.fileId))
        .where(eq(clearanceDocuments.applicationId, applicationId));
    },

    async setDocuments(applicationId: number, documents: Array<{ document: string; fileId: number }>, tx: DbOrTx) {
      await tx.delete(clearanceDocuments).where(eq(clearanceDocuments.applicationId, applicationId));
      if (documents.length > 0) await tx.insert(clearanceDocuments).values(documents.map((d) => ({ applicationId, ...d })));
    },

    async addHistory(entry: HistoryEntry, tx: DbOrTx) {
      await tx.insert(history).values(entry);
    },

    /**
     * The fee is paid: awaiting_payment → pending, with its reference number (PCC-<Colombo year>-<6 digits>),
     * exactly once. Undefined when the application was not awaiting payment (paid already).
     */
    async markPaid(applicationId: number, paymentId: string, tx: DbOrTx) {
      const rows = await tx
        .update(clearanceApplications)
        .set({
          status: 'pending',
          paidAt: sql`now()`,
          paymentId,
          updatedAt: sql`now()`,
          referenceNumber: sql`(select 'PCC-' || to_char(now() at time zone 'Asia/Colombo', 'YYYY') || '-' || lpad(n::text, greatest(6, length(n::text)), '0') from nextval('clearance_reference_seq') as n)`,
        })
        .where(and(eq(clearanceApplications.id, applicationId), eq(clearanceApplications.status, 'awaiting_payment')))
        .returning();
      return rows[0];
    },

    async findById(id: number, tx: DbOrTx = db) {
      const rows = await tx.select().from(clearanceApplications).where(eq(clearanceApplications.id, id));
      return rows[0];
    },

    /** A certificate by its verification code, with what public verification may show. */
    async findCertificateByCode(verificationCode: string) {
      const rows = await db
        .select({
          referenceNumber: clearanceApplications.referenceNumber,
          holderName: certificates.holderName,
          periodFrom: certificates.periodFrom,
          issuedAt: isoInstant(certificates.issuedAt),
          withdrawnAt: isoOrNull(certificates.withdrawnAt),
          replacedAt: isoOrNull(certificates.replacedAt),
        })
        .from(certificates)
        .innerJoin(clearanceApplications, eq(clearanceApplications.id, certificates.applicationId))
        .where(eq(certificates.verificationCode, verificationCode));
      return rows[0];
    },

    /** The application's certificate (the latest issued, withdrawn or not) with its file's path. */
    async currentCertificate(applicationId: number, tx: DbOrTx = db) {
      const rows = await tx
        .select({
          id: certificates.id,
          verificationCode: certificates.verificationCode,
          generated: certificates.generated,
          holderName: certificates.holderName,
          periodFrom: certificates.periodFrom,
          periodTo: certificates.periodTo,
          issuedAt: isoInstant(certificates.issuedAt),
          withdrawnAt: isoOrNull(certificates.withdrawnAt),
          withdrawalReason: certificates.withdrawalReason,
          path: files.path,
        })
        .from(certificates)
        .innerJoin(files, eq(files.id, certificates.fileId))
        .where(current(applicationId));
      return rows[0];
    },

    /**
     * Locks a completed application for issuing its certificate (concurrent issues queue on the row);
     * false when it is not completed (any more).
     */
    async lockCompleted(id: number, tx: DbOrTx) {
      const rows = await tx
        .select({ id: clearanceApplications.id })
        .from(clearanceApplications)
        .where(and(eq(clearanceApplications.id, id), eq(clearanceApplications.status, 'completed')))
        .for('update');
      return rows.length === 1;
    },

    /** Issues a certificate: the one the application held so far (if any) is marked replaced. */
    async issueCertificate(certificate: NewCertificate, tx: DbOrTx) {
      await tx
        .update(certificates)
        .set({ replacedAt: sql`now()` })
        .where(current(certificate.applicationId));
      await tx.insert(certificates).values(certificate);
      await tx
        .update(clearanceApplications)
        .set({ updatedAt: sql`now()` })
        .where(eq(clearanceApplications.id, certificate.applicationId));
    },

    /** Withdraws the application's certificate, if it holds one not withdrawn yet; answers whether one was. */
    async withdrawCertificate(applicationId: number, reason: string, tx: DbOrTx) {
      const rows = await tx
        .update(certificates)
        .set({ withdrawnAt: sql`now()`, withdrawalReason: reason })
        .where(and(current(applicationId), isNull(certificates.withdrawnAt)))
        .returning({ id: certificates.id });
      return rows.length === 1;
    },

    /** The account an application was made from: username, identity and name, as the account says now. */
    async accountOf(citizenUserId: number) {
      const rows = await db
        .select({
          username: users.username,
          identity_type: citizenProfiles.identityType,
          identity_number: citizenProfiles.identityNumber,
          full_name: sql<string>`${citizenProfiles.firstName} || ' ' || ${citizenProfiles.secondName}`,
        })
        .from(users)
        .innerJoin(citizenProfiles, eq(citizenProfiles.userId, users.id))
        .where(eq(users.id, citizenUserId));
      return rows[0];
    },

    /** The citizen's latest paid application. */
    async latestPaidForCitizen(citizenUserId: number) {
      const rows = await db
        .select()
        .from(clearanceApplications)
        .where(and(eq(clearanceApplications.citizenUserId, citizenUserId), isNotNull(clearanceApplications.paidAt)))
        .orderBy(desc(clearanceApplications.createdAt), desc(clearanceApplications.id))
        .limit(1);
      return rows[0];
    },

    /** Every application of a citizen, paid or not, oldest first (their export of their data; the citizen's index). */
    async allForCitizen(citizenUserId: number) {
      const a = clearanceApplications;
      return db
        .select({
          id: a.id,
          referenceNumber: a.referenceNumber,
          status: a.status,
          rejectionReason: a.rejectionReason,
          details: a.details,
          createdAt: isoInstant(a.createdAt),
          paidAt: isoOrNull(a.paidAt),
        })
        .from(a)
        .where(eq(a.citizenUserId, citizenUserId))
        .orderBy(asc(a.createdAt), asc(a.id));
    },

    /** Every certificate an application was issued, replaced ones too, in the order of issue. */
    async certificatesOf(applicationId: number) {
      return db
        .select({
          verificationCode: certificates.verificationCode,
          generated: certificates.generated,
          issuedAt: isoInstant(certificates.issuedAt),
          withdrawnAt: isoOrNull(certificates.withdrawnAt),
          withdrawalReason: certificates.withdrawalReason,
        })
        .from(certificates)
        .where(eq(certificates.applicationId, applicationId))
        .orderBy(asc(certificates.issuedAt), asc(certificates.id));
    },

    /**
     * Paid applications as `listFilter` and the search find them, newest paid first, with their station and who has
     * them in hand. A search is a union of its branches, each the newest `limit` of its own index's matches (the
     * planner reads a selective branch from its index and sorts those few, a broad one by walking the newest-paid
     * index): a few pages at most are merged and cut to one.
     */
    async list(query: ListQuery, tx: DbOrTx = db) {
      const a = clearanceApplications;
      const filter = and(listFilter(query), newestPaid.after(query.cursor));
      let page = sql`${a.paidAt} is not null`;
      if (query.search) {
        const branches = searchBranches(query.search).map(
          ({ match }) =>
            sql`(${tx
              .select({ id: a.id, paid_at: a.paidAt })
              .from(a)
              .where(and(filter, match))
              .orderBy(...newestPaid.orderBy)
              .limit(query.limit)})`,
        );
        page = sql`${a.id} in (select id from (${sql.join(branches, sql` union `)}) as found order by paid_at desc, id desc limit ${query.limit})`;
      }
      return (
        tx
          .select({
            application: {
              id: a.id,
              reference_number: a.referenceNumber,
              application_status: a.status,
              full_name_nic: a.fullNameNic,
              nic_number: a.nicNumber,
              station: sql<string>`${a.station}`,
              // The officer who changed its status last (clearance_status_history_application_idx, newest first): who has
              // it in hand. The applicant's own entries (applied, paid) name no officer.
              handled_by: sql<string | null>`(
                select o.full_name from ${history} h join ${officers} o on o.user_id = h.changed_by_user_id
                where h.application_id = ${a.id}
                order by h.changed_at desc, h.id desc limit 1)`,
              created_at: isoInstant(a.createdAt),
              paid_at: isoInstant(a.paidAt),
              has_certificate: sql<boolean>`${certificates.id} is not null and ${certificates.withdrawnAt} is null`,
            },
            cursor: newestPaid.cursor,
          })
          .from(a)
          // Its certificate, if any: one row at most (clearance_certificates_current_uq).
          .leftJoin(certificates, and(eq(certificates.applicationId, a.id), isNull(certificates.replacedAt)))
          .where(and(filter, page))
          .orderBy(...newestPaid.orderBy)
          .limit(query.limit)
      );
    },

    /**
     * How many applications the list's search and filters find, over all its pages, counted up to `cap + 1`: each
     * search branch up to `cap + 1` of its matches (more than the cap in one branch is more in all), each read from
     * its index (in that index's order, or the list's without a search), never from a table scan that stops early.
     */
    async count(query: Omit<ListQuery, 'cursor' | 'limit'>, cap: number, tx: DbOrTx = db) {
      const a = clearanceApplications;
      const filter = listFilter(query);
      const matched = query.search
        ? sql`(${sql.join(
            searchBranches(query.search).map(({ match, indexOrder }) => {
              const matches = tx.select({ id: a.id }).from(a).where(and(filter, match));
              // A prefix branch in its own index's order, so read from it; the name's matches come from its GIN index.
              return sql`(${(indexOrder ? matches.orderBy(indexOrder) : matches).limit(cap + 1)})`;
            }),
            sql` union `,
          )})`
        : sql`(${tx
            .select({ id: a.id })
            .from(a)
            .where(filter)
            .orderBy(...newestPaid.orderBy)
            .limit(cap + 1)})`;
      const counted = (await tx.execute(sql`select count(*)::int as n from ${matched} as matched`)) as unknown as { rows: Array<{ n: number }> };
      return Number(counted.rows[0]?.n ?? 0);
    },

    async historyOf(applicationId: number) {
      return db
        .select({
          from_status: history.fromStatus,
          to_status: history.toStatus,
          note: history.note,
          changed_by: sql<string | null>`coalesce(${officers.fullName}, ${users.username})`,
          changed_at: isoInstant(history.changedAt),
        })
        .from(history)
        .leftJoin(users, eq(users.id, history.changedByUserId))
        .leftJoin(officers, eq(officers.userId, history.changedByUserId))
        .where(eq(history.applicationId, applicationId))
        .orderBy(asc(history.changedAt), asc(history.id));
    },

    /** Moves a paid application from `from` to `to`; false when another officer changed it first. */
    async updateStatus(id: number, from: ClearanceStatus, to: ClearanceOfficerStatus, rejectionReason: string | null, tx: DbOrTx) {
      const rows = await tx
        .update(clearanceApplications)
        .set({ status: to, rejectionReason, updatedAt: sql`now()` })
        .where(and(eq(clearanceApplications.id, id), eq(clearanceApplications.status, from)))
        .returning({ id: clearanceApplications.id });
      return rows.length === 1;
    },

    /** Whether the file is an application's document or certificate (what Admin Branch officers may read). */
    async isClearanceFile(fileId: number) {
      const [documents, issued] = await Promise.all([
        db.select({ id: clearanceDocuments.applicationId }).from(clearanceDocuments).where(eq(clearanceDocuments.fileId, fileId)).limit(1),
        db.select({ id: certificates.id }).from(certificates).where(eq(certificates.fileId, fileId)).limit(1),
      ]);
      return documents.length > 0 || issued.length > 0;
    },

    /** Whether the file is the certificate one of this citizen's applications holds now, and not withdrawn. */
    async isCertificateOf(fileId: number, citizenUserId: number) {
      const rows = await db
        .select({ id: certificates.id })
        .from(certificates)
        .innerJoin(clearanceApplications, eq(clearanceApplications.id, certificates.applicationId))
        .where(
          and(
            eq(certificates.fileId, fileId),
            eq(clearanceApplications.citizenUserId, citizenUserId),
            isNull(certificates.replacedAt),
            isNull(certificates.withdrawnAt),
          ),
        )
        .limit(1);
      return rows.length === 1;
    },

    async findDraft(userId: number) {
      const rows = await db
        .select({ step: clearanceDrafts.step, data: clearanceDrafts.data, updated_at: isoInstant(clearanceDrafts.updatedAt) })
        .from(clearanceDrafts)
        .where(eq(clearanceDrafts.userId, userId));
      return rows[0];
    },

    async saveDraft(userId: number, draft: { step: number; data: Record<string, unknown> }, tx: DbOrTx = db) {
      await tx
        .insert(clearanceDrafts)
        .values({ userId, ...draft })
        .onConflictDoUpdate({ target: clearanceDrafts.userId, set: { step: draft.step, data: draft.data, updatedAt: sql`now()` } });
    },

    async deleteDraft(userId: number, tx: DbOrTx = db) {
      await tx.delete(clearanceDrafts).where(eq(clearanceDrafts.userId, userId));
    },
  };
}
export type ClearanceRepository = ReturnType<typeof createClearanceRepository>;
