import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { TIME_ZONE, type AnonymousComplaintType } from '@pes/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { isoInstant } from '../../db/sql';
import { files } from '../files/files.table';
import { stations } from '../stations/stations.table';
import { officers, users } from '../users/users.table';
import { anonymousComplaints, anonymousOfficerLoad, anonymousStatusHistory } from './anonymous.table';
import { keyset } from '../../db/keyset';
import type { WorkScope } from '../workload/workload.service';

/** An officer's reports, newest first: the (officer, submitted_at, id) index read backwards. */
const newestSubmitted = keyset({ at: anonymousComplaints.submittedAt, id: anonymousComplaints.id, idType: 'int', direction: 'desc' });

export interface NewAnonymousComplaint {
  trackingCodeHash: string;
  incidentType: AnonymousComplaintType;
  whatHappened: string;
  occurredAt: Date;
  place: string;
  howOccurred: string | null;
  stationId: number;
  phoneNumber: string | null;
  evidenceFileId: number | null;
}

/** A Crime Branch officer who may take anonymous reports, with the load as locked. */
export interface Candidate {
  officerId: number;
  lastAssignedAt: Date | null;
}

/**
 * The report's id, always written with its table's name. Inside a subquery on the history, drizzle's own
 * `${anonymousComplaints.id}` is written as a bare "id" when the outer query reads one table without a
 * join, and a bare "id" there is the history row's own id: the subquery then matched other reports'
 * history rows (issue 20: a reporter saw statuses typed on other reports) and read the whole table.
 */
const thisComplaintId = sql`${anonymousComplaints}.${sql.identifier(anonymousComplaints.id.name)}`;

const viewFields = {
  id: anonymousComplaints.id,
  incident_type: anonymousComplaints.incidentType,
  what_happened: anonymousComplaints.whatHappened,
  when: isoInstant(anonymousComplaints.occurredAt),
  where: anonymousComplaints.place,
  how_occurred: anonymousComplaints.howOccurred,
  station: stations.name,
  status: anonymousComplaints.status,
  submitted_at: isoInstant(anonymousComplaints.submittedAt),
  submitted_by: anonymousComplaints.submittedBy,
  phone_number: anonymousComplaints.phoneNumber,
  evidence_path: files.path,
  evidence_mime_type: files.mimeType,
  history: sql<Array<{ from_status: string | null; to_status: string; changed_at: string }>>`(
    select coalesce(json_agg(json_build_object(
        'from_status', h.from_status,
        'to_status', h.to_status,
        'changed_at', ${isoInstant(sql`h.changed_at`)}
      ) order by h.changed_at, h.id), '[]'::json)
    from ${anonymousStatusHistory} h
    where h.complaint_id = ${thisComplaintId})`,
};

