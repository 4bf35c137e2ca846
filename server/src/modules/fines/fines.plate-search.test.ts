import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { createOfficer } from '../../../test/helpers';
import { fineRow, finesActors, get, issueFine } from './fines.fixtures';

const planText = (result: unknown) =>
  (((result as { rows?: unknown[] }).rows ?? result) as Array<Record<string, string>>).map((row) => Object.values(row)[0]).join('\n');

// People write a plate as it is painted ("CAB-1234"), in lower case, without the hyphen, and mostly without
// its province ("WP"): each of those must find "WP CAB-1234", for the officer (a prefix) and the citizen (all of it).
describe.each(DB_KINDS)('fine searches by plate, with or without its province, on %s', (kind) => {
  let t: TestApp;
  let actors: Awaited<ReturnType<typeof finesActors>>;
  let wp: { id: string };
  let sp: { id: string };
  beforeAll(async () => {
    t = await startTestApp(kind);
    actors = await finesActors(t);
    wp = await issueFine(t, actors.officer.token, { vehicle_number: 'wp cab - 1234', citizen_identity_number: actors.citizen.identityNumber });
    sp = await issueFine(t, actors.officer.token, { vehicle_number: 'SP-KA-1001', citizen_identity_number: '851234567V' });
  });
  afterAll(() => t?.close());

  const officerFound = async (search: string, token = actors.officer.token) =>
    ((await get(t, `/api/fines/officer/my-fines?search=${encodeURIComponent(search)}`, token)).json().fines as Array<{ id: string }>).map((f) => f.id);

  it("finds the officer's fine by its plate without the province, in any case, with or without spaces and hyphens", async () => {
    for (const search of ['CAB-1234', 'cab1234', 'cab 12', 'CAB', 'WP CAB-1234', 'wpcab1234', 'WP-CAB'])
      expect(await officerFound(search), search).toEqual([wp.id]);
    expect(await officerFound('ka-1001')).toEqual([sp.id]);
    // A province given is a province meant: "SP CAB" is not "WP CAB-1234".
    expect(await officerFound('SP CAB')).toEqual([]);
    expect(await officerFound('CAB-9')).toEqual([]);
    // Another officer's fines stay out of it.
    expect(await officerFound('CAB-1234', (await createOfficer(t, 'Traffic Fine Branch')).token)).toEqual([]);
  });

  it('refuses a search of fewer than three letters or digits with a 400 naming the field', async () => {
    for (const search of ['CA', 'c-a', ' 1 2 ', '8']) {
      const res = await get(t, `/api/fines/officer/my-fines?search=${encodeURIComponent(search)}`, actors.officer.token);
      expect(res.statusCode, search).toBe(400);
      expect(res.json().error.fieldKeys, search).toEqual({ search: 'fineSearchTooShort' });
      expect(res.json().error.fields.search).toBe('Enter at least 3 letters or digits of a vehicle or identity number.');
    }
    // Three are enough, and an empty search is no search.
    expect(await officerFound('CAB')).toEqual([wp.id]);
    expect((await get(t, '/api/fines/officer/my-fines?search=%20', actors.officer.token)).json().fines).toHaveLength(2);
  });

  it('pages a search with fewer matches than the cap from its matches alone, newest first, each fine once', async () => {
    const busy = await createOfficer(t, 'Traffic Fine Branch');
    const officerUserId = (await fineRow(t, (await issueFine(t, busy.token, { vehicle_number: 'NW PAG-0001' })).id)).issuedByUserId;
    await t.database.db.execute(sql`
      insert into fines (citizen_identity_type, citizen_identity_number, vehicle_number, vehicle_key, amount_cents,
        incident_at, incident_location, offense_type, due_date, issued_at, issued_by_user_id)
      select 'NIC', '199000000000', 'NW PAG-' || (1000 + n), 'NWPAG' || (1000 + n), 1000, now(), 'Galle Road', 'Speeding', current_date,
        now() - n * interval '1 minute', ${officerUserId}
      from generate_series(1, 30) as n`);
    const first = (await get(t, '/api/fines/officer/my-fines?search=pag', busy.token)).json();
    expect(first).toMatchObject({ total: 31, total_exact: true, next_cursor: expect.any(String) });
    const second = (await get(t, `/api/fines/officer/my-fines?search=pag&before=${encodeURIComponent(first.next_cursor)}`, busy.token)).json();
    expect(second.next_cursor).toBeNull();
    const shown = [...first.fines, ...second.fines] as Array<{ id: string; issued_at: string; vehicle_number: string }>;
    expect(shown).toHaveLength(31);
    expect(new Set(shown.map((f) => f.id)).size).toBe(31);
    expect(shown.map((f) => f.issued_at)).toEqual(
      shown
        .map((f) => f.issued_at)
        .sort()
        .reverse(),
    );
    expect(shown[0]!.vehicle_number).toBe('NW PAG-0001');
  });

  it("finds the citizen's fine by the whole plate without the province, and never by a part of it", async () => {
    const found = async (vehicle: string) =>
      (
        (
          await get(
            t,
            `/api/fines/search?identity_type=NIC&identity_number=${actors.citizen.identityNumber}&vehicle_number=${encodeURIComponent(vehicle)}`,
            actors.citizen.token,
          )
        ).json().fines as Array<{ id: string }>
      ).map((f) => f.id);
    for (const vehicle of ['CAB-1234', 'cab1234', 'Cab 1234', 'WP CAB-1234', 'wpcab1234']) expect(await found(vehicle), vehicle).toEqual([wp.id]);
    for (const vehicle of ['CAB-123', 'SP CAB-1234', 'KA-1001']) expect(await found(vehicle), vehicle).toEqual([]);
  });

  it("serves the officer's search (vehicle, plate or identity prefix) from three index ranges", async () => {
    // As the search asks it (fines.repository.ts pageIssuedBy), for an officer with thousands of fines: each of the
    // three prefixes is an index range of its own, the plate's included, never a walk over all the officer's fines.
    const officerUserId = (await fineRow(t, wp.id)).issuedByUserId;
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into fines (citizen_identity_type, citizen_identity_number, vehicle_number, vehicle_key, amount_cents,
          incident_at, incident_location, offense_type, due_date, issued_by_user_id)
        select 'NIC', (199000000000 + n)::text, 'WP K' || n, 'WPK' || n, 1000, now(), 'Galle Road', 'Speeding', current_date, ${officerUserId}
        from generate_series(1, 5000) as n`);
      await tx.execute(sql`analyze fines`);
      return planText(
        await tx.execute(sql`explain select id from fines where issued_by_user_id = ${officerUserId}
          and (vehicle_key like 'CAB1234%' or plate_key like 'CAB1234%' or citizen_identity_number like 'CAB1234%')`),
      );
    });
    expect(plan).toMatch(/Bitmap Index Scan on fines_officer_plate_idx[^\n]*\n\s+Index Cond: \(\(issued_by_user_id = \d+\) AND \(plate_key ~>=~ 'CAB1234'/);
  });
});
