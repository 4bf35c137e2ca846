import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { eq } from 'drizzle-orm';
import { fineRow, finesActors, get, issueFine, paymentsOf, post } from '../fines/fines.fixtures';
import { payments } from './payments.table';

const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;

interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  payment_intent: string | null;
}

/**
 * A local stand-in for the two Stripe API calls the adapter makes (Checkout Session create and
 * retrieve), speaking Stripe's wire format: form-encoded requests, JSON answers and errors.
 */
async function startStripeStandIn() {
  const sessions = new Map<string, StandInSession>();
  const requests: Array<{ method: string; path: string; auth: string | undefined; idempotencyKey?: string; form: URLSearchParams }> = [];
  const refunds: Array<{ id: string; payment_intent: string; amount: number; idempotencyKey: string | undefined }> = [];
  /** Refund requests still to answer with a 500 (Stripe having a bad minute). */
  const failing = { refunds: 0 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method!, path: req.url!, auth: req.headers.authorization, idempotencyKey, form: new URLSearchParams(body) });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body);
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]!] = v;
        }
        const session: StandInSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')) * Number(form.get('line_items[0][quantity]')),
          currency: form.get('line_items[0][price_data][currency]')!,
          success_url: form.get('success_url')!,
          cancel_url: form.get('cancel_url')!,
          metadata,
          client_reference_id: form.get('client_reference_id'),
          payment_intent: null,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/?]+)\/expire$/.exec(req.url!);
      if (req.method === 'POST' && expire) {
        const session = sessions.get(decodeURIComponent(expire[1]!));
        if (!session) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' } });
        if (session.status !== 'open') {
          return send(400, { error: { type: 'invalid_request_error', message: 'Only Checkout Sessions with a status in [open] can be expired.' } });
        }
        session.status = 'expired';
        return send(200, session);
      }
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        if (failing.refunds > 0) {
          failing.refunds--;
          return send(500, { error: { type: 'api_error', message: 'Something went wrong on Stripe' } });
        }
        const form = new URLSearchParams(body);
        // Like Stripe: the same idempotency key answers the first refund again.
        const earlier = refunds.find((r) => idempotencyKey && r.idempotencyKey === idempotencyKey);
        const refund = earlier ?? {
          id: `re_${randomBytes(8).toString('hex')}`,
          payment_intent: form.get('payment_intent')!,
          amount: Number(form.get('amount')),
          idempotencyKey,
        };
        if (!earlier) refunds.push(refund);
        return send(200, { object: 'refund', status: 'succeeded', id: refund.id, payment_intent: refund.payment_intent, amount: refund.amount });
      }
      const m = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(req.url!);
      if (req.method === 'GET' && m) {
        const session = sessions.get(decodeURIComponent(m[1]!));
        if (!session) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${m[1]}'` } });
        return send(200, session);
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    sessions,
    requests,
    refunds,
    failing,
    /** The customer pays on Stripe's page. */
    complete(id: string) {
      const s = sessions.get(id)!;
      Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: `pi_${randomBytes(8).toString('hex')}` });
      return s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Only its webhook helpers are used: signatures made the way Stripe makes them.
const stripe = new Stripe('sk_test_signing_only');

function signedEvent(session: object, opts: { type?: string; secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type: opts.type ?? 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
  });
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET, timestamp: opts.timestamp });
  return { payload, signature };
}

