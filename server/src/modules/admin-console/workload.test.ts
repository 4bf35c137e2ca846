import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DB_KINDS, type TestApp } from '../../../test/harness';
import { bearer, createOfficer, onTestApp, signInAdmin } from '../../../test/helpers';
import { reportFields, submitReport } from '../anonymous/anonymous.fixtures';
import { anonymousComplaints } from '../anonymous/anonymous.table';
import { issueFine } from '../fines/fines.fixtures';

// Issue 25 item 15: each branch's own work counts in the workload table, not only complaint slots.
describe.each(DB_KINDS)('the officer workload of every branch on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  onTestApp(kind, async (app) => ((t = app), (admin = await signInAdmin(app))));

  const workload = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/officer-workload?${query}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    return res.json().rows as Array<{ officer_row_id: number; status: string; total: number; pending: number; completed: number }>;
  };

  it('counts the fines a Traffic Fine officer issued as done work', async () => {
    const officer = await createOfficer(t, 'Traffic Fine Branch', { adminToken: admin });
    for (let i = 0; i < 3; i += 1) await issueFine(t, officer.token);
    const row = (await workload('branch=Traffic%20Fine%20Branch')).find((r) => r.officer_row_id === officer.officer.id);
    expect(row).toMatchObject({ total: 3, completed: 3, pending: 0, status: 'balanced' });
  });

  it('counts the anonymous reports assigned to a Crime Branch officer by class', async () => {
    await createOfficer(t, 'Crime Branch', { adminToken: admin });
    const res = await submitReport(t, reportFields());
    expect(res.statusCode).toBe(201);
    const [report] = await t.database.db
      .select({ officer: anonymousComplaints.assignedOfficerId })
      .from(anonymousComplaints)
      .where(eq(anonymousComplaints.id, res.json().id));
    const assigned = await t.database.db.select({ officer: anonymousComplaints.assignedOfficerId }).from(anonymousComplaints);
    const reportsOfOfficer = assigned.filter((r) => r.officer === report!.officer).length;
    const row = (await workload('branch=Crime%20Branch')).find((r) => r.officer_row_id === report!.officer);
    expect(row).toMatchObject({ total: reportsOfOfficer, pending: reportsOfOfficer });
  });

  it('lists only the officers of the status asked for', async () => {
    const idle = await createOfficer(t, 'Admin Branch', { adminToken: admin });
    const under = await workload('status=under-utilized');
    expect(under.length).toBeGreaterThan(0);
    expect(under.every((r) => r.status === 'under-utilized')).toBe(true);
    expect(under.some((r) => r.officer_row_id === idle.officer.id)).toBe(true);
    expect((await workload('status=balanced')).some((r) => r.officer_row_id === idle.officer.id)).toBe(false);
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/officer-workload?status=busy', headers: bearer(admin) });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error.fieldKeys)).toEqual(['status']);
  });
});
