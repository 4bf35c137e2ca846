import { describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { colomboDate } from '@pes/contracts';
import { DB_KINDS, TEST_ADMIN, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, login, onTestApp, signInAdmin } from '../../../test/helpers';
import { complaintFields, createSlot, submitComplaint } from '../complaints/complaints.fixtures';
import { issueFine } from '../fines/fines.fixtures';
import { auditLog } from './audit.table';

describe.each(DB_KINDS)('the audit log on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  onTestApp(kind, async (app) => ((t = app), (admin = await signInAdmin(app))));

  const entries = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit-log?${query}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    return res.json() as {
      entries: Array<Record<string, unknown> & { id: number; action: string; subject_id: string | null; summary: Record<string, unknown> }>;
      next_cursor: string | null;
    };
  };
  const total = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;
  const newest = async () => (await entries()).entries[0]!;

  it('records every officer and administrator write with who, what, which record and a summary', async () => {
    const officer = await createOfficer(t, 'Crime Branch', { adminToken: admin, full_name: 'Audit Officer' });
    const created = (await entries('action=officer.create')).entries[0]!;
    expect(created).toMatchObject({
      actor_username: TEST_ADMIN.username,
      actor_role: 'admin',
      subject_type: 'user',
      subject_id: String(officer.officer.user_id),
    });
    expect(JSON.stringify(created.summary)).not.toMatch(/password|Officer@123/i);

    const slot = await createSlot(t, admin, { branch: 'Crime Branch' });
    expect(await newest()).toMatchObject({ action: 'slot.create', subject_type: 'slot', subject_id: String(slot.id) });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/slots/${slot.id}/assign-officer`,
      headers: bearer(admin),
      payload: { officerId: officer.officer.id },
    });
    expect(await newest()).toMatchObject({ action: 'slot.assign_officer', subject_id: String(slot.id), summary: { officer_row_id: officer.officer.id } });
    await t.app.inject({ method: 'DELETE', url: `/api/admin/slots/${slot.id}/remove-officer/${officer.officer.id}`, headers: bearer(admin) });
    expect(await newest()).toMatchObject({ action: 'slot.remove_officer', subject_id: String(slot.id) });

    const citizen = await createCitizen(t);
    const booked = await submitComplaint(t, citizen.token, 'crime', complaintFields('crime', slot.id));
    const complaintId = booked.json().complaint.id as number;
    await t.app.inject({
      method: 'PUT',
      url: `/api/police/complaints/${complaintId}/status`,
      headers: bearer(officer.token),
      payload: { status: 'In Progress' },
    });
    expect(await newest()).toMatchObject({
      action: 'complaint.status',
      actor_username: officer.username,
      actor_role: 'police_officer',
      actor_branch: 'Crime Branch',
      subject_id: String(complaintId),
      summary: { before: { status: 'Pending' }, after: { status: 'In Progress' } },
    });

    await t.app.inject({ method: 'DELETE', url: `/api/admin/slots/${slot.id}`, headers: bearer(admin) });
    expect(await newest()).toMatchObject({ action: 'slot.delete', subject_id: String(slot.id) });

    const finer = await createOfficer(t, 'Traffic Fine Branch', { adminToken: admin });
    const fine = await issueFine(t, finer.token);
    expect(await newest()).toMatchObject({ action: 'fine.issue', actor_branch: 'Traffic Fine Branch', subject_type: 'fine', subject_id: fine.id });

    await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${citizen.id}`, headers: bearer(admin) });
    expect(await newest()).toMatchObject({ action: 'user.delete', subject_id: String(citizen.id), summary: { after: { active: false } } });
  });

  it("records officers' and administrators' sign-ins and refused sign-ins, not citizens'", async () => {
    const officer = await createOfficer(t, 'Traffic Branch', { adminToken: admin });
    const citizen = await createCitizen(t);
    const before = await total();
    await login(t, citizen.username, citizen.password);
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: citizen.username, password: 'wrong-password' } });
    expect(await total()).toBe(before);

    await login(t, officer.username, officer.password, 'police');
    expect(await newest()).toMatchObject({ action: 'auth.sign_in', actor_username: officer.username, actor_branch: 'Traffic Branch' });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: officer.username, password: 'not-it-at-all' } });
    expect(wrong.statusCode).toBe(401);
    expect(await newest()).toMatchObject({ action: 'auth.sign_in_refused', actor_username: officer.username, summary: { reason: 'invalid_credentials' } });
    const area = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: officer.username, password: officer.password, area: 'admin' },
    });
    expect(area.statusCode).toBe(403);
    expect(await newest()).toMatchObject({ action: 'auth.sign_in_refused', summary: { reason: 'wrong_area:admin' } });
  });

  it('writes nothing for a refused write', async () => {
    const before = await total();
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/slots', headers: bearer(admin), payload: { date: 'nope' } });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'DELETE', url: '/api/admin/slots/99999999', headers: bearer(admin) });
    expect(missing.statusCode).toBe(404);
    const self = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${await adminId()}`, headers: bearer(admin) });
    expect(self.statusCode).toBe(409);
    expect(await total()).toBe(before);
  });
  const adminId = async () => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(admin) })).json().user.id as number;

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    expect(await total()).toBeGreaterThan(0);
    const before = await total();
    // Drizzle wraps the database's error: its cause carries the trigger's message.
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'accepted',
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
    expect(await refusal(t.database.db.execute(sql`update audit_log set actor_username = 'someone else'`))).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(t.database.db.execute(sql`delete from audit_log`))).toMatch(/append-only: DELETE refused/);
    expect(await refusal(t.database.db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE refused/);
    expect(await total()).toBe(before);
    expect((await entries('action=auth.sign_in')).entries.every((e) => e.actor_username !== 'someone else')).toBe(true);
  });

  it('filters by actor, action and date, newest first, in pages', async () => {
    for (let i = 0; i < 30; i++) await createSlot(t, admin, { branch: 'Traffic Branch' });
    const first = await entries('action=slot.create&actor=ADMIN');
    expect(first.entries).toHaveLength(25);
    expect(first.entries.every((e) => e.action === 'slot.create' && e.actor_username === TEST_ADMIN.username)).toBe(true);
    const ids = first.entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await entries(`action=slot.create&actor=admin&cursor=${first.next_cursor}`);
    expect(second.entries.length).toBeGreaterThan(0);
    expect(Math.max(...second.entries.map((e) => e.id))).toBeLessThan(Math.min(...ids));

    const today = colomboDate();
    expect((await entries(`from=${today}&to=${today}&action=slot.create`)).entries).toHaveLength(25);
    expect((await entries('from=2020-01-01&to=2020-01-02')).entries).toEqual([]);
    expect((await entries('actor=nobody.at.all')).entries).toEqual([]);
  });

  it.each(['cursor=x1', 'action=slot.explode', 'from=2025-02-30', 'actor=(10,000 characters)'])('refuses %s (400)', async (query) => {
    const url = `/api/admin/audit-log?${query.startsWith('actor=') ? `actor=${'a'.repeat(10_000)}` : query}`;
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
    expect(res.statusCode).toBe(400);
  });
});
