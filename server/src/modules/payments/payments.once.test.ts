import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { buildApp } from '../../app';
import { DB_KINDS, startSecondInstance, startTestApp, type TestApp } from '../../../test/harness';
import { createCitizen } from '../../../test/helpers';
import { fineRow, finesActors, get, issueFine, paymentsOf, post } from '../fines/fines.fixtures';
import { payments, sandboxCheckoutSessions } from './payments.table';
import type { Fulfiller } from './payments.service';

const CARD = { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', cardholder_name: 'Amaya Wijesinghe' };
const sessionIdOf = (url: string) => url.split('/').pop()!;

/**
 * Exactly one payment per target (issue 14 §3): one open checkout per fine, the sandbox's "paid" and the
 * fulfilment in one transaction, duplicates refunded through the gateway, and a reconciliation that repairs
 * what a crash left behind, once.
 */
describe.each(DB_KINDS)('exactly one payment per fine on %s', (kind) => {
  let t: TestApp;
  let actors: Awaited<ReturnType<typeof finesActors>>;
  beforeAll(async () => {
    // One citizen starts and pays many checkouts here: the limits are raised for this flood (not removed).
    t = await startTestApp(kind, { env: { RATE_LIMIT_CHECKOUT: '1000', RATE_LIMIT_CARD_ATTEMPTS: '1000' } });
    actors = await finesActors(t);
  });
  afterAll(() => t?.close());

  const newFine = () => issueFine(t, actors.officer.token, { citizen_identity_number: actors.citizen.identityNumber });
  const initiate = async (fineId: string, token = actors.citizen.token) => {
    const res = await post(t, `/api/fines/${fineId}/initiate-payment`, token);
    expect(res.statusCode).toBe(200);
    return sessionIdOf(res.json().url);
  };
  const sandboxRow = async (sessionId: string) =>
    (await t.database.db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, sessionId)))[0]!;
  /** The gateway took the money for this session; the portal has not heard of it (a crash, a lost webhook). */
  const paidAtGatewayOnly = (sessionId: string) =>
    t.database.db
      .update(sandboxCheckoutSessions)
      .set({ status: 'paid', paidAt: new Date(), paymentReference: `SBX-${sessionId.slice(-8)}` })
      .where(eq(sandboxCheckoutSessions.id, sessionId));
  /**
   * A fine with two payable sessions at the gateway: the first one's close was recorded here but never
   * reached the gateway (what a Stripe expire racing a payment, or an older build, leaves behind).
   */
  async function fineWithTwoGatewaySessions() {
    const fine = await newFine();
    const first = await initiate(fine.id);
    await t.database.db.update(payments).set({ status: 'expired' }).where(eq(payments.sessionId, first));
    const second = await initiate(fine.id);
    expect(second).not.toBe(first);
    return { fine, first, second };
  }
  const keptPayments = async (fineId: string) => (await paymentsOf(t, fineId)).filter((p) => p.status === 'paid' && p.refundDueAt === null);

  it('answers a second initiate, and many at once, with the one open checkout', async () => {
    const fine = await newFine();
    const first = await initiate(fine.id);
    expect(await initiate(fine.id)).toBe(first);
    const parallel = await Promise.all([1, 2, 3, 4, 5].map(() => initiate(fine.id)));
    expect(new Set(parallel)).toEqual(new Set([first]));
    expect((await paymentsOf(t, fine.id)).map((p) => p.status)).toEqual(['open']);
  });

  it('opens one checkout when the first initiates race on a fresh fine, closing the losers at the gateway', async () => {
    const fine = await newFine();
    const ids = await Promise.all([1, 2, 3, 4].map(() => initiate(fine.id)));
    expect(new Set(ids).size).toBe(1);
    const rows = await paymentsOf(t, fine.id);
    expect(rows.filter((p) => p.status === 'open').map((p) => p.sessionId)).toEqual([ids[0]]);
    // Any session a loser opened at the gateway can no longer be paid.
    const others = await t.database.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(and(eq(sandboxCheckoutSessions.status, 'open'), inArray(sandboxCheckoutSessions.id, rows.map((r) => r.sessionId).concat(ids))));
    expect(others.map((s) => s.id)).toEqual([ids[0]]);
  });

  it("refuses someone else's fine with 403 and opens no checkout", async () => {
    const fine = await newFine();
    const stranger = await createCitizen(t);
    const res = await post(t, `/api/fines/${fine.id}/initiate-payment`, stranger.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('fines.not_yours');
    expect(await paymentsOf(t, fine.id)).toEqual([]);
  });

  it('shows the amount and the violation on the checkout page, never the vehicle number', async () => {
    const fine = await issueFine(t, actors.officer.token, {
      citizen_identity_number: actors.citizen.identityNumber,
      vehicle_number: 'WP KX-9911',
      offense_type: 'Signal Violation',
      speed_recorded: undefined,
      speed_limit: undefined,
      amount: '1500',
    });
    const session = (await get(t, `/api/payments/sandbox/sessions/${await initiate(fine.id)}`)).json();
    expect(session).toMatchObject({ purpose: 'fine', violation: 'Signal Violation', amount: '1500.00', status: 'open' });
    // (The random session id aside: it could spell anything.)
    expect(JSON.stringify({ ...session, id: '' })).not.toMatch(/KX|9911/);
  });

  it('refuses to take a payment for a fine that is paid already: no money taken, the session closed', async () => {
    const { fine, first, second } = await fineWithTwoGatewaySessions();
    expect((await post(t, `/api/payments/sandbox/sessions/${second}/pay`, undefined, CARD)).statusCode).toBe(200);
    const late = await post(t, `/api/payments/sandbox/sessions/${first}/pay`, undefined, CARD);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('payments.already_paid');
    expect(await sandboxRow(first)).toMatchObject({ status: 'expired', paidAt: null, paymentReference: null, refundedAt: null });
    expect((await keptPayments(fine.id)).map((p) => p.sessionId)).toEqual([second]);
    expect((await paymentsOf(t, fine.id)).find((p) => p.sessionId === first)?.status).toBe('expired');
    // And a new initiate for the paid fine is refused.
    expect((await post(t, `/api/fines/${fine.id}/initiate-payment`, actors.citizen.token)).json().error.code).toBe('fines.already_paid');
  });

  it('two sessions paid at the gateway in parallel: one payment kept, the other refunded through the gateway', async () => {
    const { fine, first, second } = await fineWithTwoGatewaySessions();
    await Promise.all([paidAtGatewayOnly(first), paidAtGatewayOnly(second)]);
    const confirm = (sessionId: string) =>
      t.modules.payments.confirmForPayer({ purpose: 'fine', sessionId, referenceId: fine.id, payerUserId: actors.citizen.id });
    const answers = await Promise.all([confirm(first), confirm(second), confirm(first), confirm(second)]);
    expect(answers.map((a) => a?.paid)).toEqual([true, true, true, true]);

    const rows = await paymentsOf(t, fine.id);
    expect(rows.filter((p) => p.status === 'paid')).toHaveLength(2);
    const kept = rows.filter((p) => p.refundDueAt === null);
    const refunded = rows.filter((p) => p.refundDueAt !== null);
    expect(kept).toHaveLength(1);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.refundReference).toMatch(/^SBXR-[0-9A-F]{12}$/);
    expect(refunded[0]!.refundedAt).not.toBeNull();
    expect(await sandboxRow(refunded[0]!.sessionId)).toMatchObject({ status: 'paid', refundReference: refunded[0]!.refundReference });
    expect((await sandboxRow(kept[0]!.sessionId)).refundedAt).toBeNull();
    expect(await fineRow(t, fine.id)).toMatchObject({ status: 'paid', paymentId: kept[0]!.id });

    // Reconciling afterwards refunds nothing twice.
    await t.modules.payments.reconcile({ recheckAfterMs: 0 });
    const after = await paymentsOf(t, fine.id);
    expect(after.find((p) => p.id === refunded[0]!.id)?.refundReference).toBe(refunded[0]!.refundReference);
  });

  it('two sessions paid on the checkout page at once: the money is kept once, the other refused or refunded', async () => {
    const { fine, first, second } = await fineWithTwoGatewaySessions();
    const answers = await Promise.all([first, second].map((id) => post(t, `/api/payments/sandbox/sessions/${id}/pay`, undefined, CARD)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!.json().error.code;
    expect(['payments.already_paid', 'payments.refunded']).toContain(loser);
    const sessions = await Promise.all([first, second].map(sandboxRow));
    expect(sessions.filter((s) => s.status === 'paid' && s.refundedAt === null)).toHaveLength(1);
    expect(await keptPayments(fine.id)).toHaveLength(1);
    expect((await fineRow(t, fine.id)).status).toBe('paid');
  });

  it('pays and fulfils in one transaction: a fulfilment that fails leaves the session unpaid at the gateway', async () => {
    const fine = await newFine();
    const sessionId = await initiate(fine.id);
    const real = t.modules.finesService.fulfilPayment;
    let failures = 0;
    const failingOnce: Fulfiller = async (payment, tx) => {
      if (failures++ === 0) throw new Error('process died mid-payment');
      return real(payment, tx);
    };
    t.modules.payments.registerFulfiller('fine', failingOnce);
    try {
      const crashed = await post(t, `/api/payments/sandbox/sessions/${sessionId}/pay`, undefined, CARD);
      expect(crashed.statusCode).toBe(500);
      expect(await sandboxRow(sessionId)).toMatchObject({ status: 'open', paymentReference: null });
      expect((await paymentsOf(t, fine.id)).map((p) => p.status)).toEqual(['open']);
      expect((await fineRow(t, fine.id)).status).toBe('unpaid');
      expect((await post(t, `/api/payments/sandbox/sessions/${sessionId}/pay`, undefined, CARD)).statusCode).toBe(200);
      expect((await fineRow(t, fine.id)).status).toBe('paid');
    } finally {
      t.modules.payments.registerFulfiller('fine', real);
    }
  });

  it('reconciles a payment the gateway took but the portal never fulfilled, exactly once however often it runs', async () => {
    const crashed = await Promise.all([newFine(), newFine()]);
    const sessions = await Promise.all(crashed.map((f) => initiate(f.id)));
    await Promise.all(sessions.map(paidAtGatewayOnly));
    expect((await fineRow(t, crashed[0]!.id)).status).toBe('unpaid');

    const passes = await Promise.all([1, 2, 3].map(() => t.modules.payments.reconcile({ recheckAfterMs: 0 })));
    expect(passes.reduce((n, p) => n + p.fulfilled, 0)).toBe(2);
    const paidAt = await Promise.all(crashed.map(async (f) => (await fineRow(t, f.id)).paidAt?.toISOString()));
    for (const [i, f] of crashed.entries()) {
      expect(await fineRow(t, f.id)).toMatchObject({ status: 'paid', paymentReference: `SBX-${sessions[i]!.slice(-8)}` });
      expect(await keptPayments(f.id)).toHaveLength(1);
    }
    const again = await t.modules.payments.reconcile({ recheckAfterMs: 0 });
    expect(again.fulfilled).toBe(0);
    expect(await Promise.all(crashed.map(async (f) => (await fineRow(t, f.id)).paidAt?.toISOString()))).toEqual(paidAt);
  });

  /** The server started again on the same database (PostgreSQL: a second process beside this one; PGlite: the same data, a new app). */
  async function restart() {
    if (kind === 'postgres') return startSecondInstance(t);
    const { app, modules } = await buildApp({ config: t.config, database: t.database, logger: false });
    await app.ready();
    return { app, modules, close: () => app.close() };
  }

  it('fulfils at start-up what a killed instance left paid at the gateway, with the old instance reconciling too', async () => {
    const fine = await newFine();
    const sessionId = await initiate(fine.id);
    await paidAtGatewayOnly(sessionId);
    // A new instance reconciles as it starts: nothing else asks about this session.
    const restarted = await restart();
    try {
      const deadline = Date.now() + 5000;
      while ((await fineRow(t, fine.id)).status !== 'paid' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await Promise.all([t.modules.payments.reconcile({ recheckAfterMs: 0 }), restarted.modules.payments.reconcile({ recheckAfterMs: 0 })]);
      expect(await fineRow(t, fine.id)).toMatchObject({ status: 'paid', paymentReference: `SBX-${sessionId.slice(-8)}` });
      expect(await keptPayments(fine.id)).toHaveLength(1);
      expect((await paymentsOf(t, fine.id)).filter((p) => p.refundDueAt !== null)).toHaveLength(0);
    } finally {
      await restarted.close();
    }
  });
});
