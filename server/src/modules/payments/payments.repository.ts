import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { PaymentPurpose } from '@pes/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { payments } from './payments.table';

export type PaymentRow = typeof payments.$inferSelect;

/** A payer's checkout for a purpose: for one record when `referenceId` is given, the given session when `sessionId` is. */
export interface PayerCheckout {
  purpose: PaymentPurpose;
  payerUserId: number;
  referenceId?: string;
  sessionId?: string;
}
export type NewPayment = typeof payments.$inferInsert;

/** The reconciliation's work: sessions still open here, and refunds due but not made. */
const needsReconciling = or(eq(payments.status, 'open'), and(isNotNull(payments.refundDueAt), isNull(payments.refundedAt)));

export function createPaymentsRepository(db: Database) {
  return {
    async insert(row: NewPayment, tx: DbOrTx = db) {
      const [inserted] = await tx.insert(payments).values(row).returning();
      return inserted!;
    },

    /** The payer's checkout for this purpose (and reference, when given): the given session, or the latest started. */
    async findForPayer(checkout: PayerCheckout) {
      const { purpose, referenceId, payerUserId, sessionId } = checkout;
      const rows = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.purpose, purpose),
            referenceId === undefined ? undefined : eq(payments.referenceId, referenceId),
            eq(payments.payerUserId, payerUserId),
            sessionId === undefined ? undefined : eq(payments.sessionId, sessionId),
          ),
        )
        .orderBy(desc(payments.createdAt))
        .limit(1);
      return rows[0];
    },

    /** Every checkout a user started, oldest first (their export of their data; payments_payer_idx). */
    async listForPayer(payerUserId: number) {
      return db.select().from(payments).where(eq(payments.payerUserId, payerUserId)).orderBy(asc(payments.createdAt));
    },

    async findBySession(sessionId: string, tx: DbOrTx = db) {
      return (await tx.select().from(payments).where(eq(payments.sessionId, sessionId)))[0];
    },

    /** The target's one open checkout, if any (payments_one_open_uq allows no second). */
    async findOpenFor(purpose: PaymentPurpose, referenceId: string) {
      const rows = await db
        .select()
        .from(payments)
        .where(and(eq(payments.purpose, purpose), eq(payments.referenceId, referenceId), eq(payments.status, 'open')));
      return rows[0];
    },

    /** A payment that paid the target and was kept (not refunded): the target is paid. */
    async findKeptPaymentFor(purpose: PaymentPurpose, referenceId: string, tx: DbOrTx = db) {
      const rows = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.purpose, purpose), eq(payments.referenceId, referenceId), eq(payments.status, 'paid'), isNull(payments.refundDueAt)))
        .limit(1);
      return rows[0];
    },

    /**
     * Marks the session's payment paid unless it already is. Under concurrency only one caller gets the
     * row back: the others wait for its lock, then see status = 'paid' and update nothing.
     */
    async markPaid(sessionId: string, paymentReference: string | null, tx: DbOrTx = db) {
      const rows = await tx
        .update(payments)
        .set({ status: 'paid', paidAt: sql`now()`, paymentReference })
        .where(and(eq(payments.sessionId, sessionId), ne(payments.status, 'paid')))
        .returning();
      return rows[0];
    },

    /** Records a gateway's word that an open session was cancelled or has expired. */
    async markClosed(sessionId: string, status: 'canceled' | 'expired', tx: DbOrTx = db) {
      await tx
        .update(payments)
        .set({ status })
        .where(and(eq(payments.sessionId, sessionId), eq(payments.status, 'open')));
    },

    /** The money came for a target already paid by another payment: it must go back. */
    async markRefundDue(paymentId: string, tx: DbOrTx = db) {
      await tx
        .update(payments)
        .set({ refundDueAt: sql`now()` })
        .where(and(eq(payments.id, paymentId), isNull(payments.refundDueAt)));
    },

    async markRefunded(paymentId: string, refundReference: string, tx: DbOrTx = db) {
      const rows = await tx
        .update(payments)
        .set({ refundedAt: sql`now()`, refundReference })
        .where(and(eq(payments.id, paymentId), isNull(payments.refundedAt)))
        .returning({ id: payments.id });
      return rows.length > 0;
    },

    /**
     * Takes up to `limit` rows for the reconciliation, those asked about least recently first, and stamps
     * them as asked now. SKIP LOCKED: several instances reconciling at once take different rows.
     */
    async claimForReconciliation(limit: number, recheckAfterMs: number, tx: DbOrTx = db) {
      const due = tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(needsReconciling, or(isNull(payments.checkedAt), sql`${payments.checkedAt} <= now() - make_interval(secs => ${recheckAfterMs / 1000})`)))
        .orderBy(sql`${payments.checkedAt} asc nulls first`, asc(payments.createdAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return tx
        .update(payments)
        .set({ checkedAt: sql`now()` })
        .where(inArray(payments.id, due))
        .returning();
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
