import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  PAYMENT_PURPOSES,
  SANDBOX_CARDS,
  SANDBOX_CHECKOUT_PATH,
  centsToAmount,
  type CheckoutSessionStatus,
  type PaymentPurpose,
  type SandboxSession,
} from '@pes/contracts';
import type { Database } from '../../db/client';
import { WebhooksNotConfigured, withSessionId, type GatewaySession, type PaymentGateway, type Settle, type SettleOutcome } from './payments.gateway';
import { sandboxCheckoutSessions } from './payments.table';
import { appError } from '../../app-error';

/** Like Stripe Checkout, a sandbox session can be paid for 24 hours. */
const SANDBOX_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

type SessionRow = typeof sandboxCheckoutSessions.$inferSelect;

/** An open session past its expiry counts as expired (nothing needs to sweep the table). */
const effectiveStatus = (row: SessionRow, now = new Date()): CheckoutSessionStatus =>
  row.status === 'open' && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status;

const toGatewaySession = (row: SessionRow): GatewaySession => {
  const status = effectiveStatus(row);
  return {
    id: row.id,
    status,
    paid: status === 'paid',
    amountCents: row.amountCents,
    currency: row.currency,
    paymentReference: row.paymentReference,
    metadata: row.metadata,
  };
};

const purposeOf = (metadata: Record<string, string>): PaymentPurpose =>
  (PAYMENT_PURPOSES as readonly string[]).includes(metadata.purpose ?? '') ? (metadata.purpose as PaymentPurpose) : 'fine';

/**
 * The in-app TEST gateway: a hosted checkout page in the web app (/checkout/:sessionId) backed by
 * sessions in the database. No money moves; the test cards decide the outcome.
 */
export function createSandboxGateway(db: Database) {
  const find = async (id: string) => (await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, id)))[0];

  const gateway: PaymentGateway = {
    kind: 'sandbox',
    async createCheckout(request) {
      // Long and random: the id is the only key to the (public) checkout page.
      const id = `cs_sbx_${randomBytes(24).toString('base64url')}`;
      await db.insert(sandboxCheckoutSessions).values({
        id,
        amountCents: request.amountCents,
        currency: request.currency,
        description: request.description,
        successUrl: withSessionId(request.successPath, id),
        cancelUrl: withSessionId(request.cancelPath, id),
        metadata: request.metadata,
        expiresAt: new Date(Date.now() + SANDBOX_SESSION_TTL_MS),
      });
      return { id, url: `${SANDBOX_CHECKOUT_PATH}/${id}` };
    },
    async retrieveSession(sessionId) {
      const row = await find(sessionId);
      return row && toGatewaySession(row);
    },
    async expireSession(sessionId) {
      await db
        .update(sandboxCheckoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(sandboxCheckoutSessions.id, sessionId), eq(sandboxCheckoutSessions.status, 'open')));
      const row = await find(sessionId);
      return row && toGatewaySession(row);
    },
    async refund({ sessionId }) {
      // Once per session, however often asked: a second call answers the first refund's reference.
      const reference = `SBXR-${randomBytes(6).toString('hex').toUpperCase()}`;
      await db
        .update(sandboxCheckoutSessions)
        .set({ refundedAt: sql`now()`, refundReference: reference })
        .where(and(eq(sandboxCheckoutSessions.id, sessionId), eq(sandboxCheckoutSessions.status, 'paid'), isNull(sandboxCheckoutSessions.refundedAt)));
      const row = await find(sessionId);
      if (!row?.refundReference) throw new Error(`Sandbox session ${sessionId} is not paid, so it cannot be refunded`);
      return { reference: row.refundReference };
    },
    parseWebhook() {
      // The sandbox tells the payments service directly when a session is paid (see pay()).
      throw new WebhooksNotConfigured('The sandbox gateway sends no webhooks');
    },
  };

  return {
    gateway,

    /** What the checkout page shows: the amount and what it pays for, never the vehicle number or the payer. */
    async view(sessionId: string): Promise<SandboxSession> {
      const row = await find(sessionId);
      if (!row) throw appError('payments.session_not_found');
      return {
        id: row.id,
        purpose: purposeOf(row.metadata),
        violation: row.metadata.violation ?? null,
        description: row.description,
        amount: centsToAmount(row.amountCents),
        currency: 'LKR',
        status: effectiveStatus(row),
        test_mode: true,
      };
    },

    /**
     * Pays an open session with a test card. The session becomes paid and the payment is settled (its
     * target fulfilled) in one transaction, so no crash can leave one without the other. A target that is
     * paid already is refused (the session closes, no money is taken); one paid by a parallel payment in
     * the meantime comes out `duplicate`, for the caller to refund. Paying a session that is already paid
     * answers the same success URL again (a double click), without a second payment.
     */
    async pay(sessionId: string, cardNumber: string, settle: Settle): Promise<{ redirectUrl: string; outcome: SettleOutcome }> {
      const row = await find(sessionId);
      if (!row) throw appError('payments.session_not_found');
      const status = effectiveStatus(row);
      if (status === 'paid') return { redirectUrl: row.successUrl, outcome: 'already' };
      if (status !== 'open') throw appError('payments.session_closed');
      if (!(SANDBOX_CARDS.succeeds as readonly string[]).includes(cardNumber)) throw appError('payments.card_declined');
      const reference = `SBX-${randomBytes(6).toString('hex').toUpperCase()}`;
      const outcome = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(sandboxCheckoutSessions)
          .set({ status: 'paid', paidAt: sql`now()`, paymentReference: reference, cardLast4: cardNumber.slice(-4) })
          .where(and(eq(sandboxCheckoutSessions.id, sessionId), eq(sandboxCheckoutSessions.status, 'open'), sql`${sandboxCheckoutSessions.expiresAt} > now()`))
          .returning();
        if (!updated) return undefined; // another request paid or cancelled it in between
        const settled = await settle(toGatewaySession(updated), tx, { refuseIfTargetPaid: true });
        if (settled === 'target_paid') {
          // Refused: no money taken, and this session can no longer be paid.
          await tx
            .update(sandboxCheckoutSessions)
            .set({ status: 'expired', paidAt: null, paymentReference: null, cardLast4: null })
            .where(eq(sandboxCheckoutSessions.id, sessionId));
        }
        return settled;
      });
      if (outcome === undefined) {
        const again = await find(sessionId);
        if (again && effectiveStatus(again) === 'paid') return { redirectUrl: again.successUrl, outcome: 'already' };
        throw appError('payments.session_closed');
      }
      if (outcome === 'target_paid') throw appError('payments.already_paid');
      return { redirectUrl: row.successUrl, outcome };
    },

    /** The customer gives up: the session closes and the browser goes to the cancel page. */
    async cancel(sessionId: string) {
      const row = await find(sessionId);
      if (!row) throw appError('payments.session_not_found');
      const status = effectiveStatus(row);
      if (status === 'paid') throw appError('payments.session_closed');
      if (status === 'open') {
        await db
          .update(sandboxCheckoutSessions)
          .set({ status: 'canceled' })
          .where(and(eq(sandboxCheckoutSessions.id, sessionId), eq(sandboxCheckoutSessions.status, 'open')));
      }
      return { redirectUrl: row.cancelUrl };
    },
  };
}
export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
