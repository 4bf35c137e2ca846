import { and, asc, desc, eq, gt, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  LIST_COUNT_CAP,
  MAX_UPCOMING_AFTER_MISSED,
  MAX_UPCOMING_BOOKINGS,
  MISSED_APPOINTMENTS_FOR_LIMIT,
  MISSED_LIMIT_DAYS,
  MISSED_WINDOW_DAYS,
  type AppointmentAttendance,
  type ComplaintBranch,
  type ComplaintHistoryEntry,
  type ComplaintType,
} from '@pes/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from '../../db/client';
import { preparedOn, prepareSql } from '../../db/prepared-sql';
import { isoInstant } from '../../db/sql';
import { keyset } from '../../db/keyset';
import { files, insertFormFileSql, type FormFileValues } from '../files/files.table';
import { recordEventSql } from '../jobs/domain-events';
import { slotOfficers, slots } from '../slots/slots.table';
import { stations } from '../stations/stations.table';
import { officers } from '../users/users.table';
import { complaints, complaintSlotWorkload, complaintStatusHistory } from './complaints.table';
import type { WorkScope } from '../workload/workload.service';

/** An officer's complaints by workload class (spec §4), over the slots they serve. */
export interface OfficerComplaintCounts {
  officer_row_id: number;
  pending: number;
  in_progress: number;
  completed: number;
  other: number;
}

/**
 * A complaint as every list shows it, flat, in one row: station name, attachment and the status
 * history (oldest first, with the officer's name) come from the same query.
 */
const viewFields = {
  id: complaints.id,
  reference_number: complaints.referenceNumber,
  complaint_type: complaints.complaintType,
  status: complaints.status,
  full_name: complaints.fullName,
  age: complaints.age,
  gender: complaints.gender,
  home_address: complaints.homeAddress,
  id_number: complaints.idNumber,
  phone_number: complaints.phoneNumber,
  religion: complaints.religion,
  nationality: complaints.nationality,
  occupation: complaints.occupation,
  work_address: complaints.workAddress,
  marital_status: complaints.maritalStatus,
  grama_division: complaints.gramaDivision,
  incident_type: complaints.incidentType,
  crime_category: complaints.crimeCategory,
  traffic_category: complaints.trafficCategory,
  what_happened: complaints.whatHappened,
  when: isoInstant(complaints.occurredAt),
  where: complaints.place,
  how_occurred: complaints.howOccurred,
  damage_value: sql<string | null>`${complaints.damageValue}::text`,
  evidence: complaints.evidence,
  station: stations.name,
  branch: complaints.branch,
  slot_id: complaints.slotId,
  appointment_date: sql<string | null>`${complaints.appointmentDate}::text`,
  appointment_time_from: sql<string | null>`${complaints.appointmentTimeFrom}::text`,
  appointment_time_to: sql<string | null>`${complaints.appointmentTimeTo}::text`,
  attendance: complaints.attendance,
  attachment_path: files.path,
  attachment_mime_type: files.mimeType,
  attachment_name: files.originalName,
  submitted_at: isoInstant(complaints.submittedAt),
  history: sql<ComplaintHistoryEntry[]>`(
    select coalesce(json_agg(json_build_object(
        'from_status', h.from_status,
        'to_status', h.to_status,
        'changed_at', ${isoInstant(sql`h.changed_at`)},
        'changed_by', coalesce(o.full_name, u.username)
      ) order by h.changed_at, h.id), '[]'::json)
    from ${complaintStatusHistory} h
    join users u on u.id = h.changed_by_user_id
    left join officers o on o.user_id = u.id
    where h.complaint_id = ${complaints.id})`,
};

/**
 * The citizen's and the officer's lists, newest submitted first: the (citizen, submitted_at, id) and
 * (branch, station, submitted_at, id) indexes read backwards, a page past the cursor's complaint.
 */
const newestSubmitted = keyset({ at: complaints.submittedAt, id: complaints.id, idType: 'int', direction: 'desc' });

/** Where a page of a list starts (the cursor of the page before, none for the first) and how many rows to read. */
export interface PageWindow {
  cursor?: string;
  limit: number;
}

