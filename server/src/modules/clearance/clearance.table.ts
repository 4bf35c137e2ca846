import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CLEARANCE_STATUSES, type ClearanceApplication } from '@pes/contracts';
import { files } from '../files/files.table';
import { payments } from '../payments/payments.table';
import { users } from '../users/users.table';

export const clearanceStatusEnum = pgEnum('clearance_status', CLEARANCE_STATUSES);

/** Numbers the reference numbers (PCC-<year>-<6 digits>) across all instances; taken when the fee is paid. */
export const clearanceReferenceSeq = pgSequence('clearance_reference_seq', { startWith: 1 });

/** What the application holds beyond its indexed columns: the validated payload, minus confirmations and uploads. */
export type ClearanceDetails = Omit<
  ClearanceApplication,
  'uploads' | 'confirm_nic_number' | 'confirm_passport_number' | 'confirm_mobile_number' | 'confirm_email'
>;

/**
 * Police clearance applications. Stored as awaiting_payment by apply; the fee's payment (exactly once)
 * makes it pending, gives it its reference number and `paid_at`, from which officers see it.
 */
export const clearanceApplications = pgTable(
  'clearance_applications',
  {
    id: serial('id').primaryKey(),
    referenceNumber: text('reference_number'),
    citizenUserId: integer('citizen_user_id')
      .notNull()
      .references(() => users.id),
    status: clearanceStatusEnum('status').notNull().default('awaiting_payment'),
    nicNumber: text('nic_number').notNull(),
    fullNameNic: text('full_name_nic').notNull(),
    details: jsonb('details').$type<ClearanceDetails>().notNull(),
    /** The police station the applicant chose (step 2), kept from `details` by PostgreSQL: the list's station filter, indexed. */
    station: text('station').generatedAlwaysAs(sql`details->>'station'`),
    amountCents: integer('amount_cents').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clearance_reference_uq').on(t.referenceNumber),
    // One open application per citizen, whatever the concurrency.
    uniqueIndex('clearance_one_open_per_citizen_uq')
      .on(t.citizenUserId)
      .where(sql`${t.status} in ('awaiting_payment', 'pending', 'in_progress')`),
    // The citizen's latest application.
    index('clearance_citizen_created_idx').on(t.citizenUserId, t.createdAt, t.id),
    // Admin Branch list: paid ones, newest paid first (read backwards: ORDER BY paid_at DESC, id DESC is
    // NULLS FIRST, which an index declared DESC NULLS LAST would not serve); by status; the prefix searches.
    index('clearance_paid_idx')
      .on(t.paidAt, t.id)
      .where(sql`${t.paidAt} is not null`),
    index('clearance_status_paid_idx')
      .on(t.status, t.paidAt, t.id)
      .where(sql`${t.paidAt} is not null`),
    // ...and by the station (of a status: clearance_status_paid_idx, filtered).
    index('clearance_station_paid_idx')
      .on(t.station, t.paidAt, t.id)
      .where(sql`${t.paidAt} is not null`),
    index('clearance_nic_search_idx')
      .on(t.nicNumber.op('text_pattern_ops'))
      .where(sql`${t.paidAt} is not null`),
    index('clearance_reference_search_idx')
      .on(t.referenceNumber.op('text_pattern_ops'))
      .where(sql`${t.paidAt} is not null`),
    // A reference's tail ("000123", "2026-000123"): its reversed text by prefix.
    index('clearance_reference_tail_idx')
      .on(sql`reverse(${t.referenceNumber}) text_pattern_ops`)
      .where(sql`${t.paidAt} is not null`),
    // The applicant's name, by the start of any of its words ("pere" finds "Kamal Perera").
    index('clearance_name_search_idx')
      .using('gin', sql`to_tsvector('simple', ${t.fullNameNic})`)
      .where(sql`${t.paidAt} is not null`),
  ],
);

/**
 * Every certificate issued for an application, generated here or attached by an officer. Public
 * verification finds one by its verification code (random, unguessable; the sequential reference number
 * never finds one), and answers from this row alone: valid or expired (six months from the period's
 * start), withdrawn, or replaced. The application's certificate is its row not replaced (at most one).
 */
export const clearanceCertificates = pgTable(
  'clearance_certificates',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => clearanceApplications.id, { onDelete: 'cascade' }),
    verificationCode: text('verification_code').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    /** Made here from the officer's draft (its PDF prints the code), or a PDF the officer attached (which does not). */
    generated: boolean('generated').notNull(),
    /** The holder's name as the certificate prints it: all that public verification shows of them. */
    holderName: text('holder_name').notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedByUserId: integer('issued_by_user_id').references(() => users.id),
    /** Withdrawn by the Admin Branch (the application rejected after issue), with the reason. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawalReason: text('withdrawal_reason'),
    /** A newer certificate of the same application took its place. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('clearance_certificates_code_uq').on(t.verificationCode),
    // The application's current certificate: one at most, whatever the concurrency.
    uniqueIndex('clearance_certificates_current_uq')
      .on(t.applicationId)
      .where(sql`${t.replacedAt} is null`),
    index('clearance_certificates_application_idx').on(t.applicationId, t.issuedAt),
    index('clearance_certificates_file_idx').on(t.fileId),
  ],
);

/** The documents of an application: document name (nicFront, ...) → its claimed file. */
export const clearanceDocuments = pgTable(
  'clearance_documents',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => clearanceApplications.id, { onDelete: 'cascade' }),
    document: text('document').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.document] }), index('clearance_documents_file_idx').on(t.fileId)],
);

/** Every status change and certificate: who (null for the payment), when, from, to. */
export const clearanceStatusHistory = pgTable(
  'clearance_status_history',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => clearanceApplications.id, { onDelete: 'cascade' }),
    fromStatus: clearanceStatusEnum('from_status'),
    toStatus: clearanceStatusEnum('to_status').notNull(),
    note: text('note'),
    changedByUserId: integer('changed_by_user_id').references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clearance_status_history_application_idx').on(t.applicationId, t.changedAt, t.id)],
);

/** The wizard's server-side draft ("save and return"): one per citizen, removed once the fee is paid. */
export const clearanceDrafts = pgTable('clearance_drafts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  step: smallint('step').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ClearanceRow = typeof clearanceApplications.$inferSelect;
export type CertificateRow = typeof clearanceCertificates.$inferSelect;
