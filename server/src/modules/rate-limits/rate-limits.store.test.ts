import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { DB_KINDS, startSecondInstance, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, imageFile, multipart, validSignupFields } from '../../../test/helpers';
import { rateLimitCounters } from './rate-limits.table';
import { sharedRateLimitStore } from './rate-limits.store';

const slotsUrl = '/api/slots/public?station=Kollupitiya%20Police%20Station&branch=Traffic%20Branch&date=2030-01-01';

describe.each(DB_KINDS)('limits on the public doors on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { RATE_LIMIT_PUBLIC_SLOTS: '3', RATE_LIMIT_SIGNUP: '2', RATE_LIMIT_FINE_SEARCH: '2' } });
  });
  afterAll(() => t?.close());

  const slotsFrom = (remoteAddress: string) => t.app.inject({ method: 'GET', url: slotsUrl, remoteAddress });

  it('answers 429 request.rate_limited with Retry-After once an address passes the limit, and counts each address apart', async () => {
    for (let i = 0; i < 3; i++) expect((await slotsFrom('203.0.113.7')).statusCode).toBe(200);
    const over = await slotsFrom('203.0.113.7');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('request.rate_limited');
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await slotsFrom('203.0.113.8')).statusCode).toBe(200);
  });

  it('limits signups per address, before reading the upload', async () => {
    const photo = await imageFile();
    const signup = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup-citizen',
        remoteAddress: '203.0.113.20',
        ...multipart(validSignupFields(), { identity_photo_front: photo, identity_photo_back: photo, live_photo: photo }),
      });
    expect((await signup()).statusCode).toBe(201);
    expect((await signup()).statusCode).toBe(201);
    const third = await signup();
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
  });

  it('limits fine searches per account, whatever the address', async () => {
    const citizen = await createCitizen(t);
    const search = (remoteAddress: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/fines/search?identity_type=NIC&identity_number=${citizen.identityNumber}&vehicle_number=WP%20CAB-1234`,
        headers: bearer(citizen.token),
        remoteAddress,
      });
    expect((await search('203.0.113.30')).statusCode).toBe(200);
    expect((await search('203.0.113.31')).statusCode).toBe(200);
    expect((await search('203.0.113.32')).statusCode).toBe(429);
  });

  it('counts concurrent requests exactly once each, and deletes expired counters', async () => {
    const shared = sharedRateLimitStore(t.database.db, 'test secret');
    const store = new shared.Store();
    const incr = (key: string, windowMs: number) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), windowMs));
    const counts = await Promise.all(Array.from({ length: 20 }, () => incr('test|burst', 60_000)));
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await incr('test|short', 1);
    await new Promise((r) => setTimeout(r, 20));
    // A window that has ended starts again at 1.
    expect((await incr('test|short', 1)).current).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    await shared.deleteExpired();
    // Keys are stored as keyed hashes only.
    const hashOf = (key: string) => createHmac('sha256', 'test secret').update(key).digest('base64url');
    const left = await t.database.db
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(inArray(rateLimitCounters.key, [hashOf('test|burst'), hashOf('test|short')]));
    expect(left.map((r) => r.key)).toEqual([hashOf('test|burst')]);
  });

  it('counts a burst under a high limit in a few batches, not a write per request', async () => {
    const shared = sharedRateLimitStore(t.database.db, 'test secret');
    const store = new shared.Store();
    const incr = () =>
      new Promise<number>((resolve, reject) => store.incr('test|many', (err, res) => (err ? reject(err) : resolve(res!.current)), 60_000, 100_000));
    const first = await incr();
    const counts = await Promise.all(Array.from({ length: 999 }, () => incr()));
    expect(Math.max(first, ...counts)).toBe(1000);
    expect(shared.flushes()).toBeLessThanOrEqual(3);
    await shared.stopSweeping();
    const [row] = await t.database.db
      .select({ count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(inArray(rateLimitCounters.key, [shared.storedKey('test|many')]));
    expect(row?.count).toBe(1000);
  });

  // Two stores on one database are two instances' counters: together they let through at least the limit and
  // at most the limit plus 2 × ⌊max / 20⌋ per instance (rate-limit-batcher.ts).
  it('holds a limit across two instances counting locally, within the stated overshoot', async () => {
    const max = 100;
    const stores = [sharedRateLimitStore(t.database.db, 'test secret'), sharedRateLimitStore(t.database.db, 'test secret')];
    const counters = stores.map((s) => new s.Store());
    const incr = (i: number) =>
      new Promise<number>((resolve, reject) => counters[i % 2]!.incr('test|two', (err, res) => (err ? reject(err) : resolve(res!.current)), 60_000, max));
    let allowed = 0;
    for (let round = 0; round < 30; round++) {
      const counts = await Promise.all(Array.from({ length: 10 }, (_, i) => incr(i)));
      allowed += counts.filter((c) => c <= max).length;
      await new Promise((r) => setTimeout(r, round % 3 === 0 ? 60 : 1));
    }
    expect(allowed).toBeGreaterThanOrEqual(max);
    expect(allowed).toBeLessThanOrEqual(max + 2 * 2 * Math.floor(max / 20));
    await Promise.all(stores.map((s) => s.stopSweeping()));
  });

  // (A second instance needs a database two processes can share: PostgreSQL.)
  if (kind === 'postgres')
    it('holds across two instances on the same database', async () => {
      const second = await startSecondInstance(t);
      try {
        const address = '203.0.113.40';
        expect((await t.app.inject({ method: 'GET', url: slotsUrl, remoteAddress: address })).statusCode).toBe(200);
        expect((await second.app.inject({ method: 'GET', url: slotsUrl, remoteAddress: address })).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'GET', url: slotsUrl, remoteAddress: address })).statusCode).toBe(200);
        const over = await second.app.inject({ method: 'GET', url: slotsUrl, remoteAddress: address });
        expect(over.statusCode).toBe(429);
        expect(over.headers['retry-after']).toBeDefined();
      } finally {
        await second.close();
      }
    });
});