/** The fields of a new complaint (validated), as stored. */
export interface NewComplaint {
  type: ComplaintType;
  branch: ComplaintBranch;
  citizenUserId: number;
  fullName: string;
  age: number;
  gender: string;
  homeAddress: string;
  idNumber: string;
  phoneNumber: string;
  religion: string | null;
  nationality: string | null;
  occupation: string | null;
  workAddress: string | null;
  maritalStatus: string | null;
  gramaDivision: string | null;
  incidentType: string | null;
  crimeCategory: string | null;
  trafficCategory: string | null;
  whatHappened: string;
  occurredAt: Date;
  place: string;
  howOccurred: string | null;
  damageValue: string | null;
  evidence: string | null;
}

export type Booking = {
  slotId: number;
  stationName: string;
  /** Today in Colombo: slots dated before it cannot be booked. */
  today: string;
  /** Now in Colombo ("HH:MM:SS"): today's slots that begin at or before it cannot be booked. */
  nowTime: string;
};

/** The values the booking statement binds: the complaint's, where to book it and its attachment's file row. */
type BookingValues = Omit<NewComplaint, 'occurredAt'> &
  Booking & {
    occurredAt: string;
    year: string;
    attachmentFileId: number | null;
  };

/** What the database decided when booking, beyond the submitted fields. */
export interface BookedComplaint {
  id: number;
  reference_number: string;
  status: string;
  damage_value: string | null;
  when: string;
  submitted_at: string;
  station_id: number;
  appointment_date: string;
  appointment_time_from: string;
  appointment_time_to: string;
}

