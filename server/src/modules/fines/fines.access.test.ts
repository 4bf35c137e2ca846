import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BRANCHES, LIST_COUNT_CAP } from '@pes/contracts';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { createOfficer, login, openApiPaths } from '../../../test/helpers';
import { colomboLocal, countFines, finesActors, get, issueFine, post, validFine } from './fines.fixtures';
import { DEMO_ADMIN_PASSWORD } from '../../seed/demo-accounts';

describe.each(DB_KINDS)('fines: roles, branches and bad input on %s', (kind) => {
  let t: TestApp;
  let actors: Awaited<ReturnType<typeof finesActors>>;
  let fineId: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    actors = await finesActors(t);
    fineId = (await issueFine(t, actors.officer.token, { citizen_identity_number: actors.citizen.identityNumber })).id;
  });
  afterAll(() => t?.close());

  const officerRoutes = () => [
    () => post(t, '/api/fines', undefined, validFine()),
    () => get(t, '/api/fines/officer/my-fines'),
    () => get(t, '/api/fines/analytics/overview'),
  ];

  it('lets only Traffic Fine Branch officers issue, list and analyse fines', async () => {
    const others = BRANCHES.filter((b) => b !== 'Traffic Fine Branch');
    const tokens: Array<[string, string]> = [
      ['citizen', actors.citizen.token],
      ['admin', await login(t, 'admin', DEMO_ADMIN_PASSWORD)],
      ...(await Promise.all(others.map(async (b) => [b, (await createOfficer(t, b)).token] as [string, string]))),
    ];
    const before = await countFines(t);
    for (const [who, token] of tokens) {
      const answers = await Promise.all([
        post(t, '/api/fines', token, validFine()),
        get(t, '/api/fines/officer/my-fines', token),
        get(t, '/api/fines/analytics/overview', token),
      ]);
      expect(
        answers.map((a) => a.statusCode),
        who,
      ).toEqual([403, 403, 403]);
      expect(answers[0]!.json().error.code).toBe('auth.forbidden');
    }
    for (const call of officerRoutes()) expect((await call()).statusCode).toBe(401);
    expect(await countFines(t)).toBe(before);
  });

  it('lets only citizens search, pay and see history', async () => {
    const officerTokens = [actors.officer.token, await login(t, 'admin', DEMO_ADMIN_PASSWORD)];
    for (const token of officerTokens) {
      const answers = await Promise.all([
        get(t, '/api/fines/search?identity_type=NIC&identity_number=199010312345&vehicle_number=WP', token),
        get(t, '/api/fines/history', token),
        post(t, `/api/fines/${fineId}/initiate-payment`, token),
        post(t, `/api/fines/${fineId}/mark-paid`, token),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403, 403]);
    }
    expect((await get(t, '/api/fines/history')).statusCode).toBe(401);
    expect((await post(t, `/api/fines/${fineId}/initiate-payment`, undefined)).statusCode).toBe(401);
    // The x-user-role header is ignored: the session decides.
    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/api/fines/officer/my-fines',
      headers: { authorization: `Bearer ${actors.citizen.token}`, 'x-user-role': 'police_officer' },
    });
    expect(spoofed.statusCode).toBe(403);
  });

  it('lists only the officer’s own fines, newest first, with prefix search', async () => {
    const colleague = await createOfficer(t, 'Traffic Fine Branch');
    await issueFine(t, colleague.token, { vehicle_number: 'WP CAB-1234' });
    const a = await issueFine(t, actors.officer.token, { vehicle_number: 'SP KA-1001', citizen_identity_number: '851234567V' });
    const b = await issueFine(t, actors.officer.token, { vehicle_number: 'SP KB-2002', citizen_identity_number: '199512345678' });
    const all = (await get(t, '/api/fines/officer/my-fines', actors.officer.token)).json().fines as Array<{ id: string; issued_by: string }>;
    expect(all.map((f) => f.id)).toEqual([b.id, a.id, fineId]);
    expect(new Set(all.map((f) => f.issued_by))).toEqual(new Set(['Chaminda Silva']));
    const ids = async (search: string) =>
      ((await get(t, `/api/fines/officer/my-fines?search=${encodeURIComponent(search)}`, actors.officer.token)).json().fines as Array<{ id: string }>).map(
        (f) => f.id,
      );
    expect(await ids('sp k')).toEqual([b.id, a.id]);
    expect(await ids('spka')).toEqual([a.id]);
    // Kept as 198512304567: the start of either form finds it, and the whole old form too.
    expect(await ids('85123')).toEqual([a.id]);
    expect(await ids('1985123')).toEqual([a.id]);
    expect(await ids('851234567v')).toEqual([a.id]);
    expect(await ids('198512304567')).toEqual([a.id]);
    expect(await ids('%%%')).toEqual([]);
    expect(await ids('ZZZ')).toEqual([]);
    const searched = (await get(t, '/api/fines/officer/my-fines?search=sp%20k', actors.officer.token)).json();
    expect(searched).toMatchObject({ total: 2, total_exact: true, page_size: 25, next_cursor: null });
    expect((await get(t, '/api/fines/officer/my-fines', actors.officer.token)).json()).toMatchObject({ total: 3, next_cursor: null });
    for (const before of ['x', '2025-01-01T00:00:00_1', '2025-01-01T00:00:00.000000_nope', "2025-01-01T00:00:00.000000_' or 1=1"]) {
      const res = await get(t, `/api/fines/officer/my-fines?before=${encodeURIComponent(before)}`, actors.officer.token);
      expect(res.statusCode, before).toBe(400);
      expect(res.json().error.fieldKeys, before).toEqual({ before: 'invalidCursor' });
    }
  });

  it("pages a busy officer's fines with every page's keys, counts issued fines exactly and a search's matches up to the cap", async () => {
    const busy = await createOfficer(t, 'Traffic Fine Branch');
    const seed = await issueFine(t, busy.token, { vehicle_number: 'NC CAP-0001' });
    // 10,001 more copies of that fine, all issued in the same microsecond: only the id orders them.
    await t.database.db.execute(sql`
      insert into fines (citizen_identity_type, citizen_identity_number, vehicle_number, vehicle_key, amount_cents, description, incident_at,
        incident_location, offense_type, speed_recorded, speed_limit, court_required, status, due_date, issued_at, issued_by_user_id, station_id)
      select citizen_identity_type, citizen_identity_number, vehicle_number, vehicle_key, amount_cents, description, incident_at,
        incident_location, offense_type, speed_recorded, speed_limit, court_required, status, due_date, issued_at - interval '1 day', issued_by_user_id, station_id
      from fines, generate_series(1, ${LIST_COUNT_CAP + 1}) where id = ${seed.id}`);
    // The kept count knows only what the API issued; a search counts the matches, up to the cap.
    expect((await get(t, '/api/fines/officer/my-fines', busy.token)).json()).toMatchObject({ total: 1, total_exact: true });
    const searched = (await get(t, '/api/fines/officer/my-fines?search=NCCAP', busy.token)).json();
    expect(searched).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false, next_cursor: expect.any(String) });
    expect(searched.fines[0].id).toBe(seed.id);
    // Deep pages among equal issue times: each fine once, in id order, nothing skipped.
    let cursor: string | null = searched.next_cursor;
    const ids: string[] = [];
    for (let n = 0; n < 5 && cursor; n++) {
      const page = (await get(t, `/api/fines/officer/my-fines?search=NCCAP&before=${cursor}`, busy.token)).json();
      ids.push(...page.fines.map((f: { id: string }) => f.id));
      cursor = page.next_cursor;
    }
    expect(ids).toHaveLength(125);
    expect(new Set(ids).size).toBe(125);
    expect(ids).toEqual([...ids].sort().reverse());
  });

  it('refuses every bad field of a new fine with 400 naming it, and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ amount: '-100' }, { amount: 'fineAmountPositive' }],
      [{ amount: -100 }, { amount: 'fineAmountPositive' }],
      [{ amount: '0' }, { amount: 'fineAmountPositive' }],
      [{ amount: '0.00' }, { amount: 'fineAmountPositive' }],
      [{ amount: 'abc' }, { amount: 'fineAmountFormat' }],
      [{ amount: '12.345' }, { amount: 'fineAmountFormat' }],
      [{ amount: '1000000.01' }, { amount: 'fineAmountTooLarge' }],
      [{ amount: undefined }, { amount: 'required' }],
      [{ amount: true }, { amount: 'required' }],
      [{ citizen_identity_number: undefined }, { citizen_identity_number: 'required' }],
      [{ citizen_identity_number: '   ' }, { citizen_identity_number: 'required' }],
      [{ citizen_identity_number: '12345' }, { citizen_identity_number: 'nicFormat' }],
      [{ citizen_identity_type: 'Passport', citizen_identity_number: 'N-12/34' }, { citizen_identity_number: 'passportSymbols' }],
      [{ citizen_identity_type: 'Licence' }, { citizen_identity_type: 'invalidChoice' }],
      [{ vehicle_number: undefined }, { vehicle_number: 'required' }],
      [{ vehicle_number: 'WP#1234' }, { vehicle_number: 'vehicleNumberFormat' }],
      [{ vehicle_number: 'ABCDEFGHIJKLMNOP-1' }, { vehicle_number: 'vehicleNumberFormat' }],
      [{ offense_type: undefined }, { offense_type: 'offenseTypeChoice' }],
      [{ offense_type: 'Drunk Driving' }, { offense_type: 'offenseTypeChoice' }],
      [{ incident_date: colomboLocal(-48) }, { incident_date: 'incidentDateFuture' }],
      [{ incident_date: '2026-02-30T10:00' }, { incident_date: 'incidentDateFormat' }],
      [{ incident_date: 'yesterday' }, { incident_date: 'incidentDateFormat' }],
      [{ incident_date: undefined }, { incident_date: 'incidentDateFormat' }],
      [{ incident_location: '' }, { incident_location: 'required' }],
      [{ speed_recorded: 'fast' }, { speed_recorded: 'speedNotNumber' }],
      [{ speed_limit: { kmh: 60 } }, { speed_limit: 'speedNotNumber' }],
      [{ speed_recorded: -5 }, { speed_recorded: 'speedNegative' }],
      [{ court_required: 'maybe' }, { court_required: 'invalidType' }],
      [
        { amount: '-1', vehicle_number: '', offense_type: 'X', speed_recorded: 'x' },
        { amount: 'fineAmountPositive', vehicle_number: 'required', offense_type: 'offenseTypeChoice', speed_recorded: 'speedNotNumber' },
      ],
    ];
    const before = await countFines(t);
    for (const [overrides, expected] of cases) {
      const res = await post(t, '/api/fines', actors.officer.token, validFine(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const body = res.json();
      expect(body.error.code).toBe('validation.failed');
      expect(body.error.fieldKeys, JSON.stringify(overrides)).toEqual(expected);
      expect(Object.keys(body.error.fields).sort()).toEqual(Object.keys(expected).sort());
    }
    expect(await countFines(t)).toBe(before);
  });

  it('accepts speeds left blank and amounts as JSON numbers, stored exactly', async () => {
    const fine = await issueFine(t, actors.officer.token, {
      amount: 1999.9,
      speed_recorded: null,
      speed_limit: '',
      offense_type: 'Illegal Parking',
      court_required: true,
    });
    expect(fine).toMatchObject({ amount: '1999.90', speed_recorded: null, speed_limit: null, court_required: true });
  });

  it('documents the fines and payments API in the OpenAPI document', async () => {
    expect(await openApiPaths(t)).toEqual(
      expect.arrayContaining([
        '/api/fines',
        '/api/fines/search',
        '/api/fines/{id}/mark-paid',
        '/api/fines/analytics/overview',
        '/api/payments/sandbox/sessions/{sessionId}/pay',
        '/api/payments/stripe/webhook',
      ]),
    );
  });

  it('asks for all details in a citizen search (400 naming each missing field)', async () => {
    const res = await get(t, '/api/fines/search?identity_type=NIC&identity_number=&vehicle_number=', actors.citizen.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fieldKeys).toEqual({ identity_number: 'missingDetails', vehicle_number: 'missingDetails' });
    expect(res.json().error.fields.vehicle_number).toBe('Please enter all details.');
    const noVehicle = await get(t, '/api/fines/search?identity_type=NIC&identity_number=199010312345', actors.citizen.token);
    expect(noVehicle.json().error.fieldKeys).toEqual({ vehicle_number: 'missingDetails' });
    const badType = await get(t, '/api/fines/analytics/overview?offense_type=Jaywalking', actors.officer.token);
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error.fieldKeys).toEqual({ offense_type: 'offenseTypeChoice' });
  });
});
