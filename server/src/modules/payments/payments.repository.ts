import { and, desc, eq, ne, sql } from 'drizzle-orm';
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

    async findBySession(sessionId: string) {
      return (await db.select().from(payments).where(eq(payments.sessionId, sessionId)))[0];
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
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
