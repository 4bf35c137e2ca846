import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';

const planText = (result: unknown) =>
  (((result as { rows?: unknown[] }).rows ?? result) as Array<Record<string, string>>).map((row) => Object.values(row)[0]).join('\n');

// The officer's pages (fines.repository.ts pageIssuedBy) read the officer's fines newest first. Sorting them
// instead took the server down at a million fines (the bench: 6 requests/s, p99 71 s), so the index must give
// that order itself; with sorting and sequential scans priced out, the plan shows whether it can.
describe.each(DB_KINDS)("the officer's fine pages on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it.each([
    ['the first page', sql``],
    ['a page after a cursor', sql`and (issued_at, id) < ('2026-05-28T21:05:45.784873Z'::timestamptz, '678f9b78-36af-49af-8dca-c104efbdf853'::uuid)`],
  ])('%s is read from the officer index in order, with no sort', async (_page, after) => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      return planText(await tx.execute(sql`explain select id from fines where issued_by_user_id = 1 ${after} order by issued_at desc, id desc limit 51`));
    });
    expect(plan).toMatch(/Index (Only )?Scan Backward using fines_officer_issued_idx/);
    expect(plan).not.toMatch(/Sort/);
  });
});
