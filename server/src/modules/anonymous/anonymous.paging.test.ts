import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { ANONYMOUS_OFFICER_PAGE_SIZE } from '@pes/contracts';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createOfficer, login } from '../../../test/helpers';
import { anonymousComplaints } from './anonymous.table';
import { EMPTY_STATION, reportFields, submitReport } from './anonymous.fixtures';
import { DEMO_ADMIN_PASSWORD } from '../../seed/demo-accounts';

/** The officer's queue comes a page at a time, newest first, so thousands of reports never travel at once. */
describe.each(DB_KINDS)("an officer's anonymous queue in pages on %s", (kind) => {
  let t: TestApp;
  let officer: { token: string; code: string };
  let ids: number[];
  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = await login(t, 'admin', DEMO_ADMIN_PASSWORD, 'admin');
    // The only Crime Branch officer anywhere: every report is theirs.
    const o = await createOfficer(t, 'Crime Branch', { adminToken: admin, station: EMPTY_STATION });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(o.token) });
    officer = { token: o.token, code: me.json().user.officerId as string };
    // Some arrive at once (the same instant is possible), so the order falls back on the id.
    ids = [];
    for (let batch = 0; batch < 6; batch++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => submitReport(t, reportFields({ station: EMPTY_STATION }))));
      for (const a of answers) {
        expect(a.statusCode).toBe(201);
        ids.push(a.json().id as number);
      }
    }
  });
  afterAll(() => t?.close());

  const page = (query = '') => t.app.inject({ method: 'GET', url: `/api/anonymous/officer/${officer.code}${query}`, headers: bearer(officer.token) });

  it('gives every report once, newest first, a page at a time', async () => {
    const seen: { id: number; submitted_at: string }[] = [];
    let query = '';
    for (let pages = 0; pages < 10; pages++) {
      const res = await page(query);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { complaints: { id: number; submitted_at: string }[]; next_cursor: string | null };
      expect(body.complaints.length).toBeLessThanOrEqual(ANONYMOUS_OFFICER_PAGE_SIZE);
      seen.push(...body.complaints);
      if (!body.next_cursor) break;
      query = `?before=${encodeURIComponent(body.next_cursor)}`;
    }
    expect(seen.map((c) => c.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    // Newest first (the answer shows milliseconds; the order uses the stored microseconds, then the id).
    const times = seen.map((c) => Date.parse(c.submitted_at));
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeLessThanOrEqual(times[i - 1]!);
  });

  it('filters by status in the database, with its own pages', async () => {
    const completed = ids.slice(0, 30);
    await t.modules.db.update(anonymousComplaints).set({ status: 'Completed' }).where(inArray(anonymousComplaints.id, completed));
    const first = (await page('?status=Completed')).json();
    expect(first.complaints).toHaveLength(ANONYMOUS_OFFICER_PAGE_SIZE);
    expect(first.complaints.every((c: { status: string }) => c.status === 'Completed')).toBe(true);
    const second = (await page(`?status=Completed&before=${encodeURIComponent(first.next_cursor)}`)).json();
    expect(second.complaints).toHaveLength(30 - ANONYMOUS_OFFICER_PAGE_SIZE);
    expect(second.next_cursor).toBeNull();
    await t.modules.db.update(anonymousComplaints).set({ status: 'Pending' }).where(eq(anonymousComplaints.status, 'Completed'));
  });

  it('refuses a cursor it did not make, naming the field', async () => {
    for (const bad of ['yesterday', '2026-01-01T00:00:00.000Z_5', `2026-01-01T00:00:00.000000_${'9'.repeat(11)}`]) {
      const res = await page(`?before=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fieldKeys).toEqual({ before: 'invalidCursor' });
    }
  });
});
