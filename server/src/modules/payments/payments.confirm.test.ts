import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentReturnUrls } from '@pes/contracts';
import { DB_KINDS, type TestApp } from '../../../test/harness';
import { createCitizen, onTestApp } from '../../../test/helpers';
import { fineRow, finesActors, issueFine, paymentsOf, post } from '../fines/fines.fixtures';
import { sandboxCheckoutSessions } from './payments.table';

/**
 * payments.confirmForPayer, the one confirmation every purpose uses (fines now, clearance fees next): the
 * payer's checkout is found, the gateway asked, and a paid checkout fulfilled once through the purpose's
 * registered fulfiller.
 */
describe.each(DB_KINDS)('payment confirmation for a payer on %s', (kind) => {
  let t: TestApp;
  let actors: Awaited<ReturnType<typeof finesActors>>;
  onTestApp(kind, async (app) => ((t = app), (actors = await finesActors(app))));

  /** A fine of the citizen's with a checkout started by the citizen. */
  async function fineWithCheckout() {
    const fine = await issueFine(t, actors.officer.token, { citizen_identity_number: actors.citizen.identityNumber });
    const started = await post(t, `/api/fines/${fine.id}/initiate-payment`, actors.citizen.token);
    return { fine, sessionId: (started.json().url as string).split('/').pop()! };
  }

  /** The gateway's own record says what the customer did there; the portal has not heard of it yet. */
  const atGateway = (sessionId: string, status: 'paid' | 'canceled') =>
    t.database.db
      .update(sandboxCheckoutSessions)
      .set({ status, paymentReference: status === 'paid' ? `SBX-${sessionId.slice(-6)}` : null })
      .where(eq(sandboxCheckoutSessions.id, sessionId));

  it('sends the gateway back to the return pages the contracts define for the purpose', async () => {
    const { fine, sessionId } = await fineWithCheckout();
    const [session] = await t.database.db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, sessionId));
    const expected = paymentReturnUrls('fine', fine.id);
    expect(session).toMatchObject({ successUrl: expected.success.replace('{CHECKOUT_SESSION_ID}', sessionId), cancelUrl: expected.cancel });
    expect(session!.successUrl).toBe(`/fines/success?fineId=${fine.id}&session_id=${sessionId}`);
  });

  it('answers unpaid while the gateway has no payment, and nothing for a payer who started no checkout', async () => {
    const { fine } = await fineWithCheckout();
    const confirmation = await t.modules.payments.confirmForPayer({ purpose: 'fine', referenceId: fine.id, payerUserId: actors.citizen.id });
    expect(confirmation).toMatchObject({ paid: false, payment: { status: 'open', referenceId: fine.id } });
    const stranger = await createCitizen(t);
    expect(await t.modules.payments.confirmForPayer({ purpose: 'fine', referenceId: fine.id, payerUserId: stranger.id })).toBeUndefined();
    expect(await t.modules.payments.confirmForPayer({ purpose: 'clearance', referenceId: fine.id, payerUserId: actors.citizen.id })).toBeUndefined();
    expect((await fineRow(t, fine.id)).status).toBe('unpaid');
  });

  it("fulfils a checkout the gateway reports paid exactly once, however many ask at once, through the purpose's fulfiller", async () => {
    const { fine, sessionId } = await fineWithCheckout();
    await atGateway(sessionId, 'paid');
    const asked = () => t.modules.payments.confirmForPayer({ purpose: 'fine', referenceId: fine.id, payerUserId: actors.citizen.id });
    const answers = await Promise.all([asked(), asked(), asked()]);
    expect(answers.map((a) => a?.paid)).toEqual([true, true, true]);
    const [payment] = await paymentsOf(t, fine.id);
    expect(payment).toMatchObject({ status: 'paid', paymentReference: `SBX-${sessionId.slice(-6)}` });
    expect(await fineRow(t, fine.id)).toMatchObject({ status: 'paid', paymentId: payment!.id, paymentReference: payment!.paymentReference });
    expect((await fineRow(t, fine.id)).paidAt?.toISOString()).toBe(payment!.paidAt?.toISOString());
  });

  it('finds the checkout by its session alone, as a return page that only has the session id asks', async () => {
    const { fine, sessionId } = await fineWithCheckout();
    await atGateway(sessionId, 'paid');
    const confirmation = await t.modules.payments.confirmForPayer({ purpose: 'fine', sessionId, payerUserId: actors.citizen.id });
    expect(confirmation).toMatchObject({ paid: true, payment: { referenceId: fine.id, sessionId, status: 'paid' } });
    expect((await fineRow(t, fine.id)).status).toBe('paid');
  });

  it('records a checkout given up at the gateway as closed and answers unpaid', async () => {
    const { fine, sessionId } = await fineWithCheckout();
    await atGateway(sessionId, 'canceled');
    const confirmation = await t.modules.payments.confirmForPayer({ purpose: 'fine', referenceId: fine.id, payerUserId: actors.citizen.id });
    expect(confirmation?.paid).toBe(false);
    expect((await paymentsOf(t, fine.id)).map((p) => p.status)).toEqual(['canceled']);
    expect((await fineRow(t, fine.id)).status).toBe('unpaid');
  });
});
