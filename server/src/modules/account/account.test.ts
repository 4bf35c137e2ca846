import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, nextCitizenAddress, signInAdmin } from '../../../test/helpers';
import { applicant, appliedAndPaid } from '../clearance/clearance.fixtures';
import { complaintFields, createSlot, submitComplaint } from '../complaints/complaints.fixtures';
import { issueFine } from '../fines/fines.fixtures';
import { auditLog } from '../audit/audit.table';
import { sessions } from '../auth/auth.table';
import { users } from '../users/users.table';
import { REAUTH_LIMIT } from '../auth/sessions.service';
import { DEMO_OFFICER_PASSWORD } from '../../seed/demo-accounts';

describe.each(DB_KINDS)("a citizen's own data and account (GET /api/me/export, POST /api/me/close) on %s", (kind) => {
  let t: TestApp;
  let adminToken: string;
  let finesOfficer: Awaited<ReturnType<typeof createOfficer>>;
  let trafficOfficer: Awaited<ReturnType<typeof createOfficer>>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    adminToken = await signInAdmin(t);
    finesOfficer = await createOfficer(t, 'Traffic Fine Branch', { adminToken, full_name: 'Chaminda Silva' });
    trafficOfficer = await createOfficer(t, 'Traffic Branch', { adminToken, full_name: 'Ruwan Fernando' });
  });
  afterAll(() => t?.close());

  const exportOf = (token: string) => t.app.inject({ method: 'GET', url: '/api/me/export', headers: bearer(token) });
  const close = (token: string, password: unknown) => t.app.inject({ method: 'POST', url: '/api/me/close', headers: bearer(token), payload: { password } });
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  const signInAgain = (who: { username: string; password: string }) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: nextCitizenAddress(), payload: { username: who.username, password: who.password } });

  /** A citizen with a complaint (its status changed once), a paid clearance application and a fine on their NIC. */
  async function citizenWithRecords(name: string) {
    const who = await applicant(t, { first_name: name });
    const slot = await createSlot(t, adminToken, { branch: 'Traffic Branch' });
    const filed = await submitComplaint(
      t,
      who.token,
      'traffic',
      complaintFields('traffic', slot.id, { full_name: `${name} Perera`, what_happened: `${name}'s car was hit.` }),
    );
    expect(filed.statusCode).toBe(201);
    const complaint = filed.json().complaint as { id: number; reference_number: string };
    const status = await t.app.inject({
      method: 'PUT',
      url: `/api/police/complaints/${complaint.id}/status`,
      headers: bearer(trafficOfficer.token),
      payload: { status: 'Under investigation' },
    });
    expect(status.statusCode).toBe(200);
    const clearance = await appliedAndPaid(t, who);
    const fine = await issueFine(t, finesOfficer.token, { citizen_identity_number: who.identityNumber, vehicle_number: 'WP CAB-1234' });
    return { ...who, complaint, clearance, fine };
  }

  it('downloads the citizen’s own profile, complaints with their history, clearance applications, fines and payments, and no one else’s', async () => {
    const amaya = await citizenWithRecords('Amaya');
    const bandula = await citizenWithRecords('Bandula');

    const res = await exportOf(amaya.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="pes-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();

    expect(data.profile).toMatchObject({ id: amaya.id, username: amaya.username, role: 'citizen' });
    expect(data.profile.citizen).toMatchObject({ first_name: 'Amaya', identity_number: amaya.identityNumber });
    // Never a password hash, a secret or a token.
    expect(res.body).not.toMatch(/argon2|password_hash|passwordHash|secret|token/i);

    expect(data.complaints.map((c: { reference_number: string }) => c.reference_number)).toEqual([amaya.complaint.reference_number]);
    expect(data.complaints[0].history).toEqual([expect.objectContaining({ from_status: 'Pending', to_status: 'Under investigation' })]);
    expect(data.clearance_applications.map((a: { reference_number: string }) => a.reference_number)).toEqual([amaya.clearance.reference]);
    expect(data.clearance_applications[0].application).toMatchObject({ nic_number: amaya.identityNumber });
    expect(data.fines.map((f: { id: string }) => f.id)).toEqual([amaya.fine.id]);
    expect(data.payments).toEqual([
      expect.objectContaining({ purpose: 'clearance', reference_id: String(amaya.clearance.id), status: 'paid', amount: '5000.00' }),
    ]);

    // Nothing of the other citizen's.
    for (const text of [
      bandula.username,
      bandula.identityNumber,
      bandula.complaint.reference_number,
      bandula.clearance.reference,
      bandula.fine.id,
      'Bandula',
    ]) {
      expect(res.body).not.toContain(text);
    }
    // And the other way round.
    const theirs = (await exportOf(bandula.token)).json();
    expect(theirs.complaints.map((c: { reference_number: string }) => c.reference_number)).toEqual([bandula.complaint.reference_number]);
    expect(theirs.fines.map((f: { id: string }) => f.id)).toEqual([bandula.fine.id]);
  });

  it('answers a citizen with no records with empty lists, and refuses staff and the signed-out', async () => {
    const c = await createCitizen(t);
    const data = (await exportOf(c.token)).json();
    expect(data).toMatchObject({ complaints: [], clearance_applications: [], fines: [], payments: [] });
    const staff = await exportOf(finesOfficer.token);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().error.code).toBe('account.citizens_only');
    expect((await t.app.inject({ method: 'GET', url: '/api/me/export' })).statusCode).toBe(401);
  });

  it('refuses to close with a wrong password and changes nothing', async () => {
    const c = await createCitizen(t);
    const auditBefore = (await t.database.db.select({ id: auditLog.id }).from(auditLog)).length;
    const res = await close(c.token, 'Wr0ngPass!');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('account.wrong_password');
    expect((await t.database.db.select({ active: users.active }).from(users).where(eq(users.id, c.id)))[0]!.active).toBe(true);
    expect((await me(c.token)).statusCode).toBe(200);
    expect((await signInAgain(c)).statusCode).toBe(200);
    expect((await t.database.db.select({ id: auditLog.id }).from(auditLog)).length).toBe(auditBefore);
    expect((await close(c.token, '')).statusCode).toBe(400);
  });

  it('counts wrong passwords: after the limit even the right one waits (429), so an open session cannot guess it', async () => {
    const c = await createCitizen(t);
    for (let i = 0; i < REAUTH_LIMIT; i++) expect((await close(c.token, `Wrong-${i}`)).statusCode).toBe(403);
    const throttled = await close(c.token, c.password);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error.code).toBe('account.reauth_throttled');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect((await me(c.token)).statusCode).toBe(200);
  });

  it('closes the account with the current password: every session ends, sign-in is refused, records stay, and it is audited', async () => {
    const c = await createCitizen(t);
    const other = await signInAgain(c);
    const otherToken = other.json().token as string;
    expect((await me(otherToken)).statusCode).toBe(200);

    const res = await close(c.token, c.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ closed: true });
    expect(res.cookies.find((k) => k.name === 'pes_session')?.value).toBe('');

    for (const token of [c.token, otherToken]) expect((await me(token)).statusCode).toBe(401);
    const rows = await t.database.db.select({ jti: sessions.jti }).from(sessions).where(eq(sessions.userId, c.id));
    expect(rows).toHaveLength(2);
    expect(
      await t.database.db
        .select({ jti: sessions.jti })
        .from(sessions)
        .where(and(eq(sessions.userId, c.id), isNull(sessions.revokedAt))),
    ).toEqual([]);
    const [account] = await t.database.db.select({ active: users.active, deactivatedAt: users.deactivatedAt }).from(users).where(eq(users.id, c.id));
    expect(account).toMatchObject({ active: false });
    expect(account!.deactivatedAt).not.toBeNull();

    const again = await signInAgain(c);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('auth.account_deactivated');

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'account.close')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorUserId: c.id, actorUsername: c.username, actorRole: 'citizen', subjectType: 'user', subjectId: String(c.id) });
    expect(entry!.summary).toMatchObject({ after: { active: false }, sessions_ended: 2 });

    // The administrator sees it in the users list as deactivated, and can give it back as for any deactivation.
    const deactivated = await t.app.inject({ method: 'GET', url: `/api/admin/users?state=deactivated&search=${c.username}`, headers: bearer(adminToken) });
    expect(deactivated.json().users.map((u: { id: number }) => u.id)).toContain(c.id);
  });

  it('is for citizens only: staff close their accounts through an administrator', async () => {
    const res = await close(trafficOfficer.token, DEMO_OFFICER_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('account.citizens_only');
    expect((await me(trafficOfficer.token)).statusCode).toBe(200);
  });
});
