import { and, asc, desc, eq, inArray, isNotNull, like, or, sql } from 'drizzle-orm';
import { CLEARANCE_OPEN_STATUSES, type ClearanceOfficerStatus, type ClearanceStatus } from '@pes/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { isoInstant, likeEscape } from '../../db/sql';
import { files } from '../files/files.table';
import { officers, users } from '../users/users.table';
import { clearanceApplications, clearanceDocuments, clearanceDrafts, clearanceStatusHistory, type ClearanceDetails } from './clearance.table';

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

export interface ListQuery {
  search?: string;
  status?: ClearanceOfficerStatus;
  limit: number;
  offset: number;
}

const history = clearanceStatusHistory;

export function createClearanceRepository(db: Database) {
  return {
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

    async findByReference(referenceNumber: string) {
      const rows = await db
        .select({
          referenceNumber: clearanceApplications.referenceNumber,
          certificateName: clearanceApplications.certificateName,
          periodFrom: clearanceApplications.periodFrom,
          certificateIssuedAt: isoInstant(clearanceApplications.certificateIssuedAt),
        })
        .from(clearanceApplications)
        .where(and(eq(clearanceApplications.referenceNumber, referenceNumber), isNotNull(clearanceApplications.certificateFileId)));
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

    /** Paid applications, newest paid first; `search` is a prefix of the reference number or the NIC. */
    async list(query: ListQuery) {
      const a = clearanceApplications;
      const prefix = query.search ? `${likeEscape(query.search)}%` : undefined;
      return db
        .select({
          id: a.id,
          reference_number: a.referenceNumber,
          application_status: a.status,
          full_name_nic: a.fullNameNic,
          nic_number: a.nicNumber,
          created_at: isoInstant(a.createdAt),
          paid_at: isoInstant(a.paidAt),
          has_certificate: sql<boolean>`${a.certificateFileId} is not null`,
        })
        .from(a)
        .where(
          and(
            isNotNull(a.paidAt),
            query.status ? eq(a.status, query.status) : undefined,
            prefix ? or(like(a.referenceNumber, prefix), like(a.nicNumber, prefix)) : undefined,
          ),
        )
        .orderBy(desc(a.paidAt), desc(a.id))
        .limit(query.limit)
        .offset(query.offset);
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

    async setCertificate(id: number, certificate: { fileId: number; name: string; periodFrom: string | null; periodTo: string | null }, tx: DbOrTx) {
      const rows = await tx
        .update(clearanceApplications)
        .set({
          certificateFileId: certificate.fileId,
          certificateName: certificate.name,
          periodFrom: certificate.periodFrom,
          periodTo: certificate.periodTo,
          certificateIssuedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(clearanceApplications.id, id), eq(clearanceApplications.status, 'completed')))
        .returning({ id: clearanceApplications.id });
      return rows.length === 1;
    },

    async filePath(fileId: number) {
      const rows = await db.select({ path: files.path }).from(files).where(eq(files.id, fileId));
      return rows[0]?.path;
    },

    /** Whether the file is an application's document or certificate (what Admin Branch officers may read). */
    async isClearanceFile(fileId: number) {
      const [documents, certificates] = await Promise.all([
        db.select({ id: clearanceDocuments.applicationId }).from(clearanceDocuments).where(eq(clearanceDocuments.fileId, fileId)).limit(1),
        db.select({ id: clearanceApplications.id }).from(clearanceApplications).where(eq(clearanceApplications.certificateFileId, fileId)).limit(1),
      ]);
      return documents.length > 0 || certificates.length > 0;
    },

    /** Whether the file is the certificate of one of this citizen's applications. */
    async isCertificateOf(fileId: number, citizenUserId: number) {
      const rows = await db
        .select({ id: clearanceApplications.id })
        .from(clearanceApplications)
        .where(and(eq(clearanceApplications.certificateFileId, fileId), eq(clearanceApplications.citizenUserId, citizenUserId)))
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
