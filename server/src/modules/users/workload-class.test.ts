import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { workloadClass, workloadStatus } from '@pes/contracts';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';

// Spec §4: the database's workload_class (which the complaints trigger counts by) and the contracts' say the same.
const STATUSES = [
  'Pending',
  'PENDING review',
  'Officer Assigned',
  'In Progress',
  'in progress - pending documents',
  'Resolved',
  'Case closed',
  'COMPLETED',
  'Completed but pending signature',
  'Rejected',
  'Under investigation',
  '',
  'Progressing',
];

describe.each(DB_KINDS)('workload classes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('the SQL function classifies every status as the contracts do', async () => {
    for (const status of STATUSES) {
      const result = await t.database.db.execute(sql`select workload_class(${status}) as c`);
      const rows = ((result as { rows?: Array<{ c: string }> }).rows ?? result) as Array<{ c: string }>;
      expect(rows[0]!.c, status).toBe(workloadClass(status));
    }
    expect(STATUSES.map(workloadClass)).toEqual([
      'pending',
      'pending',
      'pending',
      'in_progress',
      'in_progress',
      'completed',
      'completed',
      'completed',
      'pending',
      'other',
      'other',
      'other',
      'in_progress',
    ]);
  });
});

describe('workload status (spec §4)', () => {
  it.each([
    [{ total: 10, pending: 5, in_progress: 4 }, 8, 2, 'overloaded'],
    [{ total: 10, pending: 4, in_progress: 4 }, 8, 2, 'balanced'],
    [{ total: 1, pending: 1, in_progress: 0 }, 8, 2, 'under-utilized'],
    [{ total: 2, pending: 0, in_progress: 0 }, 8, 2, 'balanced'],
    [{ total: 0, pending: 0, in_progress: 0 }, 0, 0, 'balanced'],
    [{ total: 1, pending: 1, in_progress: 0 }, 0, 0, 'overloaded'],
    [{ total: 20, pending: 9, in_progress: 0 }, 8, 100, 'overloaded'],
  ] as const)('%j with thresholds %i and %i is %s', (row, over, under, expected) => {
    expect(workloadStatus(row, over, under)).toBe(expected);
  });
});
