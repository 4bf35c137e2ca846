import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, colomboDate, fineListResponseSchema, fineSchema } from '@pes/contracts';
import { DB_KINDS, type TestApp } from '../../../test/harness';
import { createCitizen, onTestApp } from '../../../test/helpers';
import { fines } from './fines.table';
import { fineRow, finesActors, get, issueFine, post } from './fines.fixtures';

const CARD = { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', cardholder_name: 'Amaya Wijesinghe' };
const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

// The database writes the API's fine (fines.repository.ts `fineJson`); these pin every field of it, the
// same in the search (sent as the database wrote it), the officer's list, the history and the receipt.
describe.each(DB_KINDS)('a fine as every answer shows it on %s', (kind) => {
  let t: TestApp;
  let actors: Awaited<ReturnType<typeof finesActors>>;
  onTestApp(kind, async (app) => ((t = app), (actors = await finesActors(app))));

  const search = async (nic: string, vehicle: string) => {
    const res = await get(t, `/api/fines/search?identity_type=NIC&identity_number=${nic}&vehicle_number=${encodeURIComponent(vehicle)}`, actors.citizen.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    return fineListResponseSchema.parse(res.json()).fines;
  };

  it('writes each field exactly, with nothing more, wherever the fine is shown', async () => {
    const { citizen, officer } = actors;
    const issued = await issueFine(t, officer.token, {
      citizen_identity_number: citizen.identityNumber,
      vehicle_number: 'WP KA-0042',
      amount: '12345.6',
      incident_date: '2026-03-01T08:05',
      speed_recorded: 82.5,
      speed_limit: 60,
      court_required: true,
    });
    const stored = await fineRow(t, issued.id);
    const expected = {
      id: issued.id,
      citizen_identity_type: 'NIC',
      citizen_identity_number: citizen.identityNumber,
      vehicle_number: 'WP KA-0042',
      amount: '12345.60',
      description: 'Exceeded the limit near the school zone',
      incident_date: '2026-03-01T02:35:00.000Z',
      incident_location: 'Galle Road, Colombo 03',
      offense_type: 'Speeding',
      speed_recorded: 82.5,
      speed_limit: 60,
      court_required: true,
      status: 'unpaid',
      display_status: 'Unpaid',
      due_date: stored.dueDate,
      issued_at: stored.issuedAt.toISOString(),
      paid_at: null,
      payment_reference: null,
      issued_by: 'Chaminda Silva',
    };
    expect(issued).toEqual(expected);
    expect(Object.keys(issued)).toEqual(Object.keys(fineSchema.shape));
    expect(fineSchema.strict().safeParse(issued).success).toBe(true);

    const [found] = await search(citizen.identityNumber, 'WP KA-0042');
    expect(found).toEqual(expected);
    const mine = await get(t, '/api/fines/officer/my-fines?search=WPKA0042', officer.token);
    expect(mine.json().fines).toEqual([expected]);

    const url = (await post(t, `/api/fines/${issued.id}/initiate-payment`, citizen.token)).json().url as string;
    const sessionId = url.split('/').pop()!;
    expect((await post(t, `/api/payments/sandbox/sessions/${sessionId}/pay`, undefined, CARD)).statusCode).toBe(200);
    const receipt = (await post(t, `/api/fines/${issued.id}/mark-paid`, citizen.token, { session_id: sessionId })).json();
    const paid = await fineRow(t, issued.id);
    const expectedPaid = { ...expected, status: 'paid', display_status: 'Paid', paid_at: paid.paidAt!.toISOString(), payment_reference: paid.paymentReference };
    expect(receipt).toEqual(expectedPaid);
    expect(receipt.paid_at).toMatch(ISO_INSTANT);
    expect((await get(t, '/api/fines/history', citizen.token)).json().fines).toEqual([expectedPaid]);
    expect(await search(citizen.identityNumber, 'WP KA-0042')).toEqual([expectedPaid]);
  });

  it('shows an unpaid fine as Overdue the day after its due date in Colombo, unpaid ones first, newest first', async () => {
    const citizen = await createCitizen(t);
    const older = await issueFine(t, actors.officer.token, {
      citizen_identity_number: citizen.identityNumber,
      vehicle_number: 'NC AB-1',
      speed_recorded: null,
      speed_limit: null,
      description: '',
    });
    const newer = await issueFine(t, actors.officer.token, { citizen_identity_number: citizen.identityNumber, vehicle_number: 'NC AB-1' });
    const today = colomboDate(new Date());
    await t.database.db.update(fines).set({ dueDate: today }).where(eq(fines.id, newer.id));
    await t.database.db
      .update(fines)
      .set({ dueDate: addDays(today, -1), issuedAt: sql`now() - interval '20 days'` })
      .where(eq(fines.id, older.id));
    const found = await search(citizen.identityNumber, 'NC AB-1');
    expect(found.map((f) => [f.id, f.display_status, f.description, f.speed_recorded, f.speed_limit])).toEqual([
      [newer.id, 'Unpaid', 'Exceeded the limit near the school zone', 82, 60],
      [older.id, 'Overdue', null, null, null],
    ]);
    expect(found.every((f) => ISO_INSTANT.test(f.issued_at) && ISO_INSTANT.test(f.incident_date))).toBe(true);
  });

  it('answers an empty list, not an error, when nothing matches or the numbers normalise to nothing', async () => {
    expect(await search(actors.citizen.identityNumber, 'ZZ-0000')).toEqual([]);
    expect(await search(actors.citizen.identityNumber, '---')).toEqual([]);
  });
});
