import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { officers, users } from '../src/modules/users/users.table';
import { DB_KINDS, startTestApp, type TestApp } from './harness';
import { login } from './helpers';

describe('configuration', () => {
  it('refuses production without ADMIN_USERNAME, ADMIN_PASSWORD and TOKEN_SECRET, naming each', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (err) {
      message = (err as Error).message;
    }
    for (const key of ['ADMIN_USERNAME', 'ADMIN_PASSWORD', 'TOKEN_SECRET']) expect(message).toContain(`${key} is required when NODE_ENV=production`);
  });

  it('names the one missing production setting', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'Chief@2026!' })).toThrow(/TOKEN_SECRET/);
  });

  it('refuses a short token secret and bad numbers', () => {
    expect(() => loadConfig({ TOKEN_SECRET: 'too-short' })).toThrow(/TOKEN_SECRET/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '-1' })).toThrow(/TRUST_PROXY_HOPS/);
  });

  it('never seeds demo data in production, whatever SEED_DEMO says', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ADMIN_USERNAME: 'chief',
      ADMIN_PASSWORD: 'Chief@2026!',
      TOKEN_SECRET: 'x'.repeat(40),
      PAYMENT_GATEWAY: 'sandbox',
      SEED_DEMO: 'true',
    });
    expect(config.seedDemo).toBe(false);
    expect(config.admin).toEqual({ username: 'chief', password: 'Chief@2026!' });
  });

  it('refuses production on the TEST payment sandbox unless it is chosen explicitly', () => {
    const base = { NODE_ENV: 'production', ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'Chief@2026!', TOKEN_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig(base)).toThrow(/STRIPE_SECRET_KEY is required when NODE_ENV=production/);
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_WEBHOOK_SECRET is required/);
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).stripe?.secretKey).toBe('sk_live_x');
    expect(loadConfig({ ...base, PAYMENT_GATEWAY: 'sandbox' }).stripe).toBeUndefined();
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'sandbox', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/contradicts/);
  });

  it('uses the documented development defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ production: false, port: 3000, logLevel: 'info', seedDemo: true, admin: { username: 'admin', password: 'Admin@12345' } });
  });
});

describe.each(DB_KINDS)('a production start on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      demo: true,
      env: { NODE_ENV: 'production', ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'Chief@2026!', PAYMENT_GATEWAY: 'sandbox' },
    });
  });
  afterAll(() => t?.close());

  it('creates the configured administrator and no demo accounts', async () => {
    const { db } = t.database;
    expect((await db.select({ n: count() }).from(officers))[0]!.n).toBe(0);
    expect((await db.select({ n: count() }).from(users).where(eq(users.role, 'citizen')))[0]!.n).toBe(0);
    const admins = await db.select({ username: users.username }).from(users).where(eq(users.role, 'admin'));
    expect(admins).toEqual([{ username: 'chief' }]);
    expect(await login(t, 'chief', 'Chief@2026!', 'admin')).toBeTruthy();
    const demo = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'citizen', password: 'Citizen@123' } });
    expect(demo.statusCode).toBe(401);
  });

  it('marks the session cookie Secure and sends HSTS', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'chief', password: 'Chief@2026!' } });
    expect(res.cookies.find((c) => c.name === 'pes_session')).toMatchObject({ secure: true, httpOnly: true });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
