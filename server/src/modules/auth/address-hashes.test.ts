import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { createCitizen } from '../../../test/helpers';
import { loginFailures, loginKnownAddresses } from './auth.table';
import { resolveAddressHashSecret } from './auth.service';

/**
 * What sign-in keeps of a client address is keyed by a secret of its own (ADDRESS_HASH_SECRET): without
 * it, a stored hash cannot be tried against the 2^32 IPv4 addresses (issue 20, finding 7).
 */
describe.each(DB_KINDS)('sign-in address hashes on %s', (kind) => {
  let t: TestApp;
  let citizen: Awaited<ReturnType<typeof createCitizen>>;
  const address = '203.0.113.91';
  const login = (password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: citizen.username, password }, remoteAddress: address });

  beforeAll(async () => {
    t = await startTestApp(kind);
    citizen = await createCitizen(t);
  });
  afterAll(() => t?.close());

  it('stores a known address as an HMAC under the address secret, which nobody can recompute from the address alone', async () => {
    expect((await login(citizen.password)).statusCode).toBe(200);
    const stored = (await t.database.db.select().from(loginKnownAddresses).where(eq(loginKnownAddresses.userId, citizen.id))).map((r) => r.addressHash);
    const text = `pes-login-address:${citizen.id}:ip:${address}`;
    // Before issue 20: a plain SHA-256 of the account and address, recomputable by anyone for every IPv4 address.
    expect(stored).not.toContain(createHash('sha256').update(text).digest('base64url'));
    expect(stored).toContain(createHmac('sha256', t.config.addressHashSecret!).update(text).digest('base64url'));
    expect(stored).not.toContain(createHmac('sha256', t.config.tokenSecret!).update(text).digest('base64url'));
  });

  it('keeps no address in the throttling counts of failed sign-ins', async () => {
    expect((await login('Wrong-password-1')).statusCode).toBe(401);
    const keys = (await t.database.db.select({ key: loginFailures.key }).from(loginFailures)).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toContain('203.0.113');
    expect(keys.join(' ')).not.toContain(citizen.username);
  });

  it('deletes the hashes made under another secret when the secret changes', async () => {
    const rows = async () => ({
      known: (await t.database.db.select({ n: count() }).from(loginKnownAddresses))[0]!.n,
      failures: (await t.database.db.select({ n: count() }).from(loginFailures))[0]!.n,
    });
    expect((await rows()).known).toBeGreaterThan(0);
    // The same secret again (another instance starting): nothing is lost.
    expect((await resolveAddressHashSecret(t.config.addressHashSecret, t.modules.authRepository)).replaced).toBe(false);
    expect((await rows()).known).toBeGreaterThan(0);
    // A new secret: the old hashes can no longer match, so they go.
    const next = await resolveAddressHashSecret('b'.repeat(8) + t.config.addressHashSecret!, t.modules.authRepository);
    expect(next.replaced).toBe(true);
    expect(await rows()).toEqual({ known: 0, failures: 0 });
  });
});
