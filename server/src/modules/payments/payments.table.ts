import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CHECKOUT_SESSION_STATUSES, PAYMENT_PURPOSES } from '@pes/contracts';
import { users } from '../users/users.table';

export const PAYMENT_GATEWAYS = ['sandbox', 'stripe'] as const;
export type PaymentGatewayKind = (typeof PAYMENT_GATEWAYS)[number];

export const paymentPurposeEnum = pgEnum('payment_purpose', PAYMENT_PURPOSES);
export const paymentStatusEnum = pgEnum('payment_status', CHECKOUT_SESSION_STATUSES);
export const paymentGatewayEnum = pgEnum('payment_gateway', PAYMENT_GATEWAYS);

/**
 * One row per checkout session started: what it pays for (purpose + reference id), the amount the
 * database asked for, who started it, and whether the gateway has said it is paid.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gateway: paymentGatewayEnum('gateway').notNull(),
    /** The gateway's checkout session id. */
    sessionId: text('session_id').notNull(),
    purpose: paymentPurposeEnum('purpose').notNull(),
    /** The fine's id (or, later, the clearance application's). */
    referenceId: text('reference_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: paymentStatusEnum('status').notNull().default('open'),
    payerUserId: integer('payer_user_id')
      .notNull()
      .references(() => users.id),
    /** The gateway's reference for the money movement (Stripe payment intent, sandbox SBX-…). */
    paymentReference: text('payment_reference'),
    /** Where the browser pays this session: a second "initiate" for the same target answers it again. */
    url: text('url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the reconciliation last asked the gateway about this session (it takes the least recently asked first). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** Paid for a target that another payment had paid already: the money goes back through the gateway. */
    refundDueAt: timestamp('refund_due_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The gateway's reference for the refund (Stripe re_…, sandbox SBXR-…). */
    refundReference: text('refund_reference'),
  },
  (t) => [
    uniqueIndex('payments_session_uq').on(t.sessionId),
    // One open checkout per target, whatever the purpose, so that two racing "initiate" calls cannot both open
    // one: the partial unique index payments_one_open_uq on (purpose, reference_id) where status = 'open' is
    // hand-written in the migration (after closing the duplicates older builds left), see server/drizzle.
    // The reconciliation's work: open sessions and refunds due.
    index('payments_reconcile_idx')
      .on(t.checkedAt)
      .where(sql`${t.status} = 'open' or (${t.refundDueAt} is not null and ${t.refundedAt} is null)`),
    // "the latest session this citizen started for this fine"
    index('payments_reference_idx').on(t.purpose, t.referenceId, t.payerUserId, t.createdAt.desc()),
    // A citizen's own payments (the export of their data).
    index('payments_payer_idx').on(t.payerUserId, t.createdAt),
  ],
);

/**
 * The sandbox gateway's own store: its checkout sessions live in the database (not in memory), so any
 * server instance can show, pay or verify them.
 */
export const sandboxCheckoutSessions = pgTable('sandbox_checkout_sessions', {
  id: text('id').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  status: paymentStatusEnum('status').notNull().default('open'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  paymentReference: text('payment_reference'),
  cardLast4: text('card_last4'),
  /** A duplicate payment given back (the sandbox's record of a refund). */
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  refundReference: text('refund_reference'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});
