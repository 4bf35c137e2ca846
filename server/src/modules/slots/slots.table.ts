import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, time, timestamp } from 'drizzle-orm/pg-core';
import { stations } from '../stations/stations.table';
import { branchEnum, officers, users } from '../users/users.table';

/**
 * Appointment slots of one station and branch. `available_slots` is the remaining capacity: booking
 * takes one unit with a conditional UPDATE, so it never goes below zero. Deleting sets `deleted_at`.
 */
export const slots = pgTable(
  'slots',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
    branch: branchEnum('branch').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    timeFrom: time('time_from').notNull(),
    timeTo: time('time_to').notNull(),
    capacity: integer('capacity').notNull(),
    availableSlots: integer('available_slots').notNull(),
    /** Bookings marked attended and missed, kept by a trigger on complaints (migration 0029): the admin's view counts nothing. */
    attended: integer('attended').notNull().default(0),
    missed: integer('missed').notNull().default(0),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('slots_available_range', sql`${t.availableSlots} >= 0 and ${t.availableSlots} <= ${t.capacity}`),
    check('slots_time_order', sql`${t.timeTo} > ${t.timeFrom}`),
    // Public lookup (station, branch, date) ordered by time; live slots only.
    index('slots_public_lookup_idx')
      .on(t.stationId, t.branch, t.date, t.timeFrom)
      .where(sql`${t.deletedAt} is null`),
    // Admin overview (station, date, every branch).
    index('slots_station_date_idx')
      .on(t.stationId, t.date)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Officers assigned to a slot; they are the assignees of the complaints booked into it. */
export const slotOfficers = pgTable(
  'slot_officers',
  {
    slotId: integer('slot_id')
      .notNull()
      .references(() => slots.id),
    /** The officer's row (officers.id). */
    officerRowId: integer('officer_id')
      .notNull()
      .references(() => officers.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.slotId, t.officerRowId] }), index('slot_officers_officer_idx').on(t.officerRowId)],
);
