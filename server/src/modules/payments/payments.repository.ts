import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { PaymentPurpose } from '@pes/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { payments } from './payments.table';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

export function createPaymentsRepository(db: Database) {
  return {
    async insert(row: NewPayment) {
      const [inserted] = await db.insert(payments).values(row).returning();
      return inserted!;
    },

    /** The payer's session for this purpose and reference: the given one, or the latest started. */
    async findForPayer(purpose: PaymentPurpose, referenceId: string, payerUserId: number, sessionId?: string) {
      const rows = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.purpose, purpose),
            eq(payments.referenceId, referenceId),
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
    async markPaid(tx: DbOrTx, sessionId: string, paymentReference: string | null) {
      const rows = await tx
        .update(payments)
        .set({ status: 'paid', paidAt: sql`now()`, paymentReference })
        .where(and(eq(payments.sessionId, sessionId), ne(payments.status, 'paid')))
        .returning();
      return rows[0];
    },

    /** Records a gateway's word that an open session was cancelled or has expired. */
    async markClosed(sessionId: string, status: 'canceled' | 'expired') {
      await db
        .update(payments)
        .set({ status })
        .where(and(eq(payments.sessionId, sessionId), eq(payments.status, 'open')));
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
