import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgEnum, pgSequence, pgTable, serial, text, time, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { APPOINTMENT_ATTENDANCE, COMPLAINT_TYPES, INITIAL_COMPLAINT_STATUS } from '@pes/contracts';
import { files } from '../files/files.table';
import { slots } from '../slots/slots.table';
import { stations } from '../stations/stations.table';
import { branchEnum, users } from '../users/users.table';
import { complaintStatusHistoryTable } from '../../db/status-history';

export const complaintTypeEnum = pgEnum('complaint_type', COMPLAINT_TYPES);
export const appointmentAttendanceEnum = pgEnum('appointment_attendance', APPOINTMENT_ATTENDANCE);

/** Numbers the reference numbers (CMP-<year>-<6 digits>) across all instances. */
export const complaintReferenceSeq = pgSequence('complaint_reference_seq', { startWith: 1 });

/**
 * Citizen complaints. The appointment (date and times) is copied from the booked slot, so the
 * complaint keeps it when the slot is deleted and the by-date list needs no join.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    referenceNumber: text('reference_number').notNull(),
    complaintType: complaintTypeEnum('complaint_type').notNull(),
    citizenUserId: integer('citizen_user_id')
      .notNull()
      .references(() => users.id),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
    branch: branchEnum('branch').notNull(),
    slotId: integer('slot_id').references(() => slots.id),
    appointmentDate: date('appointment_date', { mode: 'string' }),
    appointmentTimeFrom: time('appointment_time_from'),
    appointmentTimeTo: time('appointment_time_to'),
    /**
     * Whether the citizen came, as an officer of the station and branch marked it (null until then). A trigger
     * (migration 0029) keeps the slot's attended and missed counts as it changes.
     */
    attendance: appointmentAttendanceEnum('attendance'),
    attendanceMarkedAt: timestamp('attendance_marked_at', { withTimezone: true }),
    attendanceMarkedByUserId: integer('attendance_marked_by_user_id').references(() => users.id),
    status: text('status').notNull().default(INITIAL_COMPLAINT_STATUS),
    fullName: text('full_name').notNull(),
    age: integer('age').notNull(),
    gender: text('gender').notNull(),
    homeAddress: text('home_address').notNull(),
    idNumber: text('id_number').notNull(),
    phoneNumber: text('phone_number').notNull(),
    religion: text('religion'),
    nationality: text('nationality'),
    occupation: text('occupation'),
    workAddress: text('work_address'),
    maritalStatus: text('marital_status'),
    gramaDivision: text('grama_division'),
    incidentType: text('incident_type'),
    crimeCategory: text('crime_category'),
    trafficCategory: text('traffic_category'),
    whatHappened: text('what_happened').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    place: text('place').notNull(),
    howOccurred: text('how_occurred'),
    damageValue: numeric('damage_value', { precision: 12, scale: 2 }),
    evidence: text('evidence'),
    attachmentFileId: integer('attachment_file_id').references(() => files.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('complaints_reference_uq').on(t.referenceNumber),
    // Officers' list: their branch and station, newest first (read backwards, so ORDER BY ... DESC matches).
    index('complaints_branch_station_submitted_idx').on(t.branch, t.stationId, t.submittedAt, t.id),
    // Officers' by-date list: appointment day, by appointment time.
    index('complaints_branch_station_appointment_idx').on(t.branch, t.stationId, t.appointmentDate, t.appointmentTimeFrom),
    // A citizen's own complaints, newest first.
    index('complaints_citizen_submitted_idx').on(t.citizenUserId, t.submittedAt, t.id),
    // The booking cap: a citizen's upcoming appointments, and whether one is in the slot being booked.
    index('complaints_citizen_appointment_idx').on(t.citizenUserId, t.appointmentDate, t.slotId),
    // The missed-appointments limit: a citizen's missed appointments by date (few rows, read at each refused booking and by the booking page).
    index('complaints_citizen_missed_idx')
      .on(t.citizenUserId, t.appointmentDate)
      .where(sql`${t.attendance} = 'missed'`),
    // Assignees (officers of the slot) and the attachment's access check.
    index('complaints_slot_idx').on(t.slotId),
    index('complaints_attachment_idx')
      .on(t.attachmentFileId)
      .where(sql`${t.attachmentFileId} is not null`),
  ],
);

/** Every status change: who, when, from, to. */
export const complaintStatusHistory = complaintStatusHistoryTable(
  'complaint_status_history',
  () => complaints.id,
  () => users.id,
);

/**
 * Complaints per slot by workload class (spec §4), kept by a trigger on complaints (hand-written in the
 * migration, with the `workload_class(status)` function), so the officer workload sums a few rows per
 * officer instead of counting complaints.
 */
export const complaintSlotWorkload = pgTable('complaint_slot_workload', {
  slotId: integer('slot_id')
    .primaryKey()
    .references(() => slots.id),
  pending: integer('pending').notNull().default(0),
  inProgress: integer('in_progress').notNull().default(0),
  completed: integer('completed').notNull().default(0),
  other: integer('other').notNull().default(0),
});
