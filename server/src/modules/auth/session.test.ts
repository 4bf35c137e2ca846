import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, login } from '../../../test/helpers';
import { users } from '../users/users.table';
import { DEMO_ADMIN_PASSWORD } from '../../seed/demo-accounts';

/** Re-signs a real token's claims with another expiry or secret, to isolate what makes it invalid. */
async function resign(token: string, opts: { secret: string; exp: number }) {
  const claims = decodeJwt(token);
  return new SignJWT({ role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub!)
    .setJti(claims.jti!)
    .setIssuedAt()
    .setExpirationTime(opts.exp)
    .sign(new TextEncoder().encode(opts.secret));
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe.each(DB_KINDS)('sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  const me = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/auth/${path}`, headers });

  it('signs up, signs in, shows the current user on both paths, signs out and then refuses the old token', async () => {
    const c = await createCitizen(t);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: c.username, password: c.password } });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body).toMatchObject({ role: 'citizen', branch: null });
    expect(decodeJwt(body.token).exp).toBe(body.expires_at);
    const cookie = login.cookies.find((k) => k.name === 'pes_session');
    expect(cookie).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/' });

    for (const path of ['getCurrentUserInfo', 'me']) {
      const res = await me(path, bearer(body.token));
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        user: {
          id: c.id,
          username: c.username,
          role: 'citizen',
          branch: null,
          station: null,
          officerId: null,
          identity_number: c.identityNumber,
          identity_type: 'NIC',
          full_name: 'Nadeesha Jayawardena',
          address: '12 Temple Road, Kandy',
        },
      });
    }

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(body.token) });
    expect(out.statusCode).toBe(200);
    // The browser drops the cookie too (the same name and path, already expired).
    expect(out.cookies.find((k) => k.name === 'pes_session')).toMatchObject({ value: '', path: '/', maxAge: 0, httpOnly: true });
    for (const path of ['getCurrentUserInfo', 'me']) {
      const after = await me(path, bearer(body.token));
      expect(after.statusCode).toBe(401);
      expect(after.json().error.code).toBe('auth.unauthenticated');
    }
    // Another session of the same account is untouched by that logout.
    expect((await me('me', bearer(c.token))).statusCode).toBe(200);
  });

  it('refuses no token, a malformed token and an unsigned token', async () => {
    expect((await me('me')).statusCode).toBe(401);
    expect((await me('me', { authorization: 'Bearer not.a.token' })).statusCode).toBe(401);
    expect((await me('me', { authorization: 'Basic YWRtaW46QWRtaW5AMTIzNDU=' })).statusCode).toBe(401);
    const c = await createCitizen(t);
    const [, payload] = c.token.split('.');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect((await me('me', bearer(unsigned))).statusCode).toBe(401);
    // A tampered payload (another user id) breaks the signature.
    const claims = decodeJwt(c.token);
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    const [head, , sig] = c.token.split('.');
    expect((await me('me', bearer(`${head}.${forged}.${sig}`))).statusCode).toBe(401);
  });

  it('refuses an expired token and a token signed with another secret, and accepts the same claims signed properly', async () => {
    const c = await createCitizen(t);
    const secret = t.config.tokenSecret!;
    const valid = await resign(c.token, { secret, exp: nowSeconds() + 600 });
    expect((await me('me', bearer(valid))).statusCode).toBe(200);

    const expired = await resign(c.token, { secret, exp: nowSeconds() - 5 });
    const res = await me('getCurrentUserInfo', bearer(expired));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('auth.unauthenticated');

    const foreign = await resign(c.token, { secret: 'another-secret-another-secret-another-secret', exp: nowSeconds() + 600 });
    expect((await me('getCurrentUserInfo', bearer(foreign))).statusCode).toBe(401);
  });

  it('ends the sessions of a deactivated user; its sign-in says it is deactivated only to the right password', async () => {
    const c = await createCitizen(t);
    await t.database.db.update(users).set({ active: false, deactivatedAt: new Date() }).where(eq(users.id, c.id));
    // A change made directly in the database reaches the session cache by NOTIFY: at once on PGlite, a
    // moment after the commit on PostgreSQL (longer on a loaded machine).
    await vi.waitFor(async () => expect((await me('me', bearer(c.token))).statusCode).toBe(401), { timeout: 3_000, interval: 20 });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: c.username, password: c.password } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'auth.account_deactivated' });
    expect(res.json().token).toBeUndefined();
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: c.username, password: 'Wrong-password1' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({ code: 'auth.invalid_credentials', message: 'Invalid username or password' });
  });

  it('ignores x-user-role: the role comes from the session', async () => {
    const c = await createCitizen(t);
    const res = await me('me', { ...bearer(c.token), 'x-user-role': 'admin' });
    expect(res.json().user.role).toBe('citizen');
  });

  it('shows an administrator their station', async () => {
    const token = await login(t, 'admin', DEMO_ADMIN_PASSWORD, 'admin');
    const res = await me('getCurrentUserInfo', bearer(token));
    expect(res.json().user).toMatchObject({ username: 'admin', role: 'admin', station: 'Kollupitiya Police Station', branch: null, address: null });
  });
});

describe('token lifetime (TOKEN_TTL_SECONDS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { env: { TOKEN_TTL_SECONDS: '1' } });
  });
  afterAll(() => t?.close());

  it('refuses a token once its lifetime has passed', async () => {
    const c = await createCitizen(t);
    const exp = decodeJwt(c.token).exp!;
    // The token is valid until its exp second has passed; wait for that moment, not a fixed time.
    while (nowSeconds() <= exp) await new Promise((r) => setTimeout(r, 100));
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(c.token) });
    expect(res.statusCode).toBe(401);
  });
});
