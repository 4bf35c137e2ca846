import type { CheckoutSessionStatus } from '@pes/contracts';
import type { Tx } from '../../db/client';
import type { PaymentGatewayKind } from './payments.table';

interface CheckoutRequest {
  amountCents: number;
  currency: string;
  description: string;
  /** Web paths to return to; `{CHECKOUT_SESSION_ID}` in them is replaced by the session id. */
  successPath: string;
  cancelPath: string;
  metadata: Record<string, string>;
}

/** A checkout session as the gateway reports it. Only `paid: true` from the gateway counts as money received. */
export interface GatewaySession {
  id: string;
  status: CheckoutSessionStatus;
  paid: boolean;
  amountCents: number | null;
  currency: string | null;
  paymentReference: string | null;
  metadata: Record<string, string>;
}

/** `eventType` is the gateway's own name for the event, e.g. checkout.session.completed. */
type GatewayEvent = { type: 'checkout.paid'; eventType: string; session: GatewaySession } | { type: 'ignored'; eventType: string };

/** Thrown by parseWebhook for a missing, tampered or stale signature. */
export class InvalidWebhookSignature extends Error {}
/** Thrown by parseWebhook when this gateway receives no webhooks (or has no secret to check them). */
export class WebhooksNotConfigured extends Error {}

/** One interface for every payment: fines now, clearance fees later. */
export interface PaymentGateway {
  readonly kind: PaymentGatewayKind;
  /** Starts a hosted checkout; the browser goes to `url`. */
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** The session as the gateway knows it; undefined when it does not exist. */
  retrieveSession(sessionId: string): Promise<GatewaySession | undefined>;
  /**
   * Closes an open session so that it can no longer be paid; answers the session as it is afterwards (paid,
   * when the customer paid it just before). Undefined when the gateway does not know it.
   */
  expireSession(sessionId: string): Promise<GatewaySession | undefined>;
  /**
   * Gives a paid session's money back. `idempotencyKey` makes a repeated call (a retry after a crash, a
   * second instance) refund once; answers the gateway's reference for the refund.
   */
  refund(request: { sessionId: string; paymentReference: string | null; amountCents: number; idempotencyKey: string }): Promise<{ reference: string }>;
  /** Checks the signature over the raw body and reads the event. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): GatewayEvent;
}

/**
 * What the portal did with a payment the gateway has just taken, decided inside the gateway's own
 * transaction (see PaymentsService.settle): `target_paid` means the target was paid already, so the
 * gateway must not take the money at all.
 */
export type SettleOutcome = 'fulfilled' | 'already' | 'duplicate' | 'target_paid' | 'ignored';
export type Settle = (session: GatewaySession, tx: Tx, options: { refuseIfTargetPaid: boolean }) => Promise<SettleOutcome>;

export const withSessionId = (path: string, sessionId: string) => path.replaceAll('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId));
