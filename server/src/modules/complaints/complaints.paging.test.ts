import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { LIST_COUNT_CAP, COMPLAINTS_PAGE_SIZE, type ComplaintBranch } from '@pes/contracts';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, login } from '../../../test/helpers';
import { HOME_STATION, OTHER_STATION } from './complaints.fixtures';
import { DEMO_ADMIN_PASSWORD } from '../../seed/demo-accounts';

const TYPE_OF: Record<ComplaintBranch, string> = { 'Traffic Branch': 'traffic', 'Crime Branch': 'crime', 'Minor Offense Branch': 'minor_offense' };

const rowsOf = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? result) as Array<Record<string, unknown>>;
const planText = (result: unknown) =>
  rowsOf(result)
    .map((row) => Object.values(row)[0])
    .join('\n');

// The citizen's own complaints and the officer's latest list come a page at a time (keyset: submitted_at, then id),
// each with a count capped at LIST_COUNT_CAP. Complaints are written here straight into the table, many at the
// same instant, so that the pages' order must be decided by the id where the instants tie.
describe.each(DB_KINDS)('complaint pages on %s', (kind) => {
  let t: TestApp;
  let citizenA: Awaited<ReturnType<typeof createCitizen>>;
  let citizenB: Awaited<ReturnType<typeof createCitizen>>;
  let officers: Record<'traffic' | 'crime' | 'trafficElsewhere' | 'fines', Awaited<ReturnType<typeof createOfficer>>>;

  /** `count` complaints of a citizen to a branch at a station, all submitted at `at`. */
  const insert = (citizenId: number, branch: ComplaintBranch, station: string, at: string, count = 1) =>
    t.database.db.execute(sql`
      insert into complaints (reference_number, complaint_type, citizen_user_id, station_id, branch, full_name, age, gender,
        home_address, id_number, phone_number, what_happened, occurred_at, place, submitted_at)
      select 'TST-' || nextval('complaint_reference_seq'), ${TYPE_OF[branch]}::complaint_type, ${citizenId},
        (select id from stations where name = ${station}), ${branch}::branch, 'Nimal Perera', 40, 'male', '1 Main Street',
        '198512345678', '+94771234567', 'A test complaint', now(), 'Colombo', ${at}::timestamptz
      from generate_series(1, ${count})`);

  /** The ids `where` selects in the lists' order: newest submitted first, the larger id first at a tie. */
  const idsInOrder = async (where: SQL) =>
    rowsOf(await t.database.db.execute(sql`select id from complaints where ${where} order by submitted_at desc, id desc`)).map((r) => Number(r.id));

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  /** Every page of a list, `size` at a time: the ids in the order shown, and each page's answer. */
  async function walk(path: string, token: string, size: number) {
    const ids: number[] = [];
    const pages: Array<{ total: number; total_exact: boolean; page_size: number; next_cursor: string | null; count: number }> = [];
    let cursor: string | null = null;
    do {
      const res = await get(`${path}?page_size=${size}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token);
      expect(res.statusCode).toBe(200);
      const { complaints, ...page } = res.json() as {
        complaints: { id: number }[];
        total: number;
        total_exact: boolean;
        page_size: number;
        next_cursor: string | null;
      };
      ids.push(...complaints.map((c) => c.id));
      pages.push({ ...page, count: complaints.length });
      cursor = page.next_cursor;
    } while (cursor !== null && pages.length < 50);
    return { ids, pages };
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = await login(t, 'admin', DEMO_ADMIN_PASSWORD, 'admin');
    [citizenA, citizenB] = [await createCitizen(t), await createCitizen(t)];
    officers = {
      traffic: await createOfficer(t, 'Traffic Branch', { adminToken: admin }),
      crime: await createOfficer(t, 'Crime Branch', { adminToken: admin }),
      trafficElsewhere: await createOfficer(t, 'Traffic Branch', { adminToken: admin, station: OTHER_STATION }),
      fines: await createOfficer(t, 'Traffic Fine Branch', { adminToken: admin }),
    };
    // Citizen A: seven traffic complaints at home, three of them at one instant and two at another (ties), and one
    // crime complaint; citizen B: two traffic complaints at home, tying with A's; each one at the other station.
    await insert(citizenA.id, 'Traffic Branch', HOME_STATION, '2026-03-01T08:00:00.000001Z', 3);
    await insert(citizenA.id, 'Traffic Branch', HOME_STATION, '2026-03-02T08:00:00Z', 2);
    await insert(citizenA.id, 'Traffic Branch', HOME_STATION, '2026-02-01T08:00:00Z');
    await insert(citizenA.id, 'Traffic Branch', HOME_STATION, '2026-03-01T08:00:00Z');
    await insert(citizenA.id, 'Crime Branch', HOME_STATION, '2026-03-01T08:00:00Z');
    await insert(citizenB.id, 'Traffic Branch', HOME_STATION, '2026-03-01T08:00:00.000001Z', 2);
    await insert(citizenA.id, 'Traffic Branch', OTHER_STATION, '2026-03-01T08:00:00Z');
    await insert(citizenB.id, 'Traffic Branch', OTHER_STATION, '2026-03-01T08:00:00Z');
  });
  afterAll(() => t?.close());

  it('gives a citizen every one of their own complaints once, newest first, across pages, ties in id order', async () => {
    const expected = await idsInOrder(sql`citizen_user_id = ${citizenA.id}`);
    expect(expected).toHaveLength(9);
    for (const size of [1, 2, 4, 9, 50]) {
      const { ids, pages } = await walk('/api/complaints/my-complaints', citizenA.token, size);
      expect(ids).toEqual(expected);
      expect(pages).toHaveLength(Math.ceil(9 / size));
      expect(pages.every((p) => p.total === 9 && p.total_exact && p.page_size === size && p.count <= size)).toBe(true);
      expect(pages.at(-1)!.next_cursor).toBeNull();
    }
    const { ids } = await walk('/api/complaints/my-complaints', citizenB.token, 2);
    expect(ids).toEqual(await idsInOrder(sql`citizen_user_id = ${citizenB.id}`));
    expect(ids).toHaveLength(3);
    expect(ids.some((id) => expected.includes(id))).toBe(false);
  });

  it('answers the first page at the default size without a query, with the complaints in full', async () => {
    const res = await get('/api/complaints/my-complaints', citizenA.token);
    const body = res.json();
    expect(body).toMatchObject({ total: 9, total_exact: true, page_size: COMPLAINTS_PAGE_SIZE, next_cursor: null });
    expect(body.complaints[0]).toMatchObject({ station: HOME_STATION, appointment: null, attachment: null, history: [] });
    expect(body.complaints[0]).not.toHaveProperty('cursor');
  });

  it("gives an officer their branch's complaints at their station only, every one once, in order", async () => {
    const home = sql`(select id from stations where name = ${HOME_STATION})`;
    const other = sql`(select id from stations where name = ${OTHER_STATION})`;
    const traffic = await walk('/api/police/complaints', officers.traffic.token, 3);
    expect(traffic.ids).toEqual(await idsInOrder(sql`branch = 'Traffic Branch' and station_id = ${home}`));
    expect(traffic.ids).toHaveLength(9);
    expect(traffic.pages.map((p) => p.count)).toEqual([3, 3, 3]);
    expect(traffic.pages.every((p) => p.total === 9 && p.total_exact)).toBe(true);

    const crime = await walk('/api/police/complaints', officers.crime.token, 3);
    expect(crime.ids).toEqual(await idsInOrder(sql`branch = 'Crime Branch' and station_id = ${home}`));
    expect(crime.ids).toHaveLength(1);
    const elsewhere = await walk('/api/police/complaints', officers.trafficElsewhere.token, 1);
    expect(elsewhere.ids).toEqual(await idsInOrder(sql`branch = 'Traffic Branch' and station_id = ${other}`));
    expect(elsewhere.ids).toHaveLength(2);

    // Other officers, the administrator and citizens have no such list.
    expect((await get('/api/police/complaints', officers.fines.token)).statusCode).toBe(403);
    expect((await get('/api/police/complaints', citizenA.token)).statusCode).toBe(403);
    expect((await get('/api/complaints/my-complaints', officers.traffic.token)).statusCode).toBe(403);
  });

  it("a cursor from another list shows nothing of the other's (the scope is the signed-in user's, never the cursor's)", async () => {
    const first = (await get('/api/police/complaints?page_size=1', officers.trafficElsewhere.token)).json();
    const res = await get(`/api/complaints/my-complaints?cursor=${encodeURIComponent(first.next_cursor)}`, citizenB.token);
    expect(res.statusCode).toBe(200);
    const own = await idsInOrder(sql`citizen_user_id = ${citizenB.id}`);
    expect(res.json().complaints.every((c: { id: number }) => own.includes(c.id))).toBe(true);
  });

  it('refuses a malformed cursor or page size with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['cursor=abc', 'cursor'],
      ['cursor=2026-03-01T08:00:00.000000_0', 'cursor'],
      ['cursor=2026-03-01T08:00:00.000000_99999999999', 'cursor'],
      ["cursor=1'%20or%201=1", 'cursor'],
      ['page_size=0', 'page_size'],
      ['page_size=101', 'page_size'],
      ['page_size=1.5', 'page_size'],
      ['page_size=many', 'page_size'],
    ] as const) {
      for (const [path, token] of [
        ['/api/complaints/my-complaints', citizenA.token],
        ['/api/police/complaints', officers.traffic.token],
      ] as const) {
        const res = await get(`${path}?${query}`, token);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json().error.fieldKeys).toHaveProperty(field);
      }
    }
  });

  it(`counts a list up to ${LIST_COUNT_CAP} and says when there are more`, async () => {
    const citizen = await createCitizen(t);
    const officer = await createOfficer(t, 'Minor Offense Branch', { station: OTHER_STATION });
    await insert(citizen.id, 'Minor Offense Branch', OTHER_STATION, '2026-01-01T00:00:00Z', LIST_COUNT_CAP + 1);
    for (const [path, token] of [
      ['/api/complaints/my-complaints', citizen.token],
      ['/api/police/complaints', officer.token],
    ] as const) {
      const body = (await get(`${path}?page_size=100`, token)).json();
      expect(body).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false, next_cursor: expect.any(String) });
      expect(body.complaints).toHaveLength(100);
    }
  });

  it.each([
    ['the citizen', 'complaints_citizen_submitted_idx', sql`citizen_user_id = 1`],
    ['the officer', 'complaints_branch_station_submitted_idx', sql`branch = 'Traffic Branch' and station_id = 1`],
  ])("%s's pages are read from the index in order, with no sort", async (_who, index, scope) => {
    for (const after of [sql``, sql`and (submitted_at, id) < ('2026-03-01T08:00:00.000001Z'::timestamptz, 42)`]) {
      const plan = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_sort = off`);
        await tx.execute(sql`set local enable_seqscan = off`);
        return planText(await tx.execute(sql`explain select id from complaints where ${scope} ${after} order by submitted_at desc, id desc limit 21`));
      });
      expect(plan).toMatch(new RegExp(`Index (Only )?Scan Backward using ${index}`));
      expect(plan).not.toMatch(/Sort/);
    }
  });
});