describe.each(DB_KINDS)('Stripe gateway against a local Stripe stand-in on %s', (kind) => {
  let t: TestApp;
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let actors: Awaited<ReturnType<typeof finesActors>>;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await startTestApp(kind, {
      env: {
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: String(standIn.port),
        STRIPE_API_PROTOCOL: 'http',
        PUBLIC_URL: 'https://eservices.police.lk',
        // Many checkouts from one citizen: a flood by design.
        RATE_LIMIT_CHECKOUT: '1000',
      },
    });
    actors = await finesActors(t);
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  const webhook = (event: { payload: string; signature?: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', ...(event.signature ? { 'stripe-signature': event.signature } : {}) },
      payload: event.payload,
    });

  async function startCheckout(amount = '3500.50') {
    const fine = await issueFine(t, actors.officer.token, { citizen_identity_number: actors.citizen.identityNumber, amount });
    const init = await post(t, `/api/fines/${fine.id}/initiate-payment`, actors.citizen.token);
    expect(init.statusCode).toBe(200);
    const sessionId = init.json().url.split('/').pop() as string;
    return { fine, sessionId, url: init.json().url as string };
  }

  it('opens a Stripe Checkout session for the database amount, with absolute return URLs', async () => {
    const { fine, sessionId, url } = await startCheckout('3500.50');
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
    const s = standIn.sessions.get(sessionId)!;
    expect(s).toMatchObject({ amount_total: 350050, currency: 'lkr', metadata: { purpose: 'fine', reference_id: fine.id } });
    expect(s.success_url).toBe(`https://eservices.police.lk/fines/success?fineId=${fine.id}&session_id={CHECKOUT_SESSION_ID}`);
    expect(s.cancel_url).toBe(`https://eservices.police.lk/fines/cancel?fineId=${fine.id}`);
    expect(standIn.requests.at(-1)?.auth).toBe('Bearer sk_test_standin');
    // With Stripe configured there is no sandbox checkout.
    expect((await get(t, `/api/payments/sandbox/sessions/${sessionId}`)).statusCode).toBe(404);
  });

  it('marks the fine paid exactly once when verification races the webhook, each arriving twice', async () => {
    const { fine, sessionId } = await startCheckout();
    expect((await post(t, `/api/fines/${fine.id}/mark-paid`, actors.citizen.token)).statusCode).toBe(402);

    const paidSession = standIn.complete(sessionId);
    const results = await Promise.all([
      webhook(signedEvent(paidSession)),
      post(t, `/api/fines/${fine.id}/mark-paid`, actors.citizen.token, { session_id: sessionId }),
      webhook(signedEvent(paidSession)),
      post(t, `/api/fines/${fine.id}/mark-paid`, actors.citizen.token),
      post(t, `/api/fines/${fine.id}/mark-paid`, actors.citizen.token, { session_id: sessionId }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const receipts = [results[1], results[3], results[4]].map((r) => r!.json());
    expect(new Set(receipts.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(receipts[0]).toMatchObject({ status: 'paid', amount: '3500.50', payment_reference: paidSession.payment_intent });

    const rows = await paymentsOf(t, fine.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'paid', amountCents: 350050, paymentReference: paidSession.payment_intent });
    const stored = await fineRow(t, fine.id);
    expect(stored.paymentId).toBe(rows[0]!.id);
    expect(stored.paidAt?.toISOString()).toBe(rows[0]!.paidAt?.toISOString());

    // A late duplicate delivery changes nothing.
    expect((await webhook(signedEvent(paidSession))).statusCode).toBe(200);
    expect((await fineRow(t, fine.id)).paidAt?.toISOString()).toBe(stored.paidAt?.toISOString());
  });

  it('fulfils from a valid webhook alone (the browser never came back)', async () => {
    const { fine, sessionId } = await startCheckout();
    const res = await webhook(signedEvent(standIn.complete(sessionId)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, type: 'checkout.session.completed' });
    expect((await fineRow(t, fine.id)).status).toBe('paid');
    const history = await get(t, '/api/fines/history', actors.citizen.token);
    expect(history.json().fines.some((f: { id: string }) => f.id === fine.id)).toBe(true);
  });

  it('refuses a tampered, stale, missing or wrongly keyed signature (400) and marks nothing paid', async () => {
    const { fine, sessionId } = await startCheckout();
    const paidSession = standIn.complete(sessionId);
    const good = signedEvent(paidSession);
    const attempts = [
      { payload: good.payload.replace('"amount_total":350050', '"amount_total":100'), signature: good.signature },
      signedEvent(paidSession, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      { payload: good.payload },
      signedEvent(paidSession, { secret: 'whsec_someone_else' }),
    ];
    for (const attempt of attempts) {
      const res = await webhook(attempt);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('payments.invalid_signature');
    }
    expect((await fineRow(t, fine.id)).status).toBe('unpaid');
    expect((await paymentsOf(t, fine.id))[0]!.status).toBe('open');
  });

  it('ignores signed events that are not payments, or whose amount differs from the record', async () => {
    const { fine, sessionId } = await startCheckout();
    const open = standIn.sessions.get(sessionId)!;
    expect((await webhook(signedEvent(open, { type: 'checkout.session.expired' }))).json().type).toBe('checkout.session.expired');
    // Signed, but unpaid: checkout.session.completed with payment_status unpaid (a delayed method).
    expect((await webhook(signedEvent(open))).statusCode).toBe(200);
    expect((await fineRow(t, fine.id)).status).toBe('unpaid');

    const tampered = { ...standIn.complete(sessionId), amount_total: 100 };
    expect((await webhook(signedEvent(tampered))).statusCode).toBe(200);
    expect((await fineRow(t, fine.id)).status).toBe('unpaid');

    // The record's own verification reads the real session and fulfils it.
    expect((await post(t, `/api/fines/${fine.id}/mark-paid`, actors.citizen.token)).json().status).toBe('paid');
  });

  it('answers 404 for a session Stripe does not know', async () => {
    const { fine } = await startCheckout();
    const res = await post(t, `/api/fines/${fine.id}/mark-paid`, actors.citizen.token, { session_id: 'cs_test_made_up' });
    expect(res.statusCode).toBe(404);
    expect((await fineRow(t, fine.id)).status).toBe('unpaid');
  });

  it('answers a second initiate with the open Stripe session, and expires a session it cannot reuse before opening another', async () => {
    const { fine, sessionId, url } = await startCheckout();
    const again = await post(t, `/api/fines/${fine.id}/initiate-payment`, actors.citizen.token);
    expect(again.json().url).toBe(url);
    expect(standIn.sessions.size).toBe(new Set(standIn.sessions.keys()).size);

    // A checkout recorded without its URL (an older build) cannot be answered again: it is expired at Stripe first.
    await t.database.db.update(payments).set({ url: null }).where(eq(payments.sessionId, sessionId));
    const next = await post(t, `/api/fines/${fine.id}/initiate-payment`, actors.citizen.token);
    expect(next.json().url).not.toBe(url);
    expect(standIn.requests.some((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${sessionId}/expire`)).toBe(true);
    expect(standIn.sessions.get(sessionId)!.status).toBe('expired');
    expect((await paymentsOf(t, fine.id)).map((p) => [p.sessionId === sessionId, p.status]).sort()).toEqual([
      [false, 'open'],
      [true, 'expired'],
    ]);

    // Expired at Stripe meanwhile: a new session, not the dead one.
    const current = next.json().url.split('/').pop() as string;
    standIn.sessions.get(current)!.status = 'expired';
    const fresh = await post(t, `/api/fines/${fine.id}/initiate-payment`, actors.citizen.token);
    expect(fresh.json().url.split('/').pop()).not.toBe(current);
  });

  it('refunds through Stripe, once, a second payment that arrives for a paid fine', async () => {
    const { fine, sessionId: first } = await startCheckout();
    // The first session's close never reached Stripe, and the customer paid both.
    await t.database.db.update(payments).set({ status: 'expired' }).where(eq(payments.sessionId, first));
    const second = (await post(t, `/api/fines/${fine.id}/initiate-payment`, actors.citizen.token)).json().url.split('/').pop() as string;
    const paid = [standIn.complete(first), standIn.complete(second)];
    const answers = await Promise.all([webhook(signedEvent(paid[0]!)), webhook(signedEvent(paid[1]!)), webhook(signedEvent(paid[0]!))]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);

    const rows = await paymentsOf(t, fine.id);
    const kept = rows.filter((p) => p.status === 'paid' && p.refundDueAt === null);
    const refunded = rows.filter((p) => p.refundDueAt !== null);
    expect(kept).toHaveLength(1);
    expect(refunded).toHaveLength(1);
    expect(await fineRow(t, fine.id)).toMatchObject({ status: 'paid', paymentId: kept[0]!.id });
    const refundedIntent = paid.find((s) => s.id === refunded[0]!.sessionId)!.payment_intent;
    expect(standIn.refunds.filter((r) => r.payment_intent === refundedIntent)).toEqual([
      { id: refunded[0]!.refundReference, payment_intent: refundedIntent, amount: 350050, idempotencyKey: `refund-${refunded[0]!.id}` },
    ]);

    // The reconciliation has nothing left to refund (it may fulfil other tests' sessions paid at the stand-in).
    const pass = await t.modules.payments.reconcile({ recheckAfterMs: 0 });
    expect(pass.refunded).toBe(0);
    expect((await fineRow(t, fine.id)).paymentId).toBe(kept[0]!.id);
    expect(standIn.refunds.filter((r) => r.payment_intent === refundedIntent)).toHaveLength(1);
  });

  it('keeps a refund it could not make as due and makes it on the next reconciliation, not just a log line', async () => {
    const { fine, sessionId: first } = await startCheckout();
    await t.database.db.update(payments).set({ status: 'expired' }).where(eq(payments.sessionId, first));
    const second = (await post(t, `/api/fines/${fine.id}/initiate-payment`, actors.citizen.token)).json().url.split('/').pop() as string;
    expect((await webhook(signedEvent(standIn.complete(second)))).statusCode).toBe(200);

    // Stripe fails every refund while the duplicate arrives (the scheduled reconciliation may also meet the paid
    // session at the stand-in meanwhile, and try its refund too).
    standIn.failing.refunds = 1_000;
    const late = standIn.complete(first);
    expect((await webhook(signedEvent(late))).statusCode).toBe(200);
    const due = (await paymentsOf(t, fine.id)).find((p) => p.sessionId === first)!;
    expect(due).toMatchObject({ status: 'paid', refundedAt: null, refundReference: null });
    expect(due.refundDueAt).not.toBeNull();
    expect(standIn.refunds.filter((r) => r.payment_intent === late.payment_intent)).toEqual([]);

    standIn.failing.refunds = 0;
    const pass = await t.modules.payments.reconcile({ recheckAfterMs: 0 });
    expect(pass.refunded).toBe(1);
    const made = standIn.refunds.filter((r) => r.payment_intent === late.payment_intent);
    expect(made).toHaveLength(1);
    expect((await paymentsOf(t, fine.id)).find((p) => p.sessionId === first)).toMatchObject({ refundReference: made[0]!.id });
    expect(await fineRow(t, fine.id)).toMatchObject({ status: 'paid', paymentReference: standIn.sessions.get(second)!.payment_intent });
  });
});
