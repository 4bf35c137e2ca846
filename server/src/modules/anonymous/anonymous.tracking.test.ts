import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createOfficer, login } from '../../../test/helpers';
import { createAnonymousRepository } from './anonymous.repository';
import { hashTrackingCode } from './anonymous.service';
import { HOME_STATION, OTHER_STATION, reportFields, submitReport } from './anonymous.fixtures';
import { DEMO_ADMIN_PASSWORD } from '../../seed/demo-accounts';

type Plan = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Index Cond'?: string; Plans?: Plan[] };
const nodes = (plan: Plan): Plan[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/**
 * A tracking code shows its own report's history and nothing of any other: officers type statuses as free
 * text, and what one wrote on one report must never reach the reporter of another (issue 20, finding 3).
 */
describe.each(DB_KINDS)('anonymous tracking shows only its own report on %s', (kind) => {
  let t: TestApp;
  let officer: { token: string; code: string };
  let officerElsewhere: { token: string; code: string };
  const track = (code: string, remoteAddress = '192.0.2.10') =>
    t.app.inject({ method: 'POST', url: '/api/anonymous/track', payload: { tracking_code: code }, remoteAddress });
  const setStatus = (id: number, status: string, token: string) =>
    t.app.inject({ method: 'PUT', url: `/api/anonymous/${id}/status`, headers: bearer(token), payload: { status } });

  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = await login(t, 'admin', DEMO_ADMIN_PASSWORD, 'admin');
    const crimeOfficer = async (station: string) => {
      const o = await createOfficer(t, 'Crime Branch', { adminToken: admin, station });
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(o.token) });
      return { token: o.token, code: me.json().user.officerId as string };
    };
    officer = await crimeOfficer(HOME_STATION);
    officerElsewhere = await crimeOfficer(OTHER_STATION);
  });
  afterAll(() => t?.close());

  it("a new report's tracking shows no status change typed on another report (of any station)", async () => {
    const first = (await submitReport(t, reportFields())).json();
    const elsewhere = (await submitReport(t, reportFields({ station: OTHER_STATION }))).json();
    const note = 'Suspect named by the reporter: K. Perera of 12 Temple Road';
    expect((await setStatus(first.id, note, officer.token)).statusCode).toBe(200);
    expect((await setStatus(first.id, 'In Progress', officer.token)).statusCode).toBe(200);
    expect((await setStatus(elsewhere.id, 'Completed', officerElsewhere.token)).statusCode).toBe(200);

    const fresh = (await submitReport(t, reportFields())).json();
    const tracked = await track(fresh.tracking_code);
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json()).toEqual({ success: true, status: 'Pending', submitted_on: expect.any(String), history: [] });
    expect(tracked.body).not.toContain('Perera');

    // Each report's own changes, in order, and only those.
    expect((await track(first.tracking_code)).json().history.map((h: { status: string }) => h.status)).toEqual([note, 'In Progress']);
    expect((await track(elsewhere.tracking_code)).json().history.map((h: { status: string }) => h.status)).toEqual(['Completed']);
  });

  it("the officer's view of a report lists that report's history only", async () => {
    const a = (await submitReport(t, reportFields())).json();
    const b = (await submitReport(t, reportFields())).json();
    expect((await setStatus(a.id, 'Witness statement taken', officer.token)).statusCode).toBe(200);
    const updated = await setStatus(b.id, 'In Progress', officer.token);
    expect(updated.json().complaint.history).toEqual([expect.objectContaining({ from_status: 'Pending', to_status: 'In Progress' })]);
    const list = await t.app.inject({ method: 'GET', url: `/api/anonymous/officer/${officer.code}`, headers: bearer(officer.token) });
    const byId = new Map(list.json().complaints.map((c: { id: number; history: unknown }) => [c.id, c.history]));
    expect(byId.get(a.id)).toEqual([expect.objectContaining({ to_status: 'Witness statement taken' })]);
    expect(byId.get(b.id)).toEqual([expect.objectContaining({ to_status: 'In Progress' })]);
    const repository = createAnonymousRepository(t.modules.db);
    expect((await repository.viewById(b.id))!.history).toEqual([expect.objectContaining({ to_status: 'In Progress' })]);
  });

  it("reads the report's history through its index, not every report's", async () => {
    const repository = createAnonymousRepository(t.modules.db);
    const query = repository.trackQuery(hashTrackingCode('A'.repeat(32)));
    // The tables are small here: without sequential scans the planner shows whether the index can serve.
    const plan = await t.modules.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = (await tx.execute(sql`explain (format json) ${query}`)) as unknown as { rows?: unknown[] } | unknown[];
      const list = (Array.isArray(rows) ? rows : rows.rows!) as Array<{ 'QUERY PLAN': unknown }>;
      const raw = list[0]!['QUERY PLAN'];
      return (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: Plan }>;
    });
    const all = nodes(plan[0]!.Plan);
    // The history rows are found by the report's own id (an index scan, or a bitmap of one) ...
    expect(all.filter((n) => n['Index Name'] === 'anonymous_status_history_complaint_idx')).toEqual([
      expect.objectContaining({ 'Index Cond': '(complaint_id = anonymous_complaints.id)' }),
    ]);
    // ... and never by reading the whole table.
    expect(all.filter((n) => n['Relation Name'] === 'anonymous_status_history' && n['Node Type'] === 'Seq Scan')).toEqual([]);
  });
});
