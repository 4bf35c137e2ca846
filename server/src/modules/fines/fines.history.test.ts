import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LIST_COUNT_CAP, FINE_HISTORY_PAGE_SIZE } from '@pes/contracts';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { createCitizen } from '../../../test/helpers';
import { finesActors, get, issueFine } from './fines.fixtures';

const rowsOf = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? result) as Array<Record<string, unknown>>;
const planText = (result: unknown) =>
  rowsOf(result)
    .map((row) => Object.values(row)[0])
    .join('\n');

// The citizen's payment history comes a page at a time, newest payment first (keyset: paid_at, then id), with a
// count capped at LIST_COUNT_CAP. Paid fines are copied here straight into the table, many paid at the same
// instant, so that the pages' order must be decided by the id where the instants tie.
describe.each(DB_KINDS)('the payment history pages on %s', (kind) => {
  let t: TestApp;
  let actors: Awaited<ReturnType<typeof finesActors>>;
  let seedId: string;

  /** `count` copies of the seed fine for an identity, with that status and paid_at. */
  const copies = (identityNumber: string, count: number, paidAt: string | null) =>
    t.database.db.execute(sql`
      insert into fines (citizen_identity_type, citizen_identity_number, vehicle_number, vehicle_key, amount_cents, description, incident_at,
        incident_location, offense_type, court_required, status, due_date, issued_at, issued_by_user_id, paid_at, payment_reference)
      select citizen_identity_type, ${identityNumber}, vehicle_number, vehicle_key, amount_cents, description, incident_at,
        incident_location, offense_type, court_required, ${paidAt === null ? 'unpaid' : 'paid'}::fine_status, due_date, issued_at, issued_by_user_id,
        ${paidAt}::timestamptz, ${paidAt === null ? null : 'PAY-TEST'}
      from fines, generate_series(1, ${count}) where id = ${seedId}`);

  const paidInOrder = async (identityNumber: string) =>
    rowsOf(
      await t.database.db.execute(
        sql`select id from fines where citizen_identity_number = ${identityNumber} and status = 'paid' order by paid_at desc, id desc`,
      ),
    ).map((r) => String(r.id));

  async function walk(token: string, size: number) {
    const ids: string[] = [];
    const pages: Array<{ total: number; total_exact: boolean; page_size: number; next_cursor: string | null; count: number }> = [];
    let cursor: string | null = null;
    do {
      const res = await get(t, `/api/fines/history?page_size=${size}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token);
      expect(res.statusCode).toBe(200);
      const { fines, ...page } = res.json() as {
        fines: { id: string; status: string }[];
        total: number;
        total_exact: boolean;
        page_size: number;
        next_cursor: string | null;
      };
      expect(fines.every((f) => f.status === 'paid')).toBe(true);
      ids.push(...fines.map((f) => f.id));
      pages.push({ ...page, count: fines.length });
      cursor = page.next_cursor;
    } while (cursor !== null && pages.length < 50);
    return { ids, pages };
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    actors = await finesActors(t);
    seedId = (await issueFine(t, actors.officer.token, { citizen_identity_number: actors.citizen.identityNumber })).id;
    const own = actors.citizen.identityNumber;
    // Seven paid (three at one instant, two at another, ties), two unpaid; another identity's paid fines besides.
    await copies(own, 3, '2026-04-01T10:00:00.000001Z');
    await copies(own, 2, '2026-04-02T10:00:00Z');
    await copies(own, 1, '2026-03-01T10:00:00Z');
    await copies(own, 1, '2026-04-01T10:00:00Z');
    await copies(own, 2, null);
    await copies('199912345678', 2, '2026-04-01T10:00:00.000001Z');
  });
  afterAll(() => t?.close());

  it('gives the citizen each of their paid fines once, newest payment first, across pages, ties in id order', async () => {
    const expected = await paidInOrder(actors.citizen.identityNumber);
    expect(expected).toHaveLength(7);
    for (const size of [1, 2, 3, 7, 100]) {
      const { ids, pages } = await walk(actors.citizen.token, size);
      expect(ids).toEqual(expected);
      expect(pages).toHaveLength(Math.ceil(7 / size));
      expect(pages.every((p) => p.total === 7 && p.total_exact && p.page_size === size && p.count <= size)).toBe(true);
      expect(pages.at(-1)!.next_cursor).toBeNull();
    }
    const first = (await get(t, '/api/fines/history', actors.citizen.token)).json();
    expect(first).toMatchObject({ total: 7, total_exact: true, page_size: FINE_HISTORY_PAGE_SIZE, next_cursor: null });
    expect(first.fines[0]).not.toHaveProperty('cursor');
  });

  it('shows another citizen none of them, only their own', async () => {
    const other = await createCitizen(t);
    expect((await get(t, '/api/fines/history', other.token)).json()).toMatchObject({ fines: [], total: 0, total_exact: true, next_cursor: null });
    await copies(other.identityNumber, 2, '2026-04-05T10:00:00Z');
    const { ids } = await walk(other.token, 1);
    expect(ids).toEqual(await paidInOrder(other.identityNumber));
    expect(ids).toHaveLength(2);
    // A cursor from someone else's page still pages only one's own.
    const theirs = (await get(t, '/api/fines/history?page_size=1', actors.citizen.token)).json();
    const mine = (await get(t, `/api/fines/history?cursor=${theirs.next_cursor}`, other.token)).json();
    expect(mine.fines.every((f: { id: string }) => ids.includes(f.id))).toBe(true);
  });

  it('refuses a malformed cursor or page size with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['cursor=abc', 'cursor'],
      ['cursor=2026-04-01T10:00:00.000000_42', 'cursor'],
      ["cursor=2026-04-01T10:00:00.000000_x'%20or%20'1'='1", 'cursor'],
      ['page_size=0', 'page_size'],
      ['page_size=101', 'page_size'],
      ['page_size=many', 'page_size'],
    ] as const) {
      const res = await get(t, `/api/fines/history?${query}`, actors.citizen.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fieldKeys).toHaveProperty(field);
    }
  });

  it(`counts paid fines up to ${LIST_COUNT_CAP} and says when there are more`, async () => {
    const busy = await createCitizen(t);
    await copies(busy.identityNumber, LIST_COUNT_CAP + 1, '2026-01-01T00:00:00Z');
    const body = (await get(t, '/api/fines/history?page_size=100', busy.token)).json();
    expect(body).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false, next_cursor: expect.any(String) });
    expect(body.fines).toHaveLength(100);
  });

  it('reads the pages from the paid fines index in order, with no sort', async () => {
    for (const after of [sql``, sql`and (paid_at, id) < ('2026-04-01T10:00:00.000001Z'::timestamptz, '678f9b78-36af-49af-8dca-c104efbdf853'::uuid)`]) {
      const plan = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_sort = off`);
        await tx.execute(sql`set local enable_seqscan = off`);
        return planText(
          await tx.execute(sql`explain select id from fines where citizen_identity_type = 'NIC' and citizen_identity_number = '199010312345'
            and status = 'paid' ${after} order by paid_at desc, id desc limit 26`),
        );
      });
      expect(plan).toMatch(/Index (Only )?Scan Backward using fines_citizen_paid_idx/);
      expect(plan).not.toMatch(/Sort/);
    }
  });
});
