import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { LIST_COUNT_CAP, COMPLAINTS_PAGE_SIZE } from '@pes/contracts';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, signInAdmin } from '../../../test/helpers';
import { createSlot, HOME_STATION } from '../complaints/complaints.fixtures';

const rowsOf = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? result) as Array<Record<string, unknown>>;

// The administrator's view of an officer's assigned complaints (the complaints booked into the slots the officer
// serves) comes a page at a time as the other complaint lists do (keyset: submitted_at, then id), with a count capped
// at LIST_COUNT_CAP. Complaints are written here straight into the table, many at one instant, so that the
// pages' order must be decided by the id where the instants tie.
describe.each(DB_KINDS)('an officer’s assigned complaints, paged, on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let citizenId: number;
  let officers: Record<'a' | 'b' | 'idle', Awaited<ReturnType<typeof createOfficer>>>;
  let slotIds: Record<'onlyA' | 'alsoA' | 'onlyB' | 'shared' | 'nobody', number>;

  /** `count` crime complaints booked into the slot (null: none), all submitted at `at`. */
  const insert = (slotId: number | null, at: string, count = 1) =>
    t.database.db.execute(sql`
      insert into complaints (reference_number, complaint_type, citizen_user_id, station_id, branch, slot_id, full_name, age,
        gender, home_address, id_number, phone_number, what_happened, occurred_at, place, submitted_at)
      select 'TST-' || nextval('complaint_reference_seq'), 'crime'::complaint_type, ${citizenId},
        (select id from stations where name = ${HOME_STATION}), 'Crime Branch'::branch, ${slotId}, 'Nimal Perera', 40, 'male',
        '1 Main Street', '198512345678', '+94771234567', 'A test complaint', now(), 'Colombo', ${at}::timestamptz
      from generate_series(1, ${count})`);

  /** The ids `where` selects in the list's order: newest submitted first, the larger id first at a tie. */
  const idsInOrder = async (where: SQL) =>
    rowsOf(await t.database.db.execute(sql`select id from complaints where ${where} order by submitted_at desc, id desc`)).map((r) => Number(r.id));
  const ofSlots = (...ids: number[]) =>
    sql`slot_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`;

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });
  const pathOf = (officer: Awaited<ReturnType<typeof createOfficer>>) => `/api/admin/users/${officer.officer.user_id}/assigned-complaints`;

  /** Every page of an officer's list, `size` at a time: the ids in the order shown, and each page's answer. */
  async function walk(path: string, size: number) {
    const ids: number[] = [];
    const pages: Array<{ total: number; total_exact: boolean; page_size: number; next_cursor: string | null; count: number }> = [];
    let cursor: string | null = null;
    do {
      const res = await get(`${path}?page_size=${size}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
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

  const assign = async (slotId: number, officerRowId: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/slots/${slotId}/assign-officer`,
      headers: bearer(admin),
      payload: { officerId: officerRowId },
    });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAdmin(t);
    citizenId = (await createCitizen(t)).id;
    officers = {
      a: await createOfficer(t, 'Crime Branch', { adminToken: admin }),
      b: await createOfficer(t, 'Crime Branch', { adminToken: admin }),
      idle: await createOfficer(t, 'Crime Branch', { adminToken: admin }),
    };
    const slot = () => createSlot(t, admin, { branch: 'Crime Branch' }).then((s) => s.id);
    slotIds = { onlyA: await slot(), alsoA: await slot(), onlyB: await slot(), shared: await slot(), nobody: await slot() };
    await assign(slotIds.onlyA, officers.a.officer.id);
    await assign(slotIds.alsoA, officers.a.officer.id);
    await assign(slotIds.onlyB, officers.b.officer.id);
    await assign(slotIds.shared, officers.a.officer.id);
    await assign(slotIds.shared, officers.b.officer.id);
    // Officer A's slots: three complaints at one instant across two slots, two at another, one older, one in the
    // shared slot tying with them; B's and nobody's tie with A's too; and one complaint without a slot.
    await insert(slotIds.onlyA, '2026-03-01T08:00:00.000001Z', 2);
    await insert(slotIds.alsoA, '2026-03-01T08:00:00.000001Z');
    await insert(slotIds.alsoA, '2026-03-02T08:00:00Z', 2);
    await insert(slotIds.onlyA, '2026-02-01T08:00:00Z');
    await insert(slotIds.shared, '2026-03-01T08:00:00.000001Z');
    await insert(slotIds.onlyB, '2026-03-01T08:00:00.000001Z', 2);
    await insert(slotIds.nobody, '2026-03-01T08:00:00.000001Z');
    await insert(null, '2026-03-01T08:00:00.000001Z');
  });
  afterAll(() => t?.close());

  it("gives every complaint of the officer's slots once, newest first, across pages, ties in id order", async () => {
    const expected = await idsInOrder(ofSlots(slotIds.onlyA, slotIds.alsoA, slotIds.shared));
    expect(expected).toHaveLength(7);
    for (const size of [1, 2, 3, 7, 50]) {
      const { ids, pages } = await walk(pathOf(officers.a), size);
      expect(ids).toEqual(expected);
      expect(pages).toHaveLength(Math.ceil(7 / size));
      expect(pages.every((p) => p.total === 7 && p.total_exact && p.page_size === size && p.count <= size)).toBe(true);
      expect(pages.at(-1)!.next_cursor).toBeNull();
    }
  });

  it("shows only that officer's slots' complaints (a shared slot's in both lists), none for an officer without slots", async () => {
    const b = await walk(pathOf(officers.b), 2);
    expect(b.ids).toEqual(await idsInOrder(ofSlots(slotIds.onlyB, slotIds.shared)));
    expect(b.ids).toHaveLength(3);
    expect(b.pages.every((p) => p.total === 3 && p.total_exact)).toBe(true);

    const idle = (await get(pathOf(officers.idle))).json();
    expect(idle).toEqual({ complaints: [], total: 0, total_exact: true, page_size: COMPLAINTS_PAGE_SIZE, next_cursor: null });
  });

  it('answers the first page at the default size without a query, with the complaints in full', async () => {
    const body = (await get(pathOf(officers.a))).json();
    expect(body).toMatchObject({ total: 7, total_exact: true, page_size: COMPLAINTS_PAGE_SIZE, next_cursor: null });
    expect(body.complaints).toHaveLength(7);
    expect(body.complaints[0]).toMatchObject({ station: HOME_STATION, branch: 'Crime Branch', attachment: null, history: [] });
    expect(body.complaints[0]).not.toHaveProperty('cursor');
  });

  it("a cursor from another officer's list shows only this officer's complaints (the scope is the path's, never the cursor's)", async () => {
    const first = (await get(`${pathOf(officers.b)}?page_size=1`)).json();
    const res = await get(`${pathOf(officers.a)}?cursor=${encodeURIComponent(first.next_cursor)}`);
    expect(res.statusCode).toBe(200);
    const own = await idsInOrder(ofSlots(slotIds.onlyA, slotIds.alsoA, slotIds.shared));
    expect(res.json().complaints.length).toBeGreaterThan(0);
    expect(res.json().complaints.every((c: { id: number }) => own.includes(c.id))).toBe(true);
  });

  it('an account that is no officer has an empty list; an unknown one is 404', async () => {
    const body = (await get(`/api/admin/users/${citizenId}/assigned-complaints?page_size=5`)).json();
    expect(body).toEqual({ complaints: [], total: 0, total_exact: true, page_size: 5, next_cursor: null });
    const res = await get('/api/admin/users/99999999/assigned-complaints?page_size=5');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('users.not_found');
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
      const res = await get(`${pathOf(officers.a)}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fieldKeys).toHaveProperty(field);
    }
  });

  it(`counts the list up to ${LIST_COUNT_CAP} and says when there are more`, async () => {
    const busy = await createOfficer(t, 'Crime Branch', { adminToken: admin });
    const slot = (await createSlot(t, admin, { branch: 'Crime Branch' })).id;
    await assign(slot, busy.officer.id);
    await insert(slot, '2026-01-01T00:00:00Z', LIST_COUNT_CAP + 1);
    const body = (await get(`${pathOf(busy)}?page_size=100`)).json();
    expect(body).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false, next_cursor: expect.any(String) });
    expect(body.complaints).toHaveLength(100);
    // One fewer is counted exactly.
    await t.database.db.execute(sql`delete from complaints where id = (select max(id) from complaints where slot_id = ${slot})`);
    expect((await get(`${pathOf(busy)}?page_size=1`)).json()).toMatchObject({ total: LIST_COUNT_CAP, total_exact: true });
  });
});
