import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { NotificationHandlers } from '../../db/notifications';
import type { Principal } from '../../http/principal';
import { DB_KINDS, startSecondInstance, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer } from '../../../test/helpers';
import { createPrincipalCache } from './principal-cache';

const principal = (userId: number, jti: string): Principal => ({
  userId,
  username: `u${userId}`,
  role: 'citizen',
  stationId: null,
  station: null,
  branch: null,
  officerRowId: null,
  officerCode: null,
  identityNumber: null,
  identityType: null,
  fullName: null,
  address: null,
  jti,
  exp: 0,
});

/** A cache whose notification connection the test drives by hand. */
async function cacheWithHandlers(capacity?: number) {
  const cache = createPrincipalCache(capacity);
  let handlers!: NotificationHandlers;
  await cache.connect(async (_channel, h) => {
    handlers = h;
    return async () => {};
  });
  return { cache, handlers };
}

describe('principal cache', () => {
  it('serves nothing from memory until the database notifications are heard', async () => {
    const { cache, handlers } = await cacheWithHandlers();
    const load = vi.fn(async () => principal(1, 'a'));
    await cache.getOrLoad('a', load);
    await cache.getOrLoad('a', load);
    expect(load).toHaveBeenCalledTimes(2);
    handlers.onListening();
    await cache.getOrLoad('a', load);
    expect(await cache.getOrLoad('a', load)).toEqual(principal(1, 'a'));
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('forgets one session, every session of one user, or everything, as notified', async () => {
    const { cache, handlers } = await cacheWithHandlers();
    handlers.onListening();
    for (const [user, jti] of [
      [1, 'a'],
      [1, 'b'],
      [2, 'c'],
      [3, 'd'],
    ] as const)
      await cache.getOrLoad(jti, async () => principal(user, jti));
    handlers.onMessage('s:d');
    expect(cache.get('d')).toBeUndefined();
    handlers.onMessage('u:1');
    expect([cache.get('a'), cache.get('b'), cache.get('c')?.userId]).toEqual([undefined, undefined, 2]);
    handlers.onMessage('*');
    expect(cache.size).toBe(0);
  });

  it('does not keep what a lookup read while a change was being notified', async () => {
    const { cache, handlers } = await cacheWithHandlers();
    handlers.onListening();
    const loaded = await cache.getOrLoad('a', async () => {
      handlers.onMessage('u:1');
      return principal(1, 'a');
    });
    expect(loaded?.userId).toBe(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('empties and stops serving while the notification connection is down, and starts afresh when it is back', async () => {
    const { cache, handlers } = await cacheWithHandlers();
    handlers.onListening();
    await cache.getOrLoad('a', async () => principal(1, 'a'));
    handlers.onLost();
    expect(cache.size).toBe(0);
    const load = vi.fn(async () => principal(1, 'a'));
    await cache.getOrLoad('a', load);
    expect(cache.size).toBe(0);
    handlers.onListening();
    await cache.getOrLoad('a', load);
    expect(cache.size).toBe(1);
  });

  it('holds at most its capacity, shares frozen principals and does not keep a refusal', async () => {
    const { cache, handlers } = await cacheWithHandlers(2);
    handlers.onListening();
    for (const jti of ['a', 'b', 'c']) await cache.getOrLoad(jti, async () => principal(1, jti));
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(Object.isFrozen(cache.get('c'))).toBe(true);
    await cache.getOrLoad('x', async () => undefined);
    expect(cache.get('x')).toBeUndefined();
  });
});

// PGlite's notifications arrive before the change's own query returns; PostgreSQL's a moment after it commits.
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 3_000, interval: 20 });

/** A test app for the describe block, and its current-user call (on another instance when given). */
function appFor(kind: (typeof DB_KINDS)[number]) {
  const ctx = { t: undefined as unknown as TestApp };
  beforeAll(async () => {
    ctx.t = await startTestApp(kind);
  });
  afterAll(() => ctx.t?.close());
  const me = (token: string, app = ctx.t.app) => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  return { ctx, me };
}

describe.each(DB_KINDS)('changes to a signed-in user on %s', (kind) => {
  const { ctx, me } = appFor(kind);
  let t: TestApp;
  beforeAll(() => {
    t = ctx.t;
  });

  it('are read once per session: at sign-in, and not again while nothing changes', async () => {
    const c = await createCitizen(t);
    const jti = decodeJwt(c.token).jti!;
    expect(t.modules.principals.get(jti)).toMatchObject({ userId: c.id, role: 'citizen', identityNumber: c.identityNumber });
    const lookups = vi.spyOn(t.modules.authRepository, 'findPrincipal');
    try {
      for (let i = 0; i < 3; i++) expect((await me(c.token)).statusCode).toBe(200);
      expect(lookups).not.toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
    }
  });

  it('take effect on the next request even when made directly in the database', async () => {
    const c = await createCitizen(t);
    expect((await me(c.token)).statusCode).toBe(200);
    expect((await me(c.token)).statusCode).toBe(200);
    await t.database.db.execute(sql`update users set active = false where id = ${c.id}`);
    await eventually(async () => expect((await me(c.token)).statusCode).toBe(401));
  });

  it('show a moved officer the new branch and station, and a renamed station its new name', async () => {
    const o = await createOfficer(t, 'Traffic Fine Branch');
    const analytics = () => t.app.inject({ method: 'GET', url: '/api/fines/analytics/overview', headers: bearer(o.token) });
    expect((await analytics()).statusCode).toBe(200);
    await t.database.db.execute(sql`update officers set branch = 'Crime Branch' where user_id = ${o.officer.user_id}`);
    await eventually(async () => expect((await analytics()).statusCode).toBe(403));

    const station = (await me(o.token)).json().user.station as string;
    await t.database.db.execute(sql`update stations set name = ${`${station} (Renamed)`} where name = ${station}`);
    await eventually(async () => expect((await me(o.token)).json().user.station).toBe(`${station} (Renamed)`));
    await t.database.db.execute(sql`update stations set name = ${station} where name = ${`${station} (Renamed)`}`);
  });

  it('sign out every session of a user whose sessions are revoked in the database', async () => {
    const c = await createCitizen(t);
    const other = await createCitizen(t);
    expect((await me(c.token)).statusCode).toBe(200);
    expect((await me(other.token)).statusCode).toBe(200);
    await t.database.db.execute(sql`update sessions set revoked_at = now() where user_id = ${c.id}`);
    await eventually(async () => expect((await me(c.token)).statusCode).toBe(401));
    expect((await me(other.token)).statusCode).toBe(200);
  });
});

// Only PostgreSQL serves several instances, and only there can the notification connection be lost.
describe.each(DB_KINDS.filter((k) => k === 'postgres'))('principals on %s with more than one instance', (kind) => {
  const { ctx, me } = appFor(kind);
  let t: TestApp;
  beforeAll(() => {
    t = ctx.t;
  });

  it('reach another server instance: a sign-out on one is refused by the other', async () => {
    const second = await startSecondInstance(t);
    try {
      const c = await createCitizen(t);
      expect((await me(c.token, second.app)).statusCode).toBe(200);
      expect((await me(c.token, second.app)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(c.token) })).statusCode).toBe(200);
      expect((await me(c.token)).statusCode).toBe(401);
      await eventually(async () => expect((await me(c.token, second.app)).statusCode).toBe(401));
    } finally {
      await second.close();
    }
  });

  it('survive a lost notification connection: nothing is served from memory until it listens again', async () => {
    const c = await createCitizen(t);
    expect((await me(c.token)).statusCode).toBe(200);
    expect(t.modules.principals.size).toBeGreaterThan(0);
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'pes-listener' and datname = current_database() and pid <> pg_backend_pid()`,
    );
    await eventually(async () => expect(t.modules.principals.size).toBe(0));
    // Reconnected: the cache fills again and hears changes again.
    await eventually(async () => {
      expect((await me(c.token)).statusCode).toBe(200);
      expect(t.modules.principals.get(decodeJwt(c.token).jti!)).toBeDefined();
    });
    await t.database.db.execute(sql`update users set active = false where id = ${c.id}`);
    await eventually(async () => expect((await me(c.token)).statusCode).toBe(401));
  });
});
