import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { FINE_STATUSES, OFFENSE_TYPES, PROVINCE_CODES } from '@pes/contracts';
import { identityTypeEnum, users } from '../users/users.table';
import { stations } from '../stations/stations.table';
import { payments } from '../payments/payments.table';

export const offenseTypeEnum = pgEnum('offense_type', OFFENSE_TYPES);
export const fineStatusEnum = pgEnum('fine_status', FINE_STATUSES);

export const fines = pgTable(
  'fines',
  {
    /** Random (never sequential), so ids cannot be walked. */
    id: uuid('id').primaryKey().defaultRandom(),
    citizenIdentityType: identityTypeEnum('citizen_identity_type').notNull(),
    /** Normalised: upper case, no spaces. */
    citizenIdentityNumber: text('citizen_identity_number').notNull(),
    /** As shown: "WP CAB-1234". */
    vehicleNumber: text('vehicle_number').notNull(),
    /** As searched: letters and digits only, "WPCAB1234". */
    vehicleKey: text('vehicle_key').notNull(),
    /**
     * The plate without its province, letters and digits only: "CAB1234" (contracts `plateSearchKey` says the
     * same of a search), so "CAB-1234" and "cab1234" find "WP CAB-1234". Derived by the database itself.
     */
    plateKey: text('plate_key')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(`regexp_replace(regexp_replace(upper(vehicle_number), '^(${PROVINCE_CODES.join('|')})[ -]+([A-Z])', '\\2'), '[ -]+', '', 'g')`),
      ),
    amountCents: integer('amount_cents').notNull(),
    description: text('description'),
    incidentAt: timestamp('incident_at', { withTimezone: true }).notNull(),
    incidentLocation: text('incident_location').notNull(),
    offenseType: offenseTypeEnum('offense_type').notNull(),
    speedRecorded: numeric('speed_recorded', { precision: 6, scale: 2, mode: 'number' }),
    speedLimit: numeric('speed_limit', { precision: 6, scale: 2, mode: 'number' }),
    courtRequired: boolean('court_required').notNull().default(false),
    status: fineStatusEnum('status').notNull().default('unpaid'),
    /** Colombo calendar date, 14 days after issue. */
    dueDate: date('due_date').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedByUserId: integer('issued_by_user_id')
      .notNull()
      .references(() => users.id),
    stationId: integer('station_id').references(() => stations.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentReference: text('payment_reference'),
    /** The one payment that paid it. */
    paymentId: uuid('payment_id').references(() => payments.id),
  },
  (t) => [
    check('fines_amount_positive', sql`${t.amountCents} > 0`),
    // Citizen search (type, number, and the vehicle with or without its province: a few rows per identity).
    index('fines_citizen_search_idx').on(t.citizenIdentityType, t.citizenIdentityNumber, t.vehicleKey),
    // The citizen's payment history, newest payment first, a page after a fine's paid_at and id: the paid fines
    // only, ascending so that read backwards it gives `paid_at desc, id desc` (as the officer's index below).
    index('fines_citizen_paid_idx')
      .on(t.citizenIdentityType, t.citizenIdentityNumber, t.paidAt, t.id)
      .where(sql`${t.status} = 'paid'`),
    // The officer's list, newest first (pages continue after a fine's issued_at and id), and its prefix
    // search on vehicle or identity number. Ascending on purpose: read backwards it gives `issued_at desc, id desc`
    // exactly, where Drizzle's .desc() would make it DESC NULLS LAST, which that order cannot use (a sort of all
    // the officer's fines on every page: seconds at a million).
    index('fines_officer_issued_idx').on(t.issuedByUserId, t.issuedAt, t.id),
    index('fines_officer_vehicle_idx').on(t.issuedByUserId, t.vehicleKey.op('text_pattern_ops')),
    index('fines_officer_plate_idx').on(t.issuedByUserId, t.plateKey.op('text_pattern_ops')),
    index('fines_officer_identity_idx').on(t.issuedByUserId, t.citizenIdentityNumber.op('text_pattern_ops')),
  ],
);

/**
 * The analytics summaries, kept exact by a trigger on the fines table (fine_summaries_count, migration
 * fine_summaries_by_station): each statement that inserts fines adds them here in its own transaction, so a
 * request reads a few rows instead of aggregating every fine. Each count exists for all stations (station scope
 * 0, fines without a station included) and for the issuing officer's station. Fines are never deleted, and their
 * offence, place, time and station never change (payment changes none of them), so insertions are all there is to
 * count. `select rebuild_fine_summaries()` recomputes the three tables from the fines (FINE_SUMMARIES_REBUILD).
 */
const stationScope = () => integer('station_scope').notNull();
/** The scope of every station together; stations' ids start at 1. */
export const ALL_STATIONS = 0;

/** Fines per offence type and hour of the day in Colombo: ≤ 120 rows per scope give both the violations and the hours. */
export const fineHourCounts = pgTable(
  'fine_hour_counts',
  {
    stationScope: stationScope(),
    offenseType: offenseTypeEnum('offense_type').notNull(),
    hour: smallint('hour').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ name: 'fine_hour_counts_pk', columns: [t.stationScope, t.offenseType, t.hour] })],
);

const placeColumns = {
  stationScope: stationScope(),
  /** lower(incident_location): "Galle Road" and "galle road" count together. */
  locationKey: text('location_key').notNull(),
  /** One spelling per place, the same however the counts were made: the least in byte order (collate "C"). */
  location: text('location').notNull(),
  count: integer('count').notNull(),
};

/** Fines per place, every offence type together; the top places are the first entries of the count index. */
export const finePlaceCounts = pgTable('fine_place_counts', placeColumns, (t) => [
  primaryKey({ name: 'fine_place_counts_pk', columns: [t.stationScope, t.locationKey] }),
  index('fine_place_counts_top_idx').on(t.stationScope, t.count.desc(), t.locationKey),
]);

/** Fines per place and offence type; the top places of one offence type are the first entries of the count index. */
export const finePlaceOffenseCounts = pgTable('fine_place_offense_counts', { ...placeColumns, offenseType: offenseTypeEnum('offense_type').notNull() }, (t) => [
  primaryKey({ name: 'fine_place_offense_counts_pk', columns: [t.stationScope, t.offenseType, t.locationKey] }),
  index('fine_place_offense_counts_top_idx').on(t.stationScope, t.offenseType, t.count.desc(), t.locationKey),
]);

/** How many fines each officer has issued, kept exact by the fine's insert (same transaction): the list's total without counting. */
export const fineOfficerCounts = pgTable('fine_officer_counts', {
  issuedByUserId: integer('issued_by_user_id')
    .primaryKey()
    .references(() => users.id),
  count: integer('count').notNull(),
});