export function createComplaintsRepository(db: Database) {
  const viewQuery = (on: DbOrTx = db) =>
    on
      .select(viewFields)
      .from(complaints)
      .innerJoin(stations, eq(stations.id, complaints.stationId))
      .leftJoin(files, eq(files.id, complaints.attachmentFileId));

  /**
   * A page of the complaints `scope` selects, newest first, each with its cursor, and how many there are: counted
   * up to the cap (one more tells that there are more), from the same index as the page, so a count costs little.
   */
  /**
   * `pick: 'ids first'` chooses the page's complaints by their ids alone (a narrow top-N past the cursor), then reads the
   * views of those: for a scope whose rows no index orders (an officer's slots), so the sort meets ids, not whole rows
   * joined to their station and file (801 such rows for one officer at scale 0.1: 10–19 ms a page, half of it joins).
   */
  async function pageOf(scope: SQL, window: PageWindow, tx: DbOrTx, pick: 'in order' | 'ids first' = 'in order') {
    const pageScope =
      pick === 'ids first'
        ? inArray(
            complaints.id,
            tx
              .select({ id: complaints.id })
              .from(complaints)
              .where(and(scope, newestSubmitted.after(window.cursor)))
              .orderBy(...newestSubmitted.orderBy)
              .limit(window.limit),
          )
        : and(scope, newestSubmitted.after(window.cursor));
    const rows = tx
      .select({ ...viewFields, cursor: newestSubmitted.cursor })
      .from(complaints)
      .innerJoin(stations, eq(stations.id, complaints.stationId))
      .leftJoin(files, eq(files.id, complaints.attachmentFileId))
      .where(pageScope)
      .orderBy(...newestSubmitted.orderBy)
      .limit(window.limit);
    const matched = tx
      .select({ one: sql`1` })
      .from(complaints)
      .where(scope)
      .limit(LIST_COUNT_CAP + 1)
      .as('matched');
    const counted = tx.select({ n: sql<number>`count(*)::int` }).from(matched);
    const [page, count] = await Promise.all([rows, counted]);
    return { rows: page, matched: count[0]?.n ?? 0 };
  }

  // Prepared once per database: the lists are the hot reads (officers' by-date list above all); the staff pages'
  // reads run them on their own pool (`on`: DatabaseHandle.staffReads).
  const byCitizen = preparedOn(db, (on) =>
    viewQuery(on)
      .where(eq(complaints.citizenUserId, sql.placeholder('citizenUserId')))
      .orderBy(desc(complaints.submittedAt), desc(complaints.id))
      .prepare('complaints_by_citizen'),
  );
  const byBranchOnDate = preparedOn(db, (on) =>
    viewQuery(on)
      .where(
        and(
          eq(complaints.branch, sql.placeholder('branch')),
          eq(complaints.stationId, sql.placeholder('stationId')),
          eq(complaints.appointmentDate, sql.placeholder('date')),
        ),
      )
      .orderBy(asc(complaints.appointmentTimeFrom), asc(complaints.id))
      .prepare('complaints_by_branch_on_date'),
  );
  const byId = preparedOn(db, (on) =>
    viewQuery(on)
      .where(eq(complaints.id, sql.placeholder('id')))
      .prepare('complaints_by_id'),
  );

  const v = (name: keyof BookingValues) => sql.placeholder(name);
  // The booking cap, checked by the booking statement: the citizen's appointments that have not begun (at
  // most MAX_UPCOMING_BOOKINGS), and none of them in the slot being booked. The function (migration 0012)
  // locks the citizen's row and then counts in a statement of its own, so that it sees a competing booking
  // of the same citizen that committed while it waited for the lock: the cap holds under any concurrency,
  // in one statement, without a transaction of its own.
  // While the missed-appointments limit lasts (migration 0029), the cap is MAX_UPCOMING_AFTER_MISSED instead.
  const withinCap = sql`complaints_booking_within_cap(${v('citizenUserId')}::int, ${v('slotId')}::int, ${v('today')}::date, ${v('nowTime')}::time, ${sql.raw(
    [MAX_UPCOMING_BOOKINGS, MAX_UPCOMING_AFTER_MISSED, MISSED_APPOINTMENTS_FOR_LIMIT, MISSED_WINDOW_DAYS, MISSED_LIMIT_DAYS].map(String).join(', '),
  )})`;

  // The booking (see `book`): prepared by name, since parsing and planning this statement was about a fifth
  // of PostgreSQL's work per booking when it was sent unnamed. With a file sent with the form, its row is
  // written by the same statement (files.table `insertFormFileSql`), only when the slot was booked. The
  // complaint's `complaint.filed` event is recorded by it too: as a second statement in a transaction it held
  // the slot's row lock a round trip longer, and bookings of one slot queue on that lock (half the bookings
  // per second on PostgreSQL, bench/README.md "Notifications").
  const bookingSql = (attachment: SQL | null) => sql`
      with booked as (
        update ${slots} s set available_slots = s.available_slots - 1
        from ${stations} st
        where s.id = ${v('slotId')}::int and st.name = ${v('stationName')}::text and s.station_id = st.id
          and s.branch = ${v('branch')}::branch and s.deleted_at is null and s.available_slots > 0
          and s.date >= ${v('today')}::date and (s.date > ${v('today')}::date or s.time_from > ${v('nowTime')}::time)
          and ${withinCap}
        returning s.id, s.station_id, s.date, s.time_from, s.time_to
      ), attached as (
        ${attachment ?? sql`select ${v('attachmentFileId')}::int as id`}
      ), inserted as (
        insert into ${complaints} (reference_number, complaint_type, citizen_user_id, station_id, branch, slot_id,
          appointment_date, appointment_time_from, appointment_time_to, full_name, age, gender, home_address, id_number,
          phone_number, religion, nationality, occupation, work_address, marital_status, grama_division, incident_type,
          crime_category, traffic_category, what_happened, occurred_at, place, how_occurred, damage_value, evidence,
          attachment_file_id)
        select
          (select 'CMP-' || ${v('year')}::text || '-' || lpad(n::text, greatest(6, length(n::text)), '0') from nextval('complaint_reference_seq') as n),
          ${v('type')}::complaint_type, ${v('citizenUserId')}::int, b.station_id, ${v('branch')}::branch, b.id,
          b.date, b.time_from, b.time_to, ${v('fullName')}::text, ${v('age')}::int, ${v('gender')}::text, ${v('homeAddress')}::text,
          ${v('idNumber')}::text, ${v('phoneNumber')}::text, ${v('religion')}::text, ${v('nationality')}::text, ${v('occupation')}::text,
          ${v('workAddress')}::text, ${v('maritalStatus')}::text, ${v('gramaDivision')}::text, ${v('incidentType')}::text,
          ${v('crimeCategory')}::text, ${v('trafficCategory')}::text, ${v('whatHappened')}::text, ${v('occurredAt')}::timestamptz,
          ${v('place')}::text, ${v('howOccurred')}::text, ${v('damageValue')}::numeric, ${v('evidence')}::text,
          (select id from attached)
        from booked b
        returning *
      ), recorded as (
        ${recordEventSql(
          'complaint.filed',
          {
            complaintId: sql`i.id`,
            citizenUserId: sql`i.citizen_user_id`,
            reference: sql`i.reference_number`,
            appointment: sql`jsonb_build_object('date', i.appointment_date::text, 'time_from', i.appointment_time_from::text,
              'time_to', i.appointment_time_to::text, 'station', ${v('stationName')}::text)`,
          },
          sql`inserted i`,
        )}
      )
      select i.id, i.reference_number, i.status, i.damage_value::text as damage_value, i.station_id,
        ${isoInstant(sql`i.occurred_at`)} as "when", ${isoInstant(sql`i.submitted_at`)} as submitted_at,
        i.appointment_date::text as appointment_date, i.appointment_time_from::text as appointment_time_from,
        i.appointment_time_to::text as appointment_time_to
      from inserted i`;
  const bookStatement = prepareSql<BookedComplaint, BookingValues>(db, 'complaints_book', bookingSql(null));
  const bookWithFileStatement = prepareSql<BookedComplaint, Omit<BookingValues, 'attachmentFileId'> & FormFileValues>(
    db,
    'complaints_book_with_file',
    bookingSql(insertFormFileSql(sql`exists (select 1 from booked)`)),
  );

  return {
    /** References and complainants' names, for the audit log's reader. */
    describeForAudit(ids: number[]) {
      return db
        .select({ id: complaints.id, reference: complaints.referenceNumber, person: complaints.fullName })
        .from(complaints)
        .where(inArray(complaints.id, ids));
    },
    /**
     * Per officer (of a branch) who serves a slot with complaints: complaints by workload class, summed over
     * those slots (kept per slot by a trigger). The per-slot counts are summed per officer in one hash join and
     * aggregate over the assignments; joining the officers first made the planner walk every assignment by index.
     */
    workloadByOfficer(scope: WorkScope, tx: DbOrTx = db): Promise<OfficerComplaintCounts[]> {
      const { branch, officerRowIds } = scope;
      const sum = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)::int`;
      return tx
        .select({
          officer_row_id: slotOfficers.officerRowId,
          pending: sum(complaintSlotWorkload.pending),
          in_progress: sum(complaintSlotWorkload.inProgress),
          completed: sum(complaintSlotWorkload.completed),
          other: sum(complaintSlotWorkload.other),
        })
        .from(slotOfficers)
        .innerJoin(complaintSlotWorkload, eq(complaintSlotWorkload.slotId, slotOfficers.slotId))
        .innerJoin(officers, and(eq(officers.id, slotOfficers.officerRowId), branch ? eq(officers.branch, branch) : undefined))
        .where(officerRowIds ? inArray(slotOfficers.officerRowId, officerRowIds) : undefined)
        .groupBy(slotOfficers.officerRowId);
    },

    /**
     * Books one unit of the slot and stores the complaint in ONE statement: the conditional UPDATE takes a
     * unit only from a live slot of that station and branch, dated today or later, that is not full;
     * concurrent bookings queue on the slot's row lock and re-check that condition, so a slot never takes
     * more than its capacity. The same UPDATE applies the booking cap (`withinCap`). When the UPDATE matches
     * nothing, nothing is inserted and undefined is returned. (One statement where four were: round trips
     * bound booking throughput.) The statement also records the `complaint.filed` event. An uploaded attachment
     * is the files module's row, claimed in the same transaction `tx` before this runs.
     */
    async book(booking: Booking, c: NewComplaint, year: string, attachmentFileId: number | null, tx: DbOrTx): Promise<BookedComplaint | undefined> {
      const rows = await bookStatement({ ...c, ...booking, occurredAt: c.occurredAt.toISOString(), year, attachmentFileId }, tx);
      return rows[0];
    },

    /** As `book`, with a file sent with the form: its row is written by the same statement, and only if the slot was booked. */
    async bookWithFile(booking: Booking, c: NewComplaint, year: string, file: FormFileValues, tx: DbOrTx): Promise<BookedComplaint | undefined> {
      const rows = await bookWithFileStatement({ ...c, ...booking, occurredAt: c.occurredAt.toISOString(), year, ...file }, tx);
      return rows[0];
    },

    /** Why a slot could not be booked: not bookable for this complaint at all (400), full (409), or neither (open). */
    async slotState(booking: Pick<Booking, 'slotId' | 'stationName' | 'today' | 'nowTime'>, branch: ComplaintBranch) {
      const rows = await db
        .select({
          available: slots.availableSlots,
          deletedAt: slots.deletedAt,
          date: slots.date,
          timeFrom: slots.timeFrom,
          branch: slots.branch,
          station: stations.name,
        })
        .from(slots)
        .innerJoin(stations, eq(stations.id, slots.stationId))
        .where(eq(slots.id, booking.slotId))
        .limit(1);
      const s = rows[0];
      if (!s || s.deletedAt || s.station !== booking.stationName || s.branch !== branch || s.date < booking.today) return 'unbookable' as const;
      if (s.date === booking.today && s.timeFrom <= booking.nowTime) return 'unbookable' as const;
      return s.available <= 0 ? ('full' as const) : ('open' as const);
    },

    /**
     * The date from which the citizen may hold MAX_UPCOMING_BOOKINGS upcoming appointments again after missing
     * appointments, or null when the usual limit applies `today` (the same SQL function the booking statement asks).
     */
    async missedLimitUntil(citizenUserId: number, today: string, tx: DbOrTx = db): Promise<string | null> {
      const result = (await tx.execute(
        sql`select complaints_missed_limit_until(${citizenUserId}::int, ${today}::date, ${MISSED_APPOINTMENTS_FOR_LIMIT}::int, ${MISSED_WINDOW_DAYS}::int, ${MISSED_LIMIT_DAYS}::int)::text as until`,
      )) as unknown as { rows: { until: string | null }[] };
      return result.rows[0]?.until ?? null;
    },

    /** What the citizen holds against the booking cap: an appointment in this slot (undefined: none to ask about), and how many upcoming (counted up to the cap). */
    async citizenHoldings(citizenUserId: number, booking: Pick<Booking, 'today' | 'nowTime'> & { slotId?: number }) {
      const rows = await db
        .select({ slotId: complaints.slotId })
        .from(complaints)
        .where(
          and(
            eq(complaints.citizenUserId, citizenUserId),
            gte(complaints.appointmentDate, booking.today),
            or(gt(complaints.appointmentDate, booking.today), gt(complaints.appointmentTimeFrom, booking.nowTime)),
          ),
        )
        // This slot's booking first, so that it is among the rows read even for a citizen over the cap.
        .orderBy(sql`${complaints.slotId} = ${booking.slotId ?? 0} desc`)
        .limit(MAX_UPCOMING_BOOKINGS);
      return { inSlot: rows.some((r) => r.slotId === booking.slotId), upcoming: rows.length };
    },

    /** Every complaint of the citizen, newest first: their data's export and the administrator's view of an account. */
    allOfCitizen: (citizenUserId: number, on?: DbOrTx) => byCitizen(on).execute({ citizenUserId }),
    /** A page of the citizen's own complaints, newest first, and how many they have (up to the cap). */
    pageOfCitizen: (citizenUserId: number, window: PageWindow, tx: DbOrTx = db) => pageOf(eq(complaints.citizenUserId, citizenUserId), window, tx),
    /** A page of the complaints of a branch at a station (an officer's list), newest first, and how many there are (up to the cap). */
    pageOfBranch: (branch: ComplaintBranch, stationId: number, window: PageWindow, tx: DbOrTx = db) =>
      pageOf(and(eq(complaints.branch, branch), eq(complaints.stationId, stationId))!, window, tx),
    forBranchOnDate: (branch: ComplaintBranch, stationId: number, date: string, on?: DbOrTx) => byBranchOnDate(on).execute({ branch, stationId, date }),
    /**
     * A page of the complaints in the slots the officer serves, newest first, and how many there are (up to the cap).
     * No index orders complaints by who serves their slot (a slot may have several officers), so the page is the top
     * of the officer's own complaints past the cursor: from the officer's slots (slot_officers_officer_idx) to each
     * slot's complaints (complaints_slot_idx), sorted top-N; the views (status history above all) are built for the
     * page's rows only. The slots are given as an array (`= any(array(...))`), not an IN subquery: the planner then
     * looks each slot up in its index, where for an IN it hashed a scan of every complaint (17 ms at 300,000).
     */
    pageAssignedTo: (officerRowId: number, window: PageWindow, tx: DbOrTx = db) =>
      pageOf(
        sql`${complaints.slotId} = any(array(${tx.select({ slotId: slotOfficers.slotId }).from(slotOfficers).where(eq(slotOfficers.officerRowId, officerRowId))}))`,
        window,
        tx,
        'ids first',
      ),
    async viewById(id: number, on?: DbOrTx) {
      return (await byId(on).execute({ id }))[0];
    },

    /** Whose complaint it is (the citizen's account), by its id. */
    async citizenOf(id: number, on: DbOrTx = db) {
      const rows = await on.select({ citizenUserId: complaints.citizenUserId }).from(complaints).where(eq(complaints.id, id));
      return rows[0]?.citizenUserId;
    },

    /** The complaint of that branch and station, locked for a status change. */
    async lockForBranch(id: number, branch: ComplaintBranch, stationId: number, tx: DbOrTx) {
      const rows = await tx
        .select({ id: complaints.id, status: complaints.status, citizenUserId: complaints.citizenUserId, referenceNumber: complaints.referenceNumber })
        .from(complaints)
        .where(and(eq(complaints.id, id), eq(complaints.branch, branch), eq(complaints.stationId, stationId)))
        .for('update');
      return rows[0];
    },

    /** The complaint of that branch and station with its appointment and attendance, locked for marking attendance. */
    async lockAttendanceForBranch(id: number, branch: ComplaintBranch, stationId: number, tx: DbOrTx) {
      const rows = await tx
        .select({ id: complaints.id, attendance: complaints.attendance, appointmentDate: sql<string | null>`${complaints.appointmentDate}::text` })
        .from(complaints)
        .where(and(eq(complaints.id, id), eq(complaints.branch, branch), eq(complaints.stationId, stationId)))
        .for('update');
      return rows[0];
    },

    /** Marks whether the citizen came (the slot's counts follow by trigger). */
    async markAttendance(change: { complaintId: number; attendance: AppointmentAttendance; markedByUserId: number }, tx: DbOrTx) {
      await tx
        .update(complaints)
        .set({ attendance: change.attendance, attendanceMarkedAt: sql`now()`, attendanceMarkedByUserId: change.markedByUserId, updatedAt: sql`now()` })
        .where(eq(complaints.id, change.complaintId));
    },

    async changeStatus(change: { complaintId: number; fromStatus: string; toStatus: string; changedByUserId: number }, tx: DbOrTx = db) {
      await tx
        .update(complaints)
        .set({ status: change.toStatus, updatedAt: sql`now()` })
        .where(eq(complaints.id, change.complaintId));
      await tx.insert(complaintStatusHistory).values(change);
    },

    /** Whether an officer of this branch and station may see the complaint that holds this attachment. */
    async attachmentVisibleTo(fileId: number, branch: ComplaintBranch, stationId: number) {
      const rows = await db
        .select({ id: complaints.id })
        .from(complaints)
        .where(and(eq(complaints.attachmentFileId, fileId), eq(complaints.branch, branch), eq(complaints.stationId, stationId)))
        .limit(1);
      return rows.length > 0;
    },
  };
}
export type ComplaintsRepository = ReturnType<typeof createComplaintsRepository>;
export type ComplaintViewRow = NonNullable<Awaited<ReturnType<ComplaintsRepository['viewById']>>>;
