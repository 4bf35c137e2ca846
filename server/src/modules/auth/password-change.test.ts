import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DB_KINDS, TEST_ADMIN, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, login, onTestApp } from '../../../test/helpers';
import { auditLog } from '../audit/audit.table';
import { PASSWORD_CHANGE_ATTEMPTS } from './password-change.service';

describe.each(DB_KINDS)('password change on %s', (kind) => {
  let t: TestApp;
  onTestApp(kind, (app) => (t = app));

  const change = (token: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/me/password', headers: bearer(token), payload });
  const me = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode;
  const signIn = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

  it('changes the password, keeps this session and ends every other one', async () => {
    const citizen = await createCitizen(t);
    const other = await login(t, citizen.username, citizen.password, 'citizen', { fresh: true });
    expect(await me(other)).toBe(200);

    const res = await change(citizen.token, { current_password: citizen.password, new_password: 'Lotus-Pond-2026' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    expect(await me(citizen.token)).toBe(200);
    expect(await me(other)).toBe(401);
    expect((await signIn(citizen.username, citizen.password)).statusCode).toBe(401);
    expect((await signIn(citizen.username, 'Lotus-Pond-2026')).statusCode).toBe(200);
  });

  it('refuses a wrong current password on current_password, and changes nothing', async () => {
    const citizen = await createCitizen(t);
    const res = await change(citizen.token, { current_password: 'Not-my-password-1', new_password: 'Lotus-Pond-2026' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('password.current_wrong');
    expect(res.json().error.fieldKeys).toEqual({ current_password: 'currentPasswordWrong' });
    expect((await signIn(citizen.username, citizen.password)).statusCode).toBe(200);
    expect((await signIn(citizen.username, 'Lotus-Pond-2026')).statusCode).toBe(401);
  });

  it.each([
    ['a common password', 'Password1', 'password.common', 'passwordCommon'],
    ['a common password in other letter case', 'SECRET12', 'password.common', 'passwordCommon'],
    ["a password shorter than a citizen's minimum", 'Kq#7zLm', 'password.too_short', 'citizenPasswordLength'],
  ])('refuses %s, naming new_password', async (_what, newPassword, code, key) => {
    const citizen = await createCitizen(t);
    const res = await change(citizen.token, { current_password: citizen.password, new_password: newPassword });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.fieldKeys).toEqual({ new_password: key });
    expect((await signIn(citizen.username, citizen.password)).statusCode).toBe(200);
  });

  it('names both fields when both are missing, and refuses without a session', async () => {
    const citizen = await createCitizen(t);
    const res = await change(citizen.token, {});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fieldKeys).sort()).toEqual(['current_password', 'new_password']);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/me/password', payload: { current_password: 'a', new_password: 'Lotus-Pond-2026' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it(`throttles wrong current passwords like sign-in: after ${PASSWORD_CHANGE_ATTEMPTS}, even the right one waits`, async () => {
    const citizen = await createCitizen(t);
    for (let i = 0; i < PASSWORD_CHANGE_ATTEMPTS; i++) {
      expect((await change(citizen.token, { current_password: `Wrong-guess-${i}`, new_password: 'Lotus-Pond-2026' })).statusCode).toBe(400);
    }
    const refused = await change(citizen.token, { current_password: citizen.password, new_password: 'Lotus-Pond-2026' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('password.throttled');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(citizen.username, citizen.password)).statusCode).toBe(200);
  });

  it("an officer changes their own password: audited, the officer's other sessions end, the second factor still asked", async () => {
    const officer = await createOfficer(t, 'Crime Branch');
    const other = await login(t, officer.username, officer.password, 'police', { fresh: true });
    const res = await change(officer.token, { current_password: officer.password, new_password: 'Temple-Trees-9' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await me(officer.token)).toBe(200);
    expect(await me(other)).toBe(401);
    const entries = await t.database.db
      .select({ action: auditLog.action, actor: auditLog.actorUsername })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.password_changed'), eq(auditLog.actorUsername, officer.username)));
    expect(entries).toHaveLength(1);
    const next = await signIn(officer.username, 'Temple-Trees-9');
    expect(next.statusCode).toBe(200);
    expect(next.json()).toHaveProperty('mfa');
  });

  it("holds an administrator's new password to 12 characters", async () => {
    const admin = await login(t, TEST_ADMIN.username, TEST_ADMIN.password, 'admin');
    const res = await change(admin, { current_password: TEST_ADMIN.password, new_password: 'Kq#7zLm2x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fieldKeys).toEqual({ new_password: 'adminPasswordLength' });
  });
});
