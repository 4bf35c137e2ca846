import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { DB_KINDS, TEST_ADMIN, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, onTestApp, signInAdmin, totpCode, unique } from '../../../test/helpers';
import { loginFailures, sessions } from './auth.table';
import { LOGIN_THROTTLE } from './auth.service';
import { secondStepLockouts, staffRecoveryCodes, staffSecondFactors } from './mfa.table';
import { SECOND_STEP_LOCKOUTS_PER_DAY } from './mfa.service';
import { DEMO_OFFICER_PASSWORD } from '../../seed/demo-accounts';

describe.each(DB_KINDS)("staff's second factor on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  onTestApp(kind, async (app) => {
    t = app;
    admin = await signInAdmin(t);
  });

  let octet = 1;
  const newAddress = () => `10.55.${Math.floor(octet / 250)}.${(octet++ % 250) + 1}`;
  const post = (url: string, payload: object, remoteAddress = '127.0.0.1') => t.app.inject({ method: 'POST', url, payload, remoteAddress });

  /** A new officer (created by the admin API) whose first sign-in has not happened yet. */
  async function newOfficer() {
    const username = unique('mfaofficer');
    const payload = {
      username,
      password: DEMO_OFFICER_PASSWORD,
      full_name: `Officer ${username}`,
      officer_id: unique('MF-').toUpperCase(),
      branch: 'Crime Branch',
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/users/create-officer', headers: bearer(admin), payload });
    expect(res.statusCode).toBe(201);
    return { username, password: DEMO_OFFICER_PASSWORD, userId: res.json().officer.user_id as number };
  }
  const challenge = async (who: { username: string; password: string }, ip = '127.0.0.1') => {
    const res = await post('/api/auth/login', { username: who.username, password: who.password, area: 'police' }, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('token');
    expect(res.cookies).toHaveLength(0);
    return res.json() as { mfa: 'setup' | 'verify'; mfa_token: string };
  };
  /** Walks set-up: answers the secret and the confirm's answer. */
  async function setUp(who: { username: string; password: string }) {
    const first = await challenge(who);
    expect(first.mfa).toBe('setup');
    const setup = await post('/api/auth/mfa/setup', { mfa_token: first.mfa_token });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json() as { secret: string; otpauth_url: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]{32}.*algorithm=SHA1&digits=6&period=30/);
    const confirm = await post('/api/auth/mfa/confirm', { mfa_token: first.mfa_token, code: totpCode(secret) });
    expect(confirm.statusCode).toBe(200);
    return { secret, answer: confirm.json() as { token: string; role: string; recovery_codes: string[] } };
  }
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

  it('sets up on the first sign-in: the session and ten recovery codes, stored hashed; the secret encrypted and never answered again', async () => {
    const officer = await newOfficer();
    const { secret, answer } = await setUp(officer);
    expect(answer).toMatchObject({ role: 'police_officer', branch: 'Crime Branch' });
    expect(answer.recovery_codes).toHaveLength(10);
    expect(new Set(answer.recovery_codes).size).toBe(10);
    expect((await me(answer.token)).statusCode).toBe(200);
    const [factor] = await t.database.db.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, officer.userId));
    expect(factor!.confirmedAt).not.toBeNull();
    expect(factor!.secretEncrypted).not.toContain(secret);
    const stored = await t.database.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, officer.userId));
    expect(stored).toHaveLength(10);
    for (const code of answer.recovery_codes) expect(stored.map((r) => r.codeHash)).not.toContain(code);
    // The next sign-in asks for a code; set-up is refused (the secret is not shown again).
    const next = await challenge(officer);
    expect(next.mfa).toBe('verify');
    expect((await post('/api/auth/mfa/setup', { mfa_token: next.mfa_token })).json().error.code).toBe('mfa.token_invalid');
    // The audit log names the set-up.
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?action=auth.mfa_set_up', headers: bearer(admin) })).json();
    expect(audit.entries.some((e: { subject_id: string }) => e.subject_id === String(officer.userId))).toBe(true);
  });

  it('refuses a wrong first code, and confirm before set-up', async () => {
    const officer = await newOfficer();
    const first = await challenge(officer);
    expect((await post('/api/auth/mfa/confirm', { mfa_token: first.mfa_token, code: '123456' })).json().error.code).toBe('mfa.not_in_setup');
    const { secret } = (await post('/api/auth/mfa/setup', { mfa_token: first.mfa_token })).json();
    const wrong = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    const res = await post('/api/auth/mfa/confirm', { mfa_token: first.mfa_token, code: wrong });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'mfa.invalid_code', fieldKeys: { code: 'mfaCodeWrong' } });
    const bad = await post('/api/auth/mfa/confirm', { mfa_token: first.mfa_token, code: '12ab56' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldKeys).toEqual({ code: 'mfaCodeFormat' });
  });

  it('accepts a code once: the same code again (same step) is refused as a replay', async () => {
    const officer = await newOfficer();
    const { secret } = await setUp(officer);
    // The confirm used this step's code; the next step's is accepted (one step of clock drift), once.
    const code = totpCode(secret, Date.now() + 30_000);
    const first = await challenge(officer);
    const ok = await post('/api/auth/mfa/verify', { mfa_token: first.mfa_token, code });
    expect(ok.statusCode).toBe(200);
    expect((await me(ok.json().token)).statusCode).toBe(200);
    const second = await challenge(officer);
    const replay = await post('/api/auth/mfa/verify', { mfa_token: second.mfa_token, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toMatchObject({ code: 'mfa.code_reused', fieldKeys: { code: 'mfaCodeReused' } });
    // An older code (this step's, already passed by the accepted one) is refused too.
    expect((await post('/api/auth/mfa/verify', { mfa_token: second.mfa_token, code: totpCode(secret) })).json().error.code).toBe('mfa.code_reused');
  });

  it('throttles wrong codes like passwords', async () => {
    const officer = await newOfficer();
    const { secret } = await setUp(officer);
    const ip = newAddress();
    const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const { mfa_token } = await challenge(officer, ip);
    for (let i = 0; i < LOGIN_THROTTLE.perAccountAndAddress; i++) {
      expect((await post('/api/auth/mfa/verify', { mfa_token, code: wrong }, ip)).json().error.code).toBe('mfa.invalid_code');
    }
    const refused = await post('/api/auth/mfa/verify', { mfa_token, code: totpCode(secret, Date.now() + 30_000) }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('mfa.throttled');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('accepts a recovery code once (any letter case, dashes optional), audited', async () => {
    const officer = await newOfficer();
    const { answer } = await setUp(officer);
    const code = answer.recovery_codes[3]!;
    const first = await challenge(officer);
    const ok = await post('/api/auth/mfa/verify', { mfa_token: first.mfa_token, recovery_code: code.toUpperCase().replace(/-/g, '') });
    expect(ok.statusCode).toBe(200);
    expect((await me(ok.json().token)).statusCode).toBe(200);
    const again = await challenge(officer);
    const reused = await post('/api/auth/mfa/verify', { mfa_token: again.mfa_token, recovery_code: code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toMatchObject({ code: 'mfa.invalid_recovery_code', fieldKeys: { recovery_code: 'recoveryCodeWrong' } });
    const other = await post('/api/auth/mfa/verify', { mfa_token: again.mfa_token, recovery_code: answer.recovery_codes[4]! });
    expect(other.statusCode).toBe(200);
    // Neither both nor none.
    const both = await post('/api/auth/mfa/verify', { mfa_token: again.mfa_token, code: '123456', recovery_code: answer.recovery_codes[5]! });
    expect(both.statusCode).toBe(400);
  });

  it('takes an mfa_token once, refuses an expired, forged or session token, and never takes it as a session', async () => {
    const officer = await newOfficer();
    const { secret } = await setUp(officer);
    const { mfa_token } = await challenge(officer);
    expect((await me(mfa_token)).statusCode).toBe(401);
    const ok = await post('/api/auth/mfa/verify', { mfa_token, code: totpCode(secret, Date.now() + 30_000) });
    expect(ok.statusCode).toBe(200);
    // Used: refused even with a good recovery code.
    const again = await post('/api/auth/mfa/verify', { mfa_token, code: totpCode(secret, Date.now() - 30_000) });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('mfa.token_invalid');
    // A session token is not an mfa_token.
    expect((await post('/api/auth/mfa/verify', { mfa_token: ok.json().token, code: '123456' })).json().error.code).toBe('mfa.token_invalid');
    // Expired (signed with the right key, 6 minutes ago): the key is derived from the token secret.
    const { hkdfSync } = await import('node:crypto');
    const key = new Uint8Array(hkdfSync('sha256', t.config.tokenSecret!, 'pes-mfa', 'pes-mfa-token-signing', 32));
    const past = Math.floor(Date.now() / 1000) - 360;
    const expired = await new SignJWT({ step: 'verify' })
      .setProtectedHeader({ alg: 'HS256', typ: 'pes-mfa+jwt' })
      .setSubject(String(officer.userId))
      .setAudience('pes-mfa')
      .setJti(crypto.randomUUID())
      .setIssuedAt(past)
      .setExpirationTime(past + 300)
      .sign(key);
    expect((await post('/api/auth/mfa/verify', { mfa_token: expired, code: totpCode(secret) })).json().error.code).toBe('mfa.token_invalid');
    // The same, unexpired, is accepted: only the expiry refused it.
    const fresh = await new SignJWT({ step: 'verify' })
      .setProtectedHeader({ alg: 'HS256', typ: 'pes-mfa+jwt' })
      .setSubject(String(officer.userId))
      .setAudience('pes-mfa')
      .setJti(crypto.randomUUID())
      .setIssuedAt(past + 300)
      .setExpirationTime(past + 660)
      .sign(key);
    expect((await post('/api/auth/mfa/verify', { mfa_token: fresh, code: '000000' })).json().error.code).not.toBe('mfa.token_invalid');
  });

  it("lets an administrator reset an officer's second factor (audited, sessions ended): set-up again at the next sign-in", async () => {
    const officer = await newOfficer();
    const { answer } = await setUp(officer);
    const reset = await t.app.inject({ method: 'POST', url: `/api/admin/users/${officer.userId}/reset-mfa`, headers: bearer(admin) });
    expect(reset.statusCode).toBe(200);
    expect((await me(answer.token)).statusCode).toBe(401);
    expect(await t.database.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, officer.userId))).toHaveLength(0);
    expect((await challenge(officer)).mfa).toBe('setup');
    await setUp(officer);
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?action=auth.mfa_reset', headers: bearer(admin) })).json();
    const entry = audit.entries.find((e: { subject_id: string }) => e.subject_id === String(officer.userId));
    expect(entry).toMatchObject({ actor_username: TEST_ADMIN.username, summary: { username: officer.username, had_factor: true } });
    // Officers cannot reset; citizens have no second factor.
    const other = await createOfficer(t, 'Traffic Branch', { adminToken: admin });
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${officer.userId}/reset-mfa`, headers: bearer(other.token) })).statusCode).toBe(403);
    const citizen = await createCitizen(t);
    const refused = await t.app.inject({ method: 'POST', url: `/api/admin/users/${citizen.id}/reset-mfa`, headers: bearer(admin) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('mfa.not_staff');
  });

  it("clears an officer's wrong-code lockout when an administrator resets the second factor", async () => {
    const officer = await newOfficer();
    const { secret } = await setUp(officer);
    const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    // Locked out from two places: the office's address (its own counter) and a second one.
    for (const ip of ['127.0.0.1', newAddress()]) {
      const { mfa_token } = await challenge(officer, ip);
      for (let i = 0; i < LOGIN_THROTTLE.perAccountAndAddress; i++) await post('/api/auth/mfa/verify', { mfa_token, code: wrong }, ip);
      expect((await post('/api/auth/mfa/verify', { mfa_token, code: totpCode(secret) }, ip)).json().error.code).toBe('mfa.throttled');
    }
    const reset = await t.app.inject({ method: 'POST', url: `/api/admin/users/${officer.userId}/reset-mfa`, headers: bearer(admin) });
    expect(reset.statusCode).toBe(200);
    // The new set-up's code is accepted at once, from the office (setUp confirms from 127.0.0.1).
    const again = await setUp(officer);
    expect((await me(again.answer.token)).statusCode).toBe(200);
  });

  it('locks the second step after three lockouts in a day, until an administrator resets it (audited)', async () => {
    const officer = await newOfficer();
    const { secret } = await setUp(officer);
    const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    /** The lockout's 15 minutes pass: the counters' windows and the last counted lockout move back. */
    const later = async () => {
      await t.database.db
        .update(loginFailures)
        .set({ windowStart: sql`now() - interval '16 minutes'` })
        .where(eq(loginFailures.userId, officer.userId));
      await t.database.db
        .update(secondStepLockouts)
        .set({ lastLockoutAt: sql`now() - interval '16 minutes'` })
        .where(eq(secondStepLockouts.userId, officer.userId));
    };
    const codes: string[] = [];
    for (let lockout = 1; lockout <= SECOND_STEP_LOCKOUTS_PER_DAY; lockout++) {
      const ip = newAddress();
      const { mfa_token } = await challenge(officer, ip);
      for (let i = 0; i < LOGIN_THROTTLE.perAccountAndAddress; i++) await post('/api/auth/mfa/verify', { mfa_token, code: wrong }, ip);
      const refused = await post('/api/auth/mfa/verify', { mfa_token, code: totpCode(secret) }, ip);
      codes.push(refused.json().error.code);
      if (lockout < SECOND_STEP_LOCKOUTS_PER_DAY) await later();
    }
    expect(codes).toEqual(['mfa.throttled', 'mfa.throttled', 'mfa.locked']);
    // Locked: the right code is refused, hours later too, and the password step says so.
    await later();
    const signIn = await post('/api/auth/login', { username: officer.username, password: officer.password, area: 'police' }, newAddress());
    expect(signIn.statusCode).toBe(423);
    expect(signIn.json().error.code).toBe('mfa.locked');
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?action=auth.mfa_locked', headers: bearer(admin) })).json();
    expect(audit.entries.some((e: { subject_id: string }) => e.subject_id === String(officer.userId))).toBe(true);
    // The event that tells the owner is recorded (a staff account has no address yet: nothing is sent).
    // An administrator's reset clears it: the next sign-in sets the second step up again.
    const reset = await t.app.inject({ method: 'POST', url: `/api/admin/users/${officer.userId}/reset-mfa`, headers: bearer(admin) });
    expect(reset.statusCode).toBe(200);
    const again = await setUp(officer);
    expect((await me(again.answer.token)).statusCode).toBe(200);
  });

  it('counts two addresses locked out in one window as one lockout', async () => {
    const officer = await newOfficer();
    const { secret } = await setUp(officer);
    const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    for (const ip of [newAddress(), newAddress(), newAddress()]) {
      const { mfa_token } = await challenge(officer, ip);
      for (let i = 0; i < LOGIN_THROTTLE.perAccountAndAddress + 1; i++) await post('/api/auth/mfa/verify', { mfa_token, code: wrong }, ip);
    }
    const [row] = await t.database.db.select().from(secondStepLockouts).where(eq(secondStepLockouts.userId, officer.userId));
    expect(row).toMatchObject({ lockouts: 1, lockedAt: null });
  });

  it('ends a staff session after 30 minutes idle, and keeps one in use', async () => {
    const officer = await newOfficer();
    const { secret, answer } = await setUp(officer);
    // Never used on this instance, last used 31 minutes ago: ended (and revoked).
    await t.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '31 minutes'` })
      .where(eq(sessions.userId, officer.userId));
    expect((await me(answer.token)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, officer.userId));
    expect(row!.revokedAt).not.toBeNull();
    // 29 minutes: still live.
    const { mfa_token } = await challenge(officer);
    const { token } = (await post('/api/auth/mfa/verify', { mfa_token, code: totpCode(secret, Date.now() + 30_000) })).json();
    await t.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '29 minutes'` })
      .where(sql`${sessions.userId} = ${officer.userId} and ${sessions.revokedAt} is null`);
    expect((await me(token)).statusCode).toBe(200);
  });

  it("leaves citizens' sign-in unchanged: a session at once, no idle limit", async () => {
    const citizen = await createCitizen(t);
    const res = await post('/api/auth/login', { username: citizen.username, password: citizen.password }, newAddress());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'citizen', token: expect.any(String) });
    expect(res.json()).not.toHaveProperty('mfa');
    await t.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '2 hours'` })
      .where(eq(sessions.userId, citizen.id));
    expect((await me(res.json().token)).statusCode).toBe(200);
    expect((await post('/api/auth/mfa/setup', { mfa_token: res.json().token })).json().error.code).toBe('mfa.token_invalid');
  });
});
