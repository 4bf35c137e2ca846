import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ANONYMOUS_INITIAL_STATUS } from '@pes/contracts';
import { files } from '../files/files.table';
import { stations } from '../stations/stations.table';
import { officers, users } from '../users/users.table';
import { complaintStatusHistoryTable } from '../../db/status-history';

/**
 * Anonymous complaints. Nothing here identifies the reporter: no account, address, user agent or
 * session; the tracking code is kept only as its SHA-256. `phone_number` only when the reporter chose
 * to give one. `assigned_officer_id` is null while no Crime Branch officer exists.
 */
export const anonymousComplaints = pgTable(
  'anonymous_complaints',
  {
    id: serial('id').primaryKey(),
    trackingCodeHash: text('tracking_code_hash').notNull(),
    incidentType: text('incident_type').notNull(),
    whatHappened: text('what_happened').notNull(),
    occurredAt: timestamp('when', { withTimezone: true }).notNull(),
    place: text('where').notNull(),
    howOccurred: text('how_occurred'),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
    submittedBy: text('submitted_by').notNull().default('anonymous'),
    phoneNumber: text('phone_number'),
    evidenceFileId: integer('evidence_file_id').references(() => files.id),
    status: text('status').notNull().default(ANONYMOUS_INITIAL_STATUS),
    assignedOfficerId: integer('assigned_officer_id').references(() => officers.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('anonymous_tracking_code_uq').on(t.trackingCodeHash),
    // The officer's list, newest first.
    index('anonymous_officer_submitted_idx').on(t.assignedOfficerId, t.submittedAt, t.id),
    // Reports waiting for a Crime Branch officer.
    index('anonymous_unassigned_idx')
      .on(t.submittedAt)
      .where(sql`${t.assignedOfficerId} is null`),
    index('anonymous_evidence_idx')
      .on(t.evidenceFileId)
      .where(sql`${t.evidenceFileId} is not null`),
  ],
);

/**
 * Each Crime Branch officer's turn: when they were last given a report (ties in open work go to the one
 * waiting longest). The rows are locked while picking, so concurrent reports queue and never pick on
 * stale counts; the open work itself is counted from the records (modules/workload), never kept here.
 */
export const anonymousOfficerLoad = pgTable('anonymous_officer_load', {
  officerId: integer('officer_id')
    .primaryKey()
    .references(() => officers.id),
  lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true }),
});

/** Every status change: who, when, from, to. */
export const anonymousStatusHistory = complaintStatusHistoryTable(
  'anonymous_status_history',
  () => anonymousComplaints.id,
  () => users.id,
);
