import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { login } from '../../../test/helpers';
import { get, post } from './fines.fixtures';
import { DEMO_CITIZEN_PASSWORD, DEMO_OFFICER_PASSWORD } from '../../seed/demo-accounts';

describe.each(DB_KINDS)('demo fines in a development database on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { demo: true });
  });
  afterAll(() => t?.close());

  it('gives the demo citizen fines to find and pay, and the analytics page about 200 more', async () => {
    const citizen = await login(t, 'citizen', DEMO_CITIZEN_PASSWORD);
    const found = (await get(t, '/api/fines/search?identity_type=NIC&identity_number=199010312345&vehicle_number=WP%20CAB-1234', citizen)).json()
      .fines as Array<{
      id: string;
      display_status: string;
      issued_by: string;
    }>;
    expect(found).toHaveLength(3);
    expect(found.map((f) => f.display_status).sort()).toEqual(['Overdue', 'Unpaid', 'Unpaid']);
    expect(new Set(found.map((f) => f.issued_by))).toEqual(new Set(['Chaminda Silva']));
    const init = await post(t, `/api/fines/${found[0]!.id}/initiate-payment`, citizen);
    expect(init.json().url).toMatch(/^\/checkout\//);

    const officer = await login(t, 'fines.officer', DEMO_OFFICER_PASSWORD);
    const overview = (await get(t, '/api/fines/analytics/overview', officer)).json();
    const total = overview.topViolations.reduce((n: number, v: { count: number }) => n + v.count, 0);
    expect(total).toBe(204);
    expect(overview.topLocations).toHaveLength(5);
    expect(overview.hourlyDistribution.filter((h: { count: number }) => h.count > 0).length).toBeGreaterThan(12);
    // Every fine of the officer, 25 to a page, each once, newest first, the last page saying so.
    const first = (await get(t, '/api/fines/officer/my-fines', officer)).json();
    expect(first).toMatchObject({ total: 204, total_exact: true, page_size: 25, next_cursor: expect.any(String) });
    const pages = [first];
    while (pages.at(-1).next_cursor) pages.push((await get(t, `/api/fines/officer/my-fines?before=${pages.at(-1).next_cursor}`, officer)).json());
    expect(pages.map((p) => p.fines.length)).toEqual([25, 25, 25, 25, 25, 25, 25, 25, 4]);
    const seen = pages.flatMap((p) => p.fines) as Array<{ id: string; issued_at: string }>;
    expect(new Set(seen.map((f) => f.id)).size).toBe(204);
    expect(seen.map((f) => f.issued_at)).toEqual([...seen.map((f) => f.issued_at)].sort().reverse());
  });
});
