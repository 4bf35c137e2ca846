import { centsToAmount, PAYMENT_CURRENCY, paymentReturnUrls, type ExportedPayment, type PaymentPurpose } from '@pes/contracts';
import { appError } from '../../app-error';
import type { Database, Tx } from '../../db/client';
import type { Logger } from '../../logger';
import { isUniqueViolation } from '../../db/errors';
import { InvalidWebhookSignature, WebhooksNotConfigured, type GatewaySession, type PaymentGateway, type SettleOutcome } from './payments.gateway';
import type { PayerCheckout, PaymentRow, PaymentsRepository } from './payments.repository';

/**
 * Applies a payment to what it pays for, inside the transaction that marks the payment paid.
 * Returns false when the target was already paid (by another payment), so nothing changed.
 */
export type Fulfiller = (payment: PaymentRow, tx: Tx) => Promise<boolean>;

export interface StartCheckout {
  purpose: PaymentPurpose;
  referenceId: string;
  /** Always the database's amount, never the browser's. */
  amountCents: number;
  description: string;
  payerUserId: number;
  /** Shown on the gateway's page besides the amount (for a fine, its violation); never personal data. */
  metadata?: Record<string, string>;
}

/** A payer's checkout as the gateway confirmed it: `paid` only on the gateway's word (now or before). */
export interface Confirmation {
  payment: PaymentRow;
  paid: boolean;
}

/** How many rows one reconciliation run takes, and how soon it asks the gateway about the same session again. */
const RECONCILE_BATCH = 50;
const RECHECK_AFTER_MS = 30_000;
/** Racing "initiate" calls for one target: each loser retries against the winner's checkout. */
const START_ATTEMPTS = 3;

