import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { prepareSql } from '../db/prepared-sql';
import { rateLimitCounters } from '../modules/rate-limits/rate-limits.table';
import { appError } from '../app-error';

/** How often each instance deletes the counters whose window has ended. */
export const RATE_LIMIT_CLEANUP_INTERVAL_MS = 60_000;

type Counted = { count: number; ttl_ms: number };
type CountCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit kept in the database, so that every instance on it counts together.
 * `incr` is ONE atomic upsert: a new key, or one whose window has ended, starts again at 1 with a new
 * window; otherwise its count goes up by one. Concurrent requests queue on the row, so none is lost.
 * The key names the limit and the caller (see `limitedRoute`); it is stored only as a keyed hash, so the
 * table never holds a client address or account (anonymous reporters' addresses above all).
 */
export function sharedRateLimitStore(db: Database, secret: string) {
  const hashed = (key: string) => createHmac('sha256', secret).update(key).digest('base64url');
  const count = prepareSql<Counted, { key: string; windowMs: number }>(
    db,
    'rate_limit_incr',
    sql`
      insert into ${rateLimitCounters} as c (key, count, window_end)
      values (${sql.placeholder('key')}::text, 1, now() + ${sql.placeholder('windowMs')}::int * interval '1 millisecond')
      on conflict (key) do update set
        count = case when c.window_end <= now() then 1 else c.count + 1 end,
        window_end = case when c.window_end <= now() then excluded.window_end else c.window_end end
      returning c.count, ceil(extract(epoch from (c.window_end - now())) * 1000)::int as ttl_ms`,
  );

  class SharedRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: CountCallback, timeWindow: number) {
      count({ key: hashed(key), windowMs: timeWindow }).then(
        ([row]) => callback(null, { current: row!.count, ttl: Math.max(0, row!.ttl_ms) }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    /** One store for every route: the keys say which limit they count (see `limitedRoute`). */
    child() {
      return this;
    }
  }

  return {
    Store: SharedRateLimitStore,
    /** Deletes the counters whose window has ended. */
    async deleteExpired() {
      await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.windowEnd} < now()`);
    },
  };
}

/** The caller a limit counts: the signed-in account where there is one, else the client address. */
export const accountOrAddress = (request: FastifyRequest) => (request.principal ? `user:${request.principal.userId}` : `ip:${request.ip}`);
export const clientAddress = (request: FastifyRequest) => `ip:${request.ip}`;

/** A limit: at most `max` requests per `windowMs` for one key. */
export interface RequestLimit {
  max: number;
  windowMs: number;
}

/**
 * A route's `config.rateLimit`: `limit` per caller (account or address, or the key given), counted under
 * the limit's `name` (routes sharing a name share the count). Over it the answer is 429
 * `request.rate_limited` with Retry-After (seconds).
 */
export function limitedRoute(name: string, limit: RequestLimit, caller: (request: FastifyRequest) => string = accountOrAddress): RateLimitOptions {
  return { max: limit.max, timeWindow: limit.windowMs, keyGenerator: (request) => `${name}|${caller(request)}` };
}

/**
 * Registers @fastify/rate-limit with the shared store. No route is limited unless it says so in its
 * `config: { rateLimit: limitedRoute(...) }`. Expired counters are deleted on a timer.
 */
export async function registerSharedRateLimits(app: FastifyInstance, db: Database, secret: string) {
  const shared = sharedRateLimitStore(db, secret);
  await app.register(rateLimit, {
    global: false,
    store: shared.Store,
    // Counted after the route's own onRequest hooks (sign-in), so an account's requests count as the account's.
    hook: 'onRequest',
    errorResponseBuilder: (_request, context) =>
      appError('request.rate_limited', {
        params: { minutes: Math.max(1, Math.ceil(context.ttl / 60_000)) },
        headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
      }),
  });
  const timer = setInterval(() => {
    shared.deleteExpired().catch((err: unknown) => app.log.error({ err }, 'deleting expired rate-limit counters failed'));
  }, RATE_LIMIT_CLEANUP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return shared;
}
