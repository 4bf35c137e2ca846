import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LIST_COUNT_CAP } from '@pes/contracts';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { adminBranchOfficer, applicant, appliedAndPaid, send } from './clearance.fixtures';

/** Letters only, different each run: a word no other application's name contains. */
const word = () => `Zx${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

// At national size the Admin Branch's list counts what it finds only up to a cap, reads the station from its own
// indexed column, and pages a search (a union of index scans) by paid instant and id like the whole list.
describe.each(DB_KINDS)("the Admin Branch's list at scale on %s", (kind) => {
  let t: TestApp;
  let officer: string;
  let name: string;
  let seed: { id: number; reference: string };
  beforeAll(async () => {
    t = await startTestApp(kind);
    officer = (await adminBranchOfficer(t)).token;
    name = word();
    seed = await appliedAndPaid(t, await applicant(t), { full_name_nic: `Kasun ${name}`, station: 'Kollupitiya Police Station' });
    // LIST_COUNT_CAP + 1 finished copies of it, by the same applicant: the first five paid in one instant, a minute before the seed.
    await t.database.db.execute(sql`
      insert into clearance_applications (reference_number, citizen_user_id, status, nic_number, full_name_nic, details, amount_cents, paid_at)
      select 'PCC-1999-' || lpad(g::text, 6, '0'), citizen_user_id, 'completed', nic_number, full_name_nic, details, amount_cents,
        case when g <= 5 then paid_at - interval '1 minute' else paid_at - make_interval(mins => g) end
      from clearance_applications, generate_series(1, ${LIST_COUNT_CAP + 1}) g where id = ${seed.id}`);
  });
  afterAll(() => t?.close());

  const list = async (query: string) => {
    const res = await send(t, 'GET', `/api/clearance/applications?${query}`, officer);
    expect(res.statusCode, query).toBe(200);
    return res.json() as { applications: Array<{ id: number; station: string }>; total: number; total_exact: boolean; next_cursor: string | null };
  };

  it('counts up to the cap: more than that is the cap, not exact', async () => {
    expect(await list(`search=${name}&page_size=1`)).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    expect(await list('page_size=1')).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    // The station's own column: all of them chose Kollupitiya.
    expect(await list('station=Kollupitiya%20Police%20Station&page_size=1')).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    expect(await list(`station=Slave%20Island%20Police&search=${name}`)).toMatchObject({ total: 0, total_exact: true, applications: [] });
    // At most the cap is exact.
    const one = await list(`search=${encodeURIComponent(seed.reference)}`);
    expect(one).toMatchObject({ total: 1, total_exact: true, applications: [{ id: seed.id, station: 'Kollupitiya Police Station' }] });
  });

  it("reads the station from the column PostgreSQL keeps from the application's details", async () => {
    const [row] = (
      (await t.database.db.execute(sql`select station, details->>'station' as chosen from clearance_applications where id = ${seed.id}`)) as unknown as {
        rows: Array<{ station: string; chosen: string }>;
      }
    ).rows;
    expect(row).toEqual({ station: 'Kollupitiya Police Station', chosen: 'Kollupitiya Police Station' });
    const other = word();
    const slaveIsland = await appliedAndPaid(t, await applicant(t), { full_name_nic: `Nuwan ${other}`, station: 'Slave Island Police' });
    expect((await list(`search=${other}&station=Slave%20Island%20Police`)).applications.map((a) => a.id)).toEqual([slaveIsland.id]);
    expect((await list(`search=${other}&station=Kollupitiya%20Police%20Station`)).applications).toEqual([]);
  });

  it("pages a search's many matches newest paid first, ties by id, each once, by name and by NIC alike", async () => {
    const expected = (
      (await t.database.db.execute(
        sql`select id from clearance_applications where full_name_nic = ${`Kasun ${name}`} order by paid_at desc, id desc limit 12`,
      )) as unknown as { rows: Array<{ id: number }> }
    ).rows.map((r) => r.id);
    expect(expected[0]).toBe(seed.id);
    const [{ nic }] = (
      (await t.database.db.execute(sql`select nic_number as nic from clearance_applications where id = ${seed.id}`)) as unknown as {
        rows: Array<{ nic: string }>;
      }
    ).rows as [{ nic: string }];
    for (const search of [name, `kasun ${name.slice(0, 5)}`, nic]) {
      const seen: number[] = [];
      let query = `search=${encodeURIComponent(search)}&page_size=2`;
      while (seen.length < expected.length) {
        const page = await list(query);
        seen.push(...page.applications.map((a) => a.id));
        query = `search=${encodeURIComponent(search)}&page_size=2&cursor=${encodeURIComponent(page.next_cursor!)}`;
      }
      expect(seen, search).toEqual(expected);
    }
  });
});