export function createAnonymousRepository(db: Database) {
  const viewQuery = () =>
    db
      .select(viewFields)
      .from(anonymousComplaints)
      .innerJoin(stations, eq(stations.id, anonymousComplaints.stationId))
      .leftJoin(files, eq(files.id, anonymousComplaints.evidenceFileId));
  const byId = viewQuery()
    .where(eq(anonymousComplaints.id, sql.placeholder('id')))
    .prepare('anonymous_by_id');

  const crimeOfficer = (stationId: number | null) =>
    and(
      eq(officers.branch, 'Crime Branch'),
      eq(users.role, 'police_officer'),
      eq(users.active, true),
      stationId === null ? undefined : eq(users.stationId, stationId),
    );

  return {
    /** Reports by place and Colombo date (they have no reference: a tracking code only their reporter holds), for the audit log's reader. */
    describeForAudit(ids: number[]) {
      return db
        .select({
          id: anonymousComplaints.id,
          place: anonymousComplaints.place,
          date: sql<string>`to_char(${anonymousComplaints.submittedAt} at time zone ${TIME_ZONE}, 'YYYY-MM-DD')`,
        })
        .from(anonymousComplaints)
        .where(inArray(anonymousComplaints.id, ids));
    },
    /** Per Crime Branch officer with reports: their anonymous reports by workload class (spec §4, as for complaints). */
    workloadByOfficer(scope: WorkScope, tx: DbOrTx = db) {
      const inClass = (name: string) => sql<number>`(count(*) filter (where workload_class(${anonymousComplaints.status}) = ${name}))::int`;
      const assigned = anonymousComplaints.assignedOfficerId;
      return tx
        .select({
          officer_row_id: sql<number>`${anonymousComplaints.assignedOfficerId}`,
          pending: inClass('pending'),
          in_progress: inClass('in_progress'),
          completed: inClass('completed'),
          other: inClass('other'),
        })
        .from(anonymousComplaints)
        .where(scope.officerRowIds ? inArray(assigned, scope.officerRowIds) : isNotNull(assigned))
        .groupBy(assigned);
    },

    async insert(report: NewAnonymousComplaint, tx: DbOrTx) {
      const [row] = await tx.insert(anonymousComplaints).values(report).returning({ id: anonymousComplaints.id });
      return row!.id;
    },

    /**
     * The active Crime Branch officers (of the station, or of any station when `stationId` is null) with
     * their load rows locked FOR UPDATE, in officer order so that concurrent pickers never deadlock. A
     * waiting transaction sees the counts as the one before it left them, so picks are never stale.
     */
    async lockCandidates(stationId: number | null, tx: DbOrTx): Promise<Candidate[]> {
      await tx
        .insert(anonymousOfficerLoad)
        .select(
          tx
            .select({
              officerId: officers.id,
              lastAssignedAt: sql<Date | null>`null::timestamptz`.as('last_assigned_at'),
            })
            .from(officers)
            .innerJoin(users, eq(users.id, officers.userId))
            .where(crimeOfficer(stationId)),
        )
        .onConflictDoNothing();
      return tx
        .select({ officerId: anonymousOfficerLoad.officerId, lastAssignedAt: anonymousOfficerLoad.lastAssignedAt })
        .from(anonymousOfficerLoad)
        .innerJoin(officers, eq(officers.id, anonymousOfficerLoad.officerId))
        .innerJoin(users, eq(users.id, officers.userId))
        .where(crimeOfficer(stationId))
        .orderBy(anonymousOfficerLoad.officerId)
        .for('update', { of: anonymousOfficerLoad });
    },

    /** Assigns the report and notes when the officer was last given one (the caller has locked their load row). */
    async assign(complaintId: number, officerId: number, tx: DbOrTx) {
      await tx
        .update(anonymousComplaints)
        .set({ assignedOfficerId: officerId, assignedAt: sql`clock_timestamp()`, updatedAt: sql`now()` })
        .where(eq(anonymousComplaints.id, complaintId));
      await tx
        .update(anonymousOfficerLoad)
        .set({ lastAssignedAt: sql`clock_timestamp()` })
        .where(eq(anonymousOfficerLoad.officerId, officerId));
    },

    /** Reports waiting for an officer, oldest first, locked (others' locked ones skipped). */
    lockUnassigned(limit: number, tx: DbOrTx) {
      return tx
        .select({ id: anonymousComplaints.id, stationId: anonymousComplaints.stationId })
        .from(anonymousComplaints)
        .where(isNull(anonymousComplaints.assignedOfficerId))
        .orderBy(anonymousComplaints.submittedAt, anonymousComplaints.id)
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /** An officer's reports, locked, with their status (to hand the open ones to others). */
    lockAssignedTo(officerId: number, tx: DbOrTx) {
      return tx
        .select({ id: anonymousComplaints.id, stationId: anonymousComplaints.stationId, status: anonymousComplaints.status })
        .from(anonymousComplaints)
        .where(eq(anonymousComplaints.assignedOfficerId, officerId))
        .orderBy(anonymousComplaints.id)
        .for('update');
    },

    async unassign(id: number, tx: DbOrTx) {
      await tx.update(anonymousComplaints).set({ assignedOfficerId: null, assignedAt: null }).where(eq(anonymousComplaints.id, id));
    },

    async removeLoad(officerId: number, tx: DbOrTx) {
      await tx.delete(anonymousOfficerLoad).where(eq(anonymousOfficerLoad.officerId, officerId));
    },

    /**
     * A page of the officer's reports, newest first, older than `before` (submitted_at to the microsecond,
     * then id) and of one status when asked: the (officer, submitted_at, id) index read backwards.
     */
    async forOfficer(officerId: number, page: { before?: string; status?: string }, limit: number, tx: DbOrTx = db) {
      const c = anonymousComplaints;
      const rows = await tx
        .select({ ...viewFields, cursor: newestSubmitted.cursor })
        .from(c)
        .innerJoin(stations, eq(stations.id, c.stationId))
        .leftJoin(files, eq(files.id, c.evidenceFileId))
        .where(and(eq(c.assignedOfficerId, officerId), page.status ? eq(c.status, page.status) : undefined, newestSubmitted.after(page.before)))
        .orderBy(...newestSubmitted.orderBy)
        .limit(limit);
      return rows.map(({ cursor, ...view }) => ({ view, cursor }));
    },
    async viewById(id: number) {
      return (await byId.execute({ id }))[0];
    },

    async lockForOfficer(id: number, officerId: number, tx: DbOrTx) {
      const [row] = await tx
        .select({ id: anonymousComplaints.id, status: anonymousComplaints.status })
        .from(anonymousComplaints)
        .where(and(eq(anonymousComplaints.id, id), eq(anonymousComplaints.assignedOfficerId, officerId)))
        .for('update');
      return row;
    },

    async changeStatus(change: { complaintId: number; fromStatus: string; toStatus: string; changedByUserId: number }, tx: DbOrTx) {
      await tx
        .update(anonymousComplaints)
        .set({ status: change.toStatus, updatedAt: sql`now()` })
        .where(eq(anonymousComplaints.id, change.complaintId));
      await tx.insert(anonymousStatusHistory).values(change);
    },

    /**
     * What the tracking code may show: status, and dates only (Colombo), never who or anything else. The
     * report by its code's unique index, its own history by (complaint_id, changed_at, id).
     */
    trackQuery(hash: string) {
      const colomboDate = (v: unknown) => sql<string>`to_char(${v} at time zone 'Asia/Colombo', 'YYYY-MM-DD')`;
      return db
        .select({
          status: anonymousComplaints.status,
          submitted_on: colomboDate(anonymousComplaints.submittedAt),
          history: sql<Array<{ status: string; date: string }>>`(
            select coalesce(json_agg(json_build_object('status', h.to_status, 'date', ${colomboDate(sql`h.changed_at`)}) order by h.changed_at, h.id), '[]'::json)
            from ${anonymousStatusHistory} h where h.complaint_id = ${thisComplaintId})`,
        })
        .from(anonymousComplaints)
        .where(eq(anonymousComplaints.trackingCodeHash, hash))
        .limit(1);
    },

    async trackByHash(hash: string) {
      const [row] = await this.trackQuery(hash);
      return row;
    },

    async evidenceVisibleTo(fileId: number, officerId: number) {
      const rows = await db
        .select({ id: anonymousComplaints.id })
        .from(anonymousComplaints)
        .where(and(eq(anonymousComplaints.evidenceFileId, fileId), eq(anonymousComplaints.assignedOfficerId, officerId)))
        .limit(1);
      return rows.length > 0;
    },
  };
}
export type AnonymousRepository = ReturnType<typeof createAnonymousRepository>;
export type AnonymousViewRow = NonNullable<Awaited<ReturnType<AnonymousRepository['viewById']>>>;
