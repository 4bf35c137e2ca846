import { PAYMENT_CURRENCY, paymentReturnUrls, type PaymentPurpose } from '@pes/contracts';
import { appError } from '../../app-error';
import type { Database, Tx } from '../../db/client';
import type { Logger } from '../../logger';
import { InvalidWebhookSignature, WebhooksNotConfigured, type GatewaySession, type PaymentGateway } from './payments.gateway';
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
}

/** A payer's checkout as the gateway confirmed it: `paid` only on the gateway's word (now or before). */
export interface Confirmation {
  payment: PaymentRow;
  paid: boolean;
}

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
   * Marks the session paid and fulfils its purpose in one transaction, exactly once: the success page
   * and the webhook arriving together, or twice, change nothing the second time.
   */
  async function fulfil(session: GatewaySession): Promise<boolean> {
    const payment = await payments.findBySession(session.id);
    if (!payment) {
      log.warn({ sessionId: session.id }, 'paid checkout session with no payment record; ignored');
      return false;
    }
    if (!session.paid) return false;
    if (session.amountCents !== payment.amountCents || session.currency !== payment.currency) {
      log.error(
        { sessionId: session.id, expected: [payment.amountCents, payment.currency], got: [session.amountCents, session.currency] },
        'gateway amount differs from the payment record; not fulfilled',
      );
      return false;
    }
    const fulfiller = fulfillers.get(payment.purpose);
    if (!fulfiller) throw new Error(`No fulfiller registered for payment purpose ${payment.purpose}`);
    return db.transaction(async (tx) => {
      const paid = await payments.markPaid(session.id, session.paymentReference, tx);
      if (!paid) return false; // fulfilled already, by another request
      const applied = await fulfiller(paid, tx);
      if (!applied) {
        // Two sessions for one fine were both paid: the money came twice and needs a refund.
        log.warn({ paymentId: paid.id, purpose: paid.purpose, referenceId: paid.referenceId }, 'duplicate payment: target already paid; refund due');
      }
      return true;
    });
  }

  return {
    gatewayKind: gateway.kind,

    registerFulfiller(purpose: PaymentPurpose, fulfiller: Fulfiller) {
      fulfillers.set(purpose, fulfiller);
    },

    /** Opens a checkout at the gateway and records it; answers where to send the browser. */
    async startCheckout(input: StartCheckout) {
      const returnUrls = paymentReturnUrls(input.purpose, input.referenceId);
      const session = await callGateway('createCheckout', () =>
        gateway.createCheckout({
          amountCents: input.amountCents,
          currency: PAYMENT_CURRENCY,
          description: input.description,
          successPath: returnUrls.success,
          cancelPath: returnUrls.cancel,
          metadata: { purpose: input.purpose, reference_id: input.referenceId },
        }),
      );
      await payments.insert({
        gateway: gateway.kind,
        sessionId: session.id,
        purpose: input.purpose,
        referenceId: input.referenceId,
        amountCents: input.amountCents,
        currency: PAYMENT_CURRENCY,
        payerUserId: input.payerUserId,
      });
      return { url: session.url, sessionId: session.id };
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

    /** A payment the gateway reports directly (the sandbox's pay step). */
    async sessionPaid(sessionId: string) {
      const session = await callGateway('retrieveSession', () => gateway.retrieveSession(sessionId));
      if (session?.paid) await fulfil(session);
    },

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
        const fulfilled = await fulfil(event.session);
        log.info({ sessionId: event.session.id, fulfilled }, 'checkout paid webhook');
      }
      return event.eventType;
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
