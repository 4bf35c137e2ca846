import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, LIST_COUNT_CAP } from '@pes/contracts';
import { DB_KINDS, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, onTestApp, signInAdmin, unique } from '../../../test/helpers';

interface Page {
  users: Array<{ id: number; username: string; name: string | null }>;
  next_cursor: string | null;
  total: number;
  total_exact: boolean;
}

// At national size the users table counts up to a cap, and a search reads each way of matching from its own index,
// in the order of the text matched, so its pages come from the index instead of sorting every match.
describe.each(DB_KINDS)('the administrator’s user search at scale on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  onTestApp(kind, async (app) => ((t = app), (admin = await signInAdmin(app))));

  const page = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/users?${query}`, headers: bearer(admin) });
    expect(res.statusCode, query).toBe(200);
    return res.json() as Page;
  };
  /** `n` citizens named "<first> <second>", with usernames `<prefix><i>` (passport numbers that no search here matches), straight into the tables; their ids in order. */
  const citizens = async (n: number, first: string, second: string, prefix: string) => {
    const result = (await t.database.db.execute(sql`
      with made as (
        insert into users (username, password_hash, role) select ${prefix} || g, 'x', 'citizen' from generate_series(1, ${n}) g returning id, username)
      insert into citizen_profiles (user_id, first_name, second_name, date_of_birth, email, mobile_number, identity_type, identity_number, address, marital_status)
      select id, ${first}, ${second}, '1990-01-01', username || '@example.lk', '+94771234567', 'Passport', 'P' || upper(username), '1 Main Street', 'single' from made
      returning user_id`)) as unknown as { rows: Array<{ user_id: number }> };
    return result.rows.map((r) => r.user_id).sort((a, b) => a - b);
  };
  const walk = async (query: string) => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const next: Page = await page(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...next.users.map((u) => u.id));
      cursor = next.next_cursor;
    } while (cursor);
    return seen;
  };

  it('counts up to the cap: the whole list and a search past it say so, a search under it is exact', async () => {
    const surname = unique('Capped').toLowerCase();
    await citizens(LIST_COUNT_CAP + 1, 'Amal', surname, `${surname}.u`);
    expect(await page('')).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    expect(await page('role=citizen')).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    const searched = await page(`search=${surname}`);
    expect(searched).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false, next_cursor: expect.any(String) });
    expect(searched.users).toHaveLength(ADMIN_PAGE_SIZE);
    expect(await page(`search=amal%20${surname}`)).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    expect(await page(`search=${surname}&role=police_officer`)).toMatchObject({ total: 0, total_exact: true, users: [], next_cursor: null });
    expect(await page(`search=${surname}&state=deactivated`)).toMatchObject({ total: 0, total_exact: true });
  });

  it('pages a name many share by surname, first name, then id: each once, across pages, nothing skipped', async () => {
    const surname = unique('Ties').toLowerCase();
    // Thirty namesakes (one key, ordered by id across the page boundary), and three whose first name sorts first.
    const namesakes = await citizens(30, 'Kamal', surname, `${surname}k`);
    const before = await citizens(3, 'Amara', surname, `${surname}a`);
    // Surname first: "<surname> amara" before "<surname> kamal". Their usernames ("<surname>a1"…) also match,
    // and sort after: each account is listed once, at its first matching text.
    const seen = await walk(`search=${surname}`);
    expect(seen).toEqual([...before, ...namesakes]);
    expect((await page(`search=${surname}`)).total).toBe(33);
    // The first name's own order ("kamal <surname>") for a search by it.
    expect((await walk(`search=kamal%20${surname}`)).slice(0, 30)).toEqual(namesakes);
  });

  it('lists an account that matches in two ways once, at the first of its texts', async () => {
    const tag = unique('twice').toLowerCase();
    const citizen = await createCitizen(t, { username: `${tag}1`, first_name: 'Chathura', second_name: `${tag}son` });
    const listed = await page(`search=${tag}`);
    expect(listed.users.map((u) => u.id)).toEqual([citizen.id]);
    expect(listed).toMatchObject({ total: 1, total_exact: true });
  });

  it("refuses a cursor of the other kind: a search's on the whole list, an id alone on a search (400 naming it)", async () => {
    for (const query of ['cursor=kamal_12', 'search=kamal&cursor=12', `search=kamal&cursor=${'k'.repeat(600)}_12`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/users?${query}`, headers: bearer(admin) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fieldKeys, query).toEqual({ cursor: 'invalidCursor' });
    }
  });
});
