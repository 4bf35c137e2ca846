import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { adminBranchOfficer, applicant, appliedAndPaid, send } from './clearance.fixtures';
import { clearanceApplications } from './clearance.table';

/** The Admin Branch's list comes in keyset pages, newest paid first, like every other list. */
describe.each(DB_KINDS)('clearance applications in pages on %s', (kind) => {
  let t: TestApp;
  let officer: string;
  let ids: number[];
  beforeAll(async () => {
    t = await startTestApp(kind);
    officer = (await adminBranchOfficer(t)).token;
    ids = [];
    for (let i = 0; i < 3; i++) ids.push((await appliedAndPaid(t, await applicant(t))).id);
    // The first two paid in the same instant: the order falls back on the id.
    const [first, second] = ids;
    await t.database.db
      .update(clearanceApplications)
      .set({ paidAt: new Date('2026-03-01T04:00:00.123456Z') })
      .where(inArray(clearanceApplications.id, [first!, second!]));
  });
  afterAll(() => t?.close());

  const list = (query: string) => send(t, 'GET', `/api/clearance/applications?${query}`, officer);

  it('gives every application once, newest paid first, a page at a time', async () => {
    const seen: number[] = [];
    let query = 'page_size=1';
    for (let pages = 0; pages < 5; pages++) {
      const res = await list(query);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { applications: { id: number }[]; page_size: number; next_cursor: string | null };
      expect(body.page_size).toBe(1);
      seen.push(...body.applications.map((a) => a.id));
      if (!body.next_cursor) break;
      query = `page_size=1&cursor=${encodeURIComponent(body.next_cursor)}`;
    }
    const [first, second, third] = ids;
    expect(seen).toEqual([third, second, first]);
  });

  it('pages a filtered list on its own', async () => {
    const page = (await list('status=pending&page_size=2')).json();
    expect(page.applications).toHaveLength(2);
    const rest = (await list(`status=pending&page_size=2&cursor=${encodeURIComponent(page.next_cursor)}`)).json();
    expect(rest.applications).toHaveLength(1);
    expect(rest.next_cursor).toBeNull();
  });

  it('refuses a cursor it did not make, naming the field', async () => {
    for (const bad of ['2', 'yesterday', `2026-01-01T00:00:00.000000_${'9'.repeat(10)}`, '2026-01-01T00:00:00.000000_0']) {
      const res = await list(`cursor=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fieldKeys).toEqual({ cursor: 'invalidCursor' });
    }
  });
});