export function createPaymentsService(deps: { db: Database; gateway: PaymentGateway; payments: PaymentsRepository; log: Logger }) {
  const { db, gateway, payments, log } = deps;
  const fulfillers = new Map<PaymentPurpose, Fulfiller>();

  async function callGateway<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      log.error({ err, gateway: gateway.kind }, `payment gateway ${what} failed`);
      throw appError('payments.gateway_unavailable');
    }
  }

  /**
   * Inside the transaction that records the gateway's "paid" (the sandbox's own, or one of ours): marks
   * the payment paid and fulfils its purpose, exactly once. A payment for a target that another payment
   * paid already is kept on record as a refund due (`duplicate`); with `refuseIfTargetPaid` (a gateway
   * that can still say no) such a payment is refused instead (`target_paid`) and its checkout closed.
   */
  async function settle(session: GatewaySession, tx: Tx, { refuseIfTargetPaid = false } = {}): Promise<SettleOutcome> {
    const payment = await payments.findBySession(session.id, tx);
    if (!payment) {
      log.warn({ sessionId: session.id }, 'paid checkout session with no payment record; ignored');
      return 'ignored';
    }
    if (!session.paid) return 'ignored';
    if (session.amountCents !== payment.amountCents || session.currency !== payment.currency) {
      log.error(
        { sessionId: session.id, expected: [payment.amountCents, payment.currency], got: [session.amountCents, session.currency] },
        'gateway amount differs from the payment record; not fulfilled',
      );
      return 'ignored';
    }
    if (payment.status === 'paid') return 'already';
    const fulfiller = fulfillers.get(payment.purpose);
    if (!fulfiller) throw new Error(`No fulfiller registered for payment purpose ${payment.purpose}`);
    if (refuseIfTargetPaid && (await payments.findKeptPaymentFor(payment.purpose, payment.referenceId, tx))) {
      await payments.markClosed(session.id, 'expired', tx);
      return 'target_paid';
    }
    const paid = await payments.markPaid(session.id, session.paymentReference, tx);
    if (!paid) return 'already'; // settled already, by another request
    if (await fulfiller(paid, tx)) return 'fulfilled';
    // The target was paid by another payment (two sessions paid at once): this money goes back.
    await payments.markRefundDue(paid.id, tx);
    log.warn({ paymentId: paid.id, purpose: paid.purpose, referenceId: paid.referenceId }, 'duplicate payment: target already paid; refunding');
    return 'duplicate';
  }

  /** Gives a duplicate payment's money back through the gateway, once (the gateway call is idempotent per payment). */
  async function refund(payment: PaymentRow) {
    const { reference } = await gateway.refund({
      sessionId: payment.sessionId,
      paymentReference: payment.paymentReference,
      amountCents: payment.amountCents,
      idempotencyKey: `refund-${payment.id}`,
    });
    if (await payments.markRefunded(payment.id, reference)) log.info({ paymentId: payment.id, refundReference: reference }, 'duplicate payment refunded');
  }

  /** Refunds now when it can; when the gateway fails, the reconciliation tries again. */
  async function refundNow(sessionId: string) {
    const payment = await payments.findBySession(sessionId);
    if (!payment?.refundDueAt || payment.refundedAt) return;
    try {
      await refund(payment);
    } catch (err) {
      log.error({ err, paymentId: payment.id }, 'refund failed; the reconciliation will retry');
    }
  }

  /** A session the gateway reports paid (success page, webhook, reconciliation): settled in one transaction, then refunded if a duplicate. */
  async function fulfil(session: GatewaySession): Promise<SettleOutcome> {
    const outcome = await db.transaction((tx) => settle(session, tx));
    if (outcome === 'duplicate') await refundNow(session.id);
    return outcome;
  }

  /** The gateway's session is paid (answers true) or is closed now, here and at the gateway. */
  async function closeOrFulfil(open: PaymentRow): Promise<boolean> {
    const session = await callGateway('expireSession', () => gateway.expireSession(open.sessionId));
    if (session?.paid) {
      const outcome = await fulfil(session);
      if (outcome !== 'ignored') return true;
    }
    await payments.markClosed(open.sessionId, session?.status === 'canceled' ? 'canceled' : 'expired');
    return false;
  }

  /** One pass of the reconciliation over the rows it claims; answers what it did, for logs and tests. */
  async function reconcileOnce({ recheckAfterMs = RECHECK_AFTER_MS, limit = RECONCILE_BATCH } = {}) {
    const claimed = await db.transaction((tx) => payments.claimForReconciliation(limit, recheckAfterMs, tx));
    const done = { checked: claimed.length, fulfilled: 0, refunded: 0, closed: 0 };
    for (const payment of claimed) {
      try {
        if (payment.refundDueAt && !payment.refundedAt) {
          await refund(payment);
          done.refunded++;
          continue;
        }
        const session = await gateway.retrieveSession(payment.sessionId);
        if (session?.paid) {
          const outcome = await fulfil(session);
          if (outcome === 'fulfilled') done.fulfilled++;
          if (outcome === 'duplicate') done.refunded++;
        } else if (!session || session.status === 'canceled' || session.status === 'expired') {
          // Closed at the gateway, or unknown to it (never payable): closed here too.
          await payments.markClosed(payment.sessionId, session?.status === 'canceled' ? 'canceled' : 'expired');
          done.closed++;
        }
      } catch (err) {
        log.error({ err, paymentId: payment.id }, 'payment reconciliation failed for one payment; retried on the next pass');
      }
    }
    if (done.fulfilled || done.refunded) log.warn(done, 'payment reconciliation repaired payments');
    return done;
  }

  return {
    gatewayKind: gateway.kind,
    settle,

    registerFulfiller(purpose: PaymentPurpose, fulfiller: Fulfiller) {
      fulfillers.set(purpose, fulfiller);
    },

    /**
     * Opens the target's one checkout at the gateway and records it; answers where to send the browser. A
     * second call for the same target answers the open checkout again when the same payer started it (and
     * it is still open at the gateway); otherwise the old checkout is expired at the gateway first. When
     * the gateway says the old checkout was paid, it is fulfilled and the answer is payments.already_paid.
     */
    /** The checkouts a user started (a fine's, a clearance fee's), without the gateway's links: the export of their data. */
    async listForPayer(payerUserId: number): Promise<ExportedPayment[]> {
      return (await payments.listForPayer(payerUserId)).map((p) => ({
        purpose: p.purpose,
        reference_id: p.referenceId,
        amount: centsToAmount(p.amountCents),
        currency: p.currency,
        status: p.status,
        payment_reference: p.paymentReference,
        created_at: p.createdAt.toISOString(),
        paid_at: p.paidAt?.toISOString() ?? null,
        refunded_at: p.refundedAt?.toISOString() ?? null,
      }));
    },

    async startCheckout(input: StartCheckout) {
      for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
        const open = await payments.findOpenFor(input.purpose, input.referenceId);
        if (open) {
          const reusable = open.payerUserId === input.payerUserId && open.amountCents === input.amountCents && open.url;
          if (reusable) {
            const session = await callGateway('retrieveSession', () => gateway.retrieveSession(open.sessionId));
            if (session?.status === 'open' && !session.paid) return { url: open.url!, sessionId: open.sessionId };
          }
          if (await closeOrFulfil(open)) throw appError('payments.already_paid');
        }
        const returnUrls = paymentReturnUrls(input.purpose, input.referenceId);
        const session = await callGateway('createCheckout', () =>
          gateway.createCheckout({
            amountCents: input.amountCents,
            currency: PAYMENT_CURRENCY,
            description: input.description,
            successPath: returnUrls.success,
            cancelPath: returnUrls.cancel,
            metadata: { ...input.metadata, purpose: input.purpose, reference_id: input.referenceId },
          }),
        );
        try {
          await payments.insert({
            gateway: gateway.kind,
            sessionId: session.id,
            purpose: input.purpose,
            referenceId: input.referenceId,
            amountCents: input.amountCents,
            currency: PAYMENT_CURRENCY,
            payerUserId: input.payerUserId,
            url: session.url,
          });
          return { url: session.url, sessionId: session.id };
        } catch (err) {
          if (!isUniqueViolation(err, 'payments_one_open_uq')) throw err;
          // Another request opened the target's checkout first: ours is closed unused; go again with theirs.
          await callGateway('expireSession', () => gateway.expireSession(session.id));
        }
      }
      throw appError('payments.gateway_unavailable');
    },

    /**
     * The return page's question, for any purpose: is this payer's checkout paid? Finds the checkout (the
     * session given, or the payer's latest for the record), asks the gateway unless it is paid already,
     * and fulfils it once if it is. Undefined when the payer started no such checkout (the purpose answers
     * its own "not found"). `targetPaid`: the record is paid already (by another checkout), so there is
     * nothing to ask the gateway.
     */
    async confirmForPayer(checkout: PayerCheckout, { targetPaid = false } = {}): Promise<Confirmation | undefined> {
      const payment = await payments.findForPayer(checkout);
      if (!payment) return undefined;
      if (targetPaid || payment.status === 'paid') return { payment, paid: true };
      const session = await callGateway('retrieveSession', () => gateway.retrieveSession(payment.sessionId));
      if (session?.paid) {
        await fulfil(session);
        const after = await payments.findBySession(payment.sessionId);
        return { payment: after ?? payment, paid: after?.status === 'paid' };
      }
      if (session && (session.status === 'canceled' || session.status === 'expired')) await payments.markClosed(payment.sessionId, session.status);
      return { payment, paid: false };
    },

    /** After the sandbox's pay step: a duplicate is refunded now and the payer told so. */
    async afterSandboxPayment(sessionId: string, outcome: SettleOutcome) {
      if (outcome !== 'duplicate') return;
      await refundNow(sessionId);
      throw appError('payments.refunded');
    },

    /**
     * Sessions the gateway says are paid but that were never settled here (a crash between the gateway and
     * us, a lost webhook) are fulfilled, exactly once; refunds due are made; sessions closed at the gateway
     * are closed here. Safe with several instances running (rows are claimed with SKIP LOCKED) and run twice.
     */
    reconcile: reconcileOnce,

    /** A webhook: the signature is checked on the raw body before anything is read from it. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined) {
      let event;
      try {
        event = gateway.parseWebhook(rawBody, signature);
      } catch (err) {
        if (err instanceof InvalidWebhookSignature) throw appError('payments.invalid_signature');
        if (err instanceof WebhooksNotConfigured) throw appError('payments.webhook_not_configured');
        throw err;
      }
      if (event.type === 'checkout.paid') {
        const outcome = await fulfil(event.session);
        log.info({ sessionId: event.session.id, outcome }, 'checkout paid webhook');
      }
      return event.eventType;
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
