import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { createCitizen } from '../../../test/helpers';
import { dueDateFor } from './fines.dates';
import { fineRow, finesActors, get, issueFine, paymentsOf, post } from './fines.fixtures';

const CARD = { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', cardholder_name: 'Amaya Wijesinghe' };
const DECLINED = { ...CARD, card_number: '4000 0000 0000 0002' };

const sessionIdOf = (url: string) => url.split('/').pop()!;

describe.each(DB_KINDS)('fine payment through the sandbox gateway on %s', (kind) => {
  let t: TestApp;
  let officer: Awaited<ReturnType<typeof finesActors>>['officer'];
  let citizen: Awaited<ReturnType<typeof finesActors>>['citizen'];
  beforeAll(async () => {
    t = await startTestApp(kind);
    ({ officer, citizen } = await finesActors(t));
  });
  afterAll(() => t?.close());

  it('issues, finds, pays and verifies a fine, then shows it in history and refuses to take money twice', async () => {
    const issued = await issueFine(t, officer.token, { citizen_identity_number: citizen.identityNumber, vehicle_number: ' wp  cab - 1234 ', amount: '2500' });
    expect(issued).toMatchObject({
      vehicle_number: 'WP CAB-1234',
      amount: '2500.00',
      status: 'unpaid',
      display_status: 'Unpaid',
      issued_by: 'Chaminda Silva',
      paid_at: null,
      payment_reference: null,
      speed_recorded: 82,
      court_required: false,
    });
    expect(issued.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((issued as unknown as { due_date: string }).due_date).toBe(dueDateFor(new Date()));

    // Search: all three must match; case, spaces and dashes in the vehicle number do not matter.
    const q = (nic: string, vehicle: string, type = 'NIC') =>
      get(t, `/api/fines/search?identity_type=${type}&identity_number=${nic}&vehicle_number=${encodeURIComponent(vehicle)}`, citizen.token);
    const found = await q(citizen.identityNumber, 'wpcab 1234');
    expect(found.statusCode).toBe(200);
    expect(found.json().fines.map((f: { id: string }) => f.id)).toEqual([issued.id]);
    expect((await q(citizen.identityNumber, 'WP CAB-9999')).json().fines).toEqual([]);
    expect((await q(citizen.identityNumber, 'WP CAB-1234', 'Passport')).json().fines).toEqual([]);
    expect((await q('200001012345', 'WP CAB-1234')).json().fines).toEqual([]);

    // Start the checkout: the sandbox's hosted page, with the database's amount.
    const init = await post(t, `/api/fines/${issued.id}/initiate-payment`, citizen.token, { amount: '1.00' });
    expect(init.statusCode).toBe(200);
    const url = init.json().url as string;
    expect(url).toMatch(/^\/checkout\/cs_sbx_[\w-]{30,}$/);
    const sessionId = sessionIdOf(url);
    const session = await get(t, `/api/payments/sandbox/sessions/${sessionId}`);
    expect(session.json()).toMatchObject({ id: sessionId, amount: '2500.00', currency: 'LKR', status: 'open', test_mode: true });

    // Not paid yet: verification says so and changes nothing.
    const early = await post(t, `/api/fines/${issued.id}/mark-paid`, citizen.token, {});
    expect(early.statusCode).toBe(402);
    expect(early.json().error.code).toBe('payments.not_paid');

    const paid = await post(t, `/api/payments/sandbox/sessions/${sessionId}/pay`, undefined, CARD);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().redirect_url).toBe(`/fines/success?fineId=${issued.id}&session_id=${sessionId}`);

    const verified = await post(t, `/api/fines/${issued.id}/mark-paid`, citizen.token, { session_id: sessionId });
    expect(verified.statusCode).toBe(200);
    const receipt = verified.json();
    expect(receipt).toMatchObject({
      id: issued.id,
      status: 'paid',
      display_status: 'Paid',
      amount: '2500.00',
      vehicle_number: 'WP CAB-1234',
      citizen_identity_type: 'NIC',
      citizen_identity_number: citizen.identityNumber,
    });
    expect(receipt.payment_reference).toMatch(/^SBX-[0-9A-F]{12}$/);
    expect(Date.parse(receipt.paid_at)).toBeGreaterThan(Date.now() - 60_000);

    // Verifying again (a reload of the success page) answers the same receipt.
    const again = await post(t, `/api/fines/${issued.id}/mark-paid`, citizen.token, {});
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(receipt);

    const history = await get(t, '/api/fines/history', citizen.token);
    expect(history.json().fines.map((f: { id: string; payment_reference: string }) => [f.id, f.payment_reference])).toEqual([
      [issued.id, receipt.payment_reference],
    ]);

    const mine = await get(t, '/api/fines/officer/my-fines?search=WPCAB', officer.token);
    expect(mine.json().fines.find((f: { id: string }) => f.id === issued.id)).toMatchObject({ status: 'paid' });

    const twice = await post(t, `/api/fines/${issued.id}/initiate-payment`, citizen.token, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('fines.already_paid');

    const rows = await paymentsOf(t, issued.id);
    expect(rows.map((r) => [r.status, r.amountCents, r.payerUserId])).toEqual([['paid', 250000, citizen.id]]);
    expect((await fineRow(t, issued.id)).paymentId).toBe(rows[0]!.id);
  });

  it('keeps the fine unpaid when the card is declined, and lets the citizen pay after', async () => {
    const fine = await issueFine(t, officer.token, { citizen_identity_number: citizen.identityNumber, vehicle_number: 'KX-4521' });
    const sessionId = sessionIdOf((await post(t, `/api/fines/${fine.id}/initiate-payment`, citizen.token)).json().url);

    const declined = await post(t, `/api/payments/sandbox/sessions/${sessionId}/pay`, undefined, DECLINED);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.code).toBe('payments.card_declined');
    expect((await post(t, `/api/fines/${fine.id}/mark-paid`, citizen.token)).statusCode).toBe(402);
    expect((await fineRow(t, fine.id)).status).toBe('unpaid');
    expect((await get(t, `/api/payments/sandbox/sessions/${sessionId}`)).json().status).toBe('open');

    // Bad card details: 400 naming each field, nothing paid.
    const bad = await post(t, `/api/payments/sandbox/sessions/${sessionId}/pay`, undefined, {
      card_number: '4242 4242 4242 4241',
      expiry: '01/20',
      cvc: '12a',
      cardholder_name: ' ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldKeys).toEqual({
      card_number: 'cardNumberInvalid',
      expiry: 'cardExpired',
      cvc: 'cardCvcInvalid',
      cardholder_name: 'cardholderRequired',
    });
    expect((await post(t, `/api/payments/sandbox/sessions/${sessionId}/pay`, undefined, { ...CARD, expiry: '13/30' })).json().error.fieldKeys).toEqual({
      expiry: 'cardExpiryFormat',
    });
    expect((await fineRow(t, fine.id)).status).toBe('unpaid');

    expect((await post(t, `/api/payments/sandbox/sessions/${sessionId}/pay`, undefined, CARD)).statusCode).toBe(200);
    expect((await post(t, `/api/fines/${fine.id}/mark-paid`, citizen.token)).json().status).toBe('paid');
  });

  it('cancels a checkout: back to the cancel page, the fine stays unpaid and the session cannot be paid', async () => {
    const fine = await issueFine(t, officer.token, { citizen_identity_number: citizen.identityNumber, vehicle_number: '19-1234' });
    const sessionId = sessionIdOf((await post(t, `/api/fines/${fine.id}/initiate-payment`, citizen.token)).json().url);
    const cancel = await post(t, `/api/payments/sandbox/sessions/${sessionId}/cancel`, undefined);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().redirect_url).toBe(`/fines/cancel?fineId=${fine.id}`);
    expect((await get(t, `/api/payments/sandbox/sessions/${sessionId}`)).json().status).toBe('canceled');

    const late = await post(t, `/api/payments/sandbox/sessions/${sessionId}/pay`, undefined, CARD);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('payments.session_closed');
    expect((await post(t, `/api/fines/${fine.id}/mark-paid`, citizen.token)).statusCode).toBe(402);
    expect((await fineRow(t, fine.id)).status).toBe('unpaid');
    expect((await paymentsOf(t, fine.id)).map((p) => p.status)).toEqual(['canceled']);

    // A new checkout works after a cancelled one.
    const retry = sessionIdOf((await post(t, `/api/fines/${fine.id}/initiate-payment`, citizen.token)).json().url);
    expect(retry).not.toBe(sessionId);
    expect((await get(t, `/api/payments/sandbox/sessions/nonexistent-session`)).statusCode).toBe(404);
  });

  it('verifies twice at once (double click, two tabs) and records one payment', async () => {
    const fine = await issueFine(t, officer.token, { citizen_identity_number: citizen.identityNumber, vehicle_number: 'CAR-7777' });
    const sessionId = sessionIdOf((await post(t, `/api/fines/${fine.id}/initiate-payment`, citizen.token)).json().url);
    const pays = await Promise.all([1, 2].map(() => post(t, `/api/payments/sandbox/sessions/${sessionId}/pay`, undefined, CARD)));
    expect(pays.map((r) => r.statusCode)).toEqual([200, 200]);
    const results = await Promise.all([1, 2, 3].map(() => post(t, `/api/fines/${fine.id}/mark-paid`, citizen.token, { session_id: sessionId })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const paidAt = new Set(results.map((r) => r.json().paid_at));
    expect(paidAt.size).toBe(1);
    const rows = await paymentsOf(t, fine.id);
    expect(rows.filter((r) => r.status === 'paid')).toHaveLength(1);
    expect((await fineRow(t, fine.id)).paidAt?.toISOString()).toBe([...paidAt][0]);
  });

  it('marks nothing paid on forged success: another citizen, a made-up session, an unpaid session, a session of another fine', async () => {
    const other = await createCitizen(t);
    const fine = await issueFine(t, officer.token, { citizen_identity_number: citizen.identityNumber, vehicle_number: 'NB-1001' });
    const otherFine = await issueFine(t, officer.token, { citizen_identity_number: other.identityNumber, vehicle_number: 'NB-2002' });

    // Someone else's fine id, with no checkout of their own for it.
    const stranger = await post(t, `/api/fines/${fine.id}/mark-paid`, other.token);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('fines.not_found');

    // Paid session of another fine, presented for this one.
    const otherSession = sessionIdOf((await post(t, `/api/fines/${otherFine.id}/initiate-payment`, other.token)).json().url);
    await post(t, `/api/payments/sandbox/sessions/${otherSession}/pay`, undefined, CARD);
    expect((await post(t, `/api/fines/${fine.id}/mark-paid`, other.token, { session_id: otherSession })).statusCode).toBe(404);
    expect((await post(t, `/api/fines/${fine.id}/mark-paid`, citizen.token, { session_id: otherSession })).statusCode).toBe(404);

    // A made-up session id, and a real but unpaid one.
    await post(t, `/api/fines/${fine.id}/initiate-payment`, citizen.token);
    expect((await post(t, `/api/fines/${fine.id}/mark-paid`, citizen.token, { session_id: 'cs_sbx_made_up' })).statusCode).toBe(404);
    const unpaid = await post(t, `/api/fines/${fine.id}/mark-paid`, citizen.token);
    expect(unpaid.statusCode).toBe(402);

    // Ids that are not fines.
    expect((await post(t, '/api/fines/00000000-0000-4000-8000-000000000000/mark-paid', citizen.token)).statusCode).toBe(404);
    expect((await post(t, '/api/fines/not-a-uuid/initiate-payment', citizen.token)).statusCode).toBe(404);

    expect((await fineRow(t, fine.id)).status).toBe('unpaid');
    expect((await paymentsOf(t, fine.id)).every((p) => p.status !== 'paid')).toBe(true);
    // The other citizen's own fine was paid by their own session, and only that.
    expect((await fineRow(t, otherFine.id)).status).toBe('paid');
  });
});
