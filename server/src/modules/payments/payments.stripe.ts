import type Stripe from 'stripe';
import { InvalidWebhookSignature, WebhooksNotConfigured, type GatewaySession, type PaymentGateway } from './payments.gateway';

export interface StripeGatewayConfig {
  secretKey: string;
  webhookSecret?: string;
  /** API host, port and protocol: Stripe's own by default; a local stand-in in tests. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Absolute origin of the web app, for Stripe's success and cancel URLs. */
  publicUrl: string;
}

type StripeSession = Awaited<ReturnType<Stripe['checkout']['sessions']['retrieve']>>;

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

function toGatewaySession(s: StripeSession): GatewaySession {
  const paid = s.payment_status === 'paid';
  return {
    id: s.id,
    status: paid ? 'paid' : s.status === 'expired' ? 'expired' : 'open',
    paid,
    amountCents: s.amount_total ?? null,
    currency: s.currency ? s.currency.toUpperCase() : null,
    // The receipt shows the payment intent; the session id stands in when Stripe gives none.
    paymentReference: idOf(s.payment_intent as string | { id: string } | null) ?? s.id,
    metadata: (s.metadata ?? {}) as Record<string, string>,
  };
}

/** Stripe Checkout through the official SDK. Amounts are in cents (LKR has two decimal places at Stripe). */
export async function createStripeGateway(config: StripeGatewayConfig): Promise<PaymentGateway> {
  // Loaded only when Stripe is configured: the SDK adds about 100 ms to every start otherwise.
  const { default: StripeSdk } = await import('stripe');
  const stripe = new StripeSdk(config.secretKey, {
    host: config.host,
    port: config.port,
    protocol: config.protocol,
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });
  const absolute = (path: string) => new URL(path, config.publicUrl).toString().replaceAll('%7B', '{').replaceAll('%7D', '}');

  return {
    kind: 'stripe',
    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amountCents,
              product_data: { name: request.description },
            },
          },
        ],
        success_url: absolute(request.successPath),
        cancel_url: absolute(request.cancelPath),
        metadata: request.metadata,
        client_reference_id: request.metadata.reference_id,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },

    async retrieveSession(sessionId) {
      try {
        return toGatewaySession(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (err) {
        if (err instanceof StripeSdk.errors.StripeInvalidRequestError && err.statusCode === 404) return undefined;
        throw err;
      }
    },

    async expireSession(sessionId) {
      try {
        return toGatewaySession(await stripe.checkout.sessions.expire(sessionId));
      } catch (err) {
        // Only open sessions can be expired: one that was paid (or expired) meanwhile is answered as it is.
        if (err instanceof StripeSdk.errors.StripeInvalidRequestError && err.statusCode !== 404) {
          return toGatewaySession(await stripe.checkout.sessions.retrieve(sessionId));
        }
        if (err instanceof StripeSdk.errors.StripeInvalidRequestError && err.statusCode === 404) return undefined;
        throw err;
      }
    },

    async refund({ sessionId, paymentReference, amountCents, idempotencyKey }) {
      // The payment intent is the money; a session id stands in only when Stripe gave none.
      const paymentIntent = paymentReference && paymentReference.startsWith('pi_') ? paymentReference : undefined;
      const intent = paymentIntent ?? idOf((await stripe.checkout.sessions.retrieve(sessionId)).payment_intent as string | { id: string } | null);
      if (!intent) throw new Error(`Stripe session ${sessionId} has no payment intent to refund`);
      const refund = await stripe.refunds.create(
        { payment_intent: intent, amount: amountCents, reason: 'duplicate', metadata: { session_id: sessionId } },
        { idempotencyKey },
      );
      return { reference: refund.id };
    },

    parseWebhook(rawBody, signature) {
      if (!config.webhookSecret) throw new WebhooksNotConfigured('STRIPE_WEBHOOK_SECRET is not set');
      let event: ReturnType<typeof stripe.webhooks.constructEvent>;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
      } catch (err) {
        throw new InvalidWebhookSignature((err as Error).message);
      }
      // Card payments complete at once; delayed methods report success with the async event.
      if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
        const session = toGatewaySession(event.data.object as StripeSession);
        if (session.paid) return { type: 'checkout.paid', eventType: event.type, session };
      }
      return { type: 'ignored', eventType: event.type };
    },
  };
}
