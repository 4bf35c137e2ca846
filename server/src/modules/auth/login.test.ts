import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { DB_KINDS, startTestApp, TEST_ADMIN, type TestApp } from '../../../test/harness';
import { answerSecondFactor, createCitizen, createOfficer, unique } from '../../../test/helpers';
import { sessions } from './auth.table';
import { LOGIN_THROTTLE } from './auth.service';

describe.each(DB_KINDS)('sign-in on %s', (kind) => {
  let t: TestApp;
  let citizen: Awaited<ReturnType<typeof createCitizen>>;
  let officer: Awaited<ReturnType<typeof createOfficer>>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    citizen = await createCitizen(t);
    officer = await createOfficer(t, 'Traffic Branch');
  });
  afterAll(() => t?.close());

  // Each test signs in from its own address, so the per-address counter of one test never affects another.
  let lastOctet = 10;
  const newAddress = () => `10.20.30.${lastOctet++}`;
  const login = (payload: object, remoteAddress = '127.0.0.1') => t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });
  const sessionCount = async () => (await t.database.db.select({ n: count() }).from(sessions))[0]!.n;

  it('answers a wrong password and an unknown user alike', async () => {
    const ip = newAddress();
    const wrong = await login({ username: citizen.username, password: 'Wrong-password1' }, ip);
    const unknown = await login({ username: unique('nobody'), password: 'Wrong-password1' }, ip);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toEqual({ code: 'auth.invalid_credentials', message: 'Invalid username or password' });
    expect(wrong.cookies).toHaveLength(0);
  });

  it('accepts the username in any letter case and with surrounding spaces', async () => {
    const res = await login({ username: ` ${citizen.username.toUpperCase()} `, password: citizen.password }, newAddress());
    expect(res.statusCode).toBe(200);
  });

  it('refuses a password in another letter case', async () => {
    const res = await login({ username: citizen.username, password: citizen.password.toUpperCase() }, newAddress());
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['citizen', 'admin'],
    ['citizen', 'police'],
    ['officer', 'citizen'],
    ['officer', 'admin'],
    ['admin', 'citizen'],
    ['admin', 'police'],
  ] as const)('refuses the %s on the %s sign-in page without creating a session', async (who, area) => {
    const creds = who === 'citizen' ? citizen : who === 'officer' ? officer : { username: TEST_ADMIN.username, password: TEST_ADMIN.password };
    const before = await sessionCount();
    const res = await login({ username: creds.username, password: creds.password, area }, newAddress());
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('auth.wrong_area');
    expect(res.cookies).toHaveLength(0);
    expect(await sessionCount()).toBe(before);
  });

  it.each([
    ['citizen', 'citizen', null],
    ['officer', 'police', 'Traffic Branch'],
    ['admin', 'admin', null],
  ] as const)('accepts the %s on the %s sign-in page', async (who, area, branch) => {
    const creds = who === 'citizen' ? citizen : who === 'officer' ? officer : { username: TEST_ADMIN.username, password: TEST_ADMIN.password };
    const res = await login({ username: creds.username, password: creds.password, area }, newAddress());
    expect(res.statusCode).toBe(200);
    // Staff answer their second factor before the session starts (mfa.test.ts).
    const session = 'mfa' in res.json() ? await answerSecondFactor(t, creds.username, res.json()) : res.json();
    expect(session).toMatchObject({ role: who === 'officer' ? 'police_officer' : who, branch });
  });

  it('names bad sign-in fields', async () => {
    const res = await login({ username: citizen.username, area: 'backoffice' }, newAddress());
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fieldKeys).sort()).toEqual(['area', 'password']);
    const typed = await login({ username: 42, password: ['x'] }, newAddress());
    expect(typed.statusCode).toBe(400);
    expect(Object.keys(typed.json().error.fieldKeys).sort()).toEqual(['password', 'username']);
  });

  it('throttles an account after 10 attempts from addresses it never signed in from, even with the right password', async () => {
    const c = await createCitizen(t);
    for (let i = 0; i < LOGIN_THROTTLE.perAccountFromNewAddresses; i++) {
      expect((await login({ username: c.username, password: `wrong-${i}-password` }, newAddress())).statusCode).toBe(401);
    }
    const res = await login({ username: c.username.toUpperCase(), password: c.password }, newAddress());
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('auth.throttled');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_THROTTLE.windowSeconds);
    // Other accounts are not affected.
    expect((await login({ username: citizen.username, password: citizen.password }, newAddress())).statusCode).toBe(200);
  });

  it('throttles an account on one address after 5 attempts, not on others', async () => {
    const c = await createCitizen(t);
    const ip = newAddress();
    for (let i = 0; i < LOGIN_THROTTLE.perAccountAndAddress; i++) {
      expect((await login({ username: c.username, password: `wrong-${i}-password` }, ip)).statusCode).toBe(401);
    }
    expect((await login({ username: c.username, password: c.password }, ip)).statusCode).toBe(429);
    expect((await login({ username: c.username, password: c.password }, newAddress())).statusCode).toBe(200);
  });

  it('lets at most the limit of 200 parallel guesses reach the password check, and refuses the right password past it', async () => {
    const c = await createCitizen(t);
    const ip = `10.77.${kind === 'postgres' ? 1 : 2}.1`;
    const guesses = await Promise.all(Array.from({ length: 200 }, (_, i) => login({ username: c.username, password: `wrong-${i}-password` }, ip)));
    const statuses = guesses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOGIN_THROTTLE.perAccountAndAddress);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    // Past the limit, the right password among parallel guesses gets no token either.
    const more = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login({ username: c.username, password: i === 25 ? c.password : `wrong-${i}-again` }, ip)),
    );
    expect(more.map((r) => r.statusCode).every((s) => s === 429)).toBe(true);

    // The same from many addresses: at most the account's limit for new addresses is checked.
    const d = await createCitizen(t);
    const spread = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        login({ username: d.username, password: i === 199 ? d.password : `wrong-${i}-password` }, `10.78.${kind === 'postgres' ? 1 : 2}.${i + 1}`),
      ),
    );
    const checked = spread.filter((r) => r.statusCode === 401 || r.statusCode === 200).length;
    expect(checked).toBeLessThanOrEqual(LOGIN_THROTTLE.perAccountFromNewAddresses);
    expect(spread.filter((r) => r.statusCode !== 401 && r.statusCode !== 200 && r.statusCode !== 429)).toEqual([]);
  });

  it("lets the owner sign in from an address used before, whatever an attacker's failures", async () => {
    const c = await createCitizen(t);
    const home = `10.79.${kind === 'postgres' ? 1 : 2}.1`;
    expect((await login({ username: c.username, password: c.password }, home)).statusCode).toBe(200);
    // An attacker from many addresses exhausts the account's allowance for new addresses.
    for (let i = 0; i < LOGIN_THROTTLE.perAccountFromNewAddresses + 5; i++) {
      await login({ username: c.username, password: `attack-${i}-password` }, `10.80.${kind === 'postgres' ? 1 : 2}.${i + 1}`);
    }
    expect((await login({ username: c.username, password: c.password }, `10.81.${kind === 'postgres' ? 1 : 2}.1`)).statusCode).toBe(429);
    expect((await login({ username: c.username, password: c.password }, home)).statusCode).toBe(200);
  });

  it('clears the account counter after a successful sign-in', async () => {
    const c = await createCitizen(t);
    const ip = newAddress();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LOGIN_THROTTLE.perAccountAndAddress - 1; i++) {
        expect((await login({ username: c.username, password: 'not-the-password' }, ip)).statusCode).toBe(401);
      }
      expect((await login({ username: c.username, password: c.password }, ip)).statusCode).toBe(200);
    }
  });

  it('throttles an address after 30 failures across different usernames', async () => {
    const ip = newAddress();
    for (let i = 0; i < LOGIN_THROTTLE.perAddress; i++) {
      expect((await login({ username: unique('guess'), password: 'guess-password' }, ip)).statusCode).toBe(401);
    }
    const res = await login({ username: citizen.username, password: citizen.password }, ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The same account signs in from another address.
    expect((await login({ username: citizen.username, password: citizen.password }, newAddress())).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 network as one address, and an IPv4-mapped address as the IPv4 one', async () => {
    for (let i = 0; i < LOGIN_THROTTLE.perAddress; i++) {
      const ip = `2001:db8:${kind === 'postgres' ? 'aa' : 'bb'}:1::${(i + 1).toString(16)}`;
      expect((await login({ username: unique('v6guess'), password: 'guess-password' }, ip)).statusCode).toBe(401);
    }
    const sameNetwork = `2001:0db8:00${kind === 'postgres' ? 'aa' : 'bb'}:0001:ffff:ffff:ffff:ffff`;
    expect((await login({ username: citizen.username, password: citizen.password }, sameNetwork)).statusCode).toBe(429);
    expect((await login({ username: citizen.username, password: citizen.password }, '2001:db8:cc:2::1')).statusCode).toBe(200);

    const v4 = newAddress();
    for (let i = 0; i < LOGIN_THROTTLE.perAddress; i++) {
      await login({ username: unique('v4guess'), password: 'guess-password' }, i % 2 ? v4 : `::ffff:${v4}`);
    }
    expect((await login({ username: citizen.username, password: citizen.password }, v4)).statusCode).toBe(429);
  });
});
