import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { prepareSql } from '../../db/prepared-sql';
import { rateLimitCounters } from './rate-limits.table';
import { appError } from '../../app-error';
import { createRateLimitBatcher, type Counted } from './rate-limits.batcher';

/**
 * Each instance deletes the counters whose window has ended when the first of them ends (it learns the
 * windows from its own counts, and from the table after each sweep), and at least this often.
 */
export const RATE_LIMIT_CLEANUP_INTERVAL_MS = 60_000;
/**
 * A sweep takes the counters whose window ends within this time too, so that a counter is gone by the end
 * of its window, not some milliseconds after it (a limit's window is then at most this much shorter), and
 * sweeps are at least SWEEP_SPACING_MS apart however many windows end in between.
 */
const SWEEP_AHEAD_MS = 500;
const SWEEP_SPACING_MS = 250;

type CountCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A limit's request counter: the count of `key` in its window (`ttl`: ms until the window ends). */
export interface RequestCounter {
  incr(key: string, callback: CountCallback, windowMs: number, max?: number): void;
}

/**
 * Request counts kept in the database, so that every instance on it counts together.
 * Counts are sent in batches (`rate-limit-batcher.ts`: its bound on overshoot), each ONE atomic upsert: a
 * new key, or one whose window has ended, starts again at the batch's count with a new window; otherwise
 * its count goes up by the batch's. Concurrent batches queue on the row, so no count is lost.
 * The key names the limit and the caller (see `limitedRoute`); it is stored only as a keyed hash (under the
 * address secret, not the token secret), so the table never holds a client address or account, and a row
 * is deleted by the end of its window (`sweeper`): nothing derived from an address (an anonymous
 * reporter's above all) outlives the window it is counted in.
 */
export function sharedRateLimitStore(db: Database, secret: string, onSweepError: (err: unknown) => void = () => {}) {
  const hashed = recentHashes((key) => createHmac('sha256', secret).update(key).digest('base64url'));
  let forgetting: NodeJS.Timeout | undefined;
  const countBatch = prepareSql<Counted, { batch: string }>(
    db,
    'rate_limit_incr_batch',
    sql`
      insert into ${rateLimitCounters} as c (key, count, window_end)
      select b.key, b.n, now() + b.window_ms * interval '1 millisecond'
      from jsonb_to_recordset(${sql.placeholder('batch')}::jsonb) as b(key text, n int, window_ms int)
      order by b.key
      on conflict (key) do update set
        count = case when c.window_end <= now() then excluded.count else c.count + excluded.count end,
        window_end = case when c.window_end <= now() then excluded.window_end else c.window_end end
      returning c.key, c.count, ceil(extract(epoch from (c.window_end - now())) * 1000)::int as ttl_ms`,
  );

  // Deletes what has expired (or will within SWEEP_AHEAD_MS) and answers when the next window ends (ms from
  // now, by the database's clock), null when no counter is left.
  const sweep = prepareSql<{ next_ms: number | null }, { aheadMs: number }>(
    db,
    'rate_limit_sweep',
    sql`
      with gone as (
        delete from ${rateLimitCounters} where window_end <= now() + ${sql.placeholder('aheadMs')}::int * interval '1 millisecond'
      )
      select ceil(extract(epoch from (min(window_end) - now())) * 1000)::int as next_ms
      from ${rateLimitCounters}
      where window_end > now() + ${sql.placeholder('aheadMs')}::int * interval '1 millisecond'`,
  );
  const sweeper = createSweeper(async () => {
    const [row] = await sweep({ aheadMs: SWEEP_AHEAD_MS });
    return row?.next_ms ?? null;
  }, onSweepError);

  // Keys in a batch are sorted, so two instances' batches lock rows in the same order (no deadlock).
  const batcher = createRateLimitBatcher(
    (rows) => countBatch({ batch: JSON.stringify(rows) }),
    (ttl) => sweeper.dueIn(ttl),
  );

  class SharedRateLimitStore implements RequestCounter {
    incr(key: string, callback: CountCallback, windowMs: number, max?: number) {
      batcher.incr(hashed(key), callback, windowMs, max);
    }
  }

  return {
    Store: SharedRateLimitStore,
    /** Deletes the counters whose window has ended. */
    async deleteExpired() {
      await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.windowEnd} < now()`);
    },
    /** Deletes every counter (when the secret they were keyed with is replaced). */
    async deleteAll() {
      await db.delete(rateLimitCounters);
    },
    /**
     * Sweeps now, then whenever the next window ends (and at least every RATE_LIMIT_CLEANUP_INTERVAL_MS) until stopped;
     * forgets the keys hashed in memory on time when no request comes.
     */
    startSweeping: () => {
      sweeper.start();
      clearInterval(forgetting);
      forgetting = setInterval(hashed.expire, hashed.keptMs / 4).unref();
    },
    /** Sends the counts not yet sent, then stops sweeping. */
    stopSweeping: async () => {
      clearInterval(forgetting);
      await batcher.drain();
      await sweeper.stop();
    },
    /** Batches of counts sent to the table so far (tests). */
    flushes: batcher.flushes,
    /** The key under which a caller's count is stored (tests). */
    storedKey: hashed,
  };
}

/**
 * The period of `recentHashes`: a key is kept through the period it was last used in and the next. Periods end at
 * the first use or timer tick after their time is up, and the store's timer ticks every quarter period, so a key is
 * gone at most 2.5 periods (100 s) after its last use.
 */
const HASHES_KEPT_MS = 40_000;
const HASHES_KEPT_MAX = 10_000;

/**
 * `hash` remembered for the keys seen lately: a caller's requests in a row cost one HMAC, not one each (2–3 µs of
 * a limited request's CPU). Keys (they hold an address or an account) stay in this process's memory for less than
 * two minutes after their last use, never in the table: the keys used in one period are kept for the next, then
 * forgotten. `expire` ends periods when no request does (the store calls it on a timer).
 */
export function recentHashes(hash: (key: string) => string) {
  let recent = new Map<string, string>();
  let older = new Map<string, string>();
  let periodStart = Date.now();
  const expire = () => {
    const now = Date.now();
    if (now - periodStart < HASHES_KEPT_MS && recent.size < HASHES_KEPT_MAX) return;
    // A whole period without a rotation (no request, no timer): the older keys' time is up too.
    older = now - periodStart >= 2 * HASHES_KEPT_MS ? new Map() : recent;
    recent = new Map();
    periodStart = now;
  };
  const hashed = (key: string) => {
    expire();
    let value = recent.get(key);
    if (value === undefined) {
      value = older.get(key) ?? hash(key);
      recent.set(key, value);
    }
    return value;
  };
  return Object.assign(hashed, { expire, keptMs: HASHES_KEPT_MS });
}

/**
 * Runs `sweep` when asked to by `dueIn` (the earliest time asked wins), at least every
 * RATE_LIMIT_CLEANUP_INTERVAL_MS, and when the sweep itself answers that the next window ends. Timers are
 * unref'd; one timer at a time.
 */
function createSweeper(sweep: () => Promise<number | null>, onError: (err: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  let dueAt = Infinity;
  let running: Promise<number | null> | undefined;
  let again = false;
  let stopped = true;
  let lastRun = 0;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    const at = Math.max(Date.now() + Math.max(0, delayMs), lastRun + SWEEP_SPACING_MS);
    if (at >= dueAt) return;
    clearTimeout(timer);
    dueAt = at;
    timer = setTimeout(run, at - Date.now());
    timer.unref();
  };

  async function run() {
    timer = undefined;
    dueAt = Infinity;
    if (stopped) return;
    if (running) {
      // Due while one runs: once more after it (it may have read the table before the new counter).
      again = true;
      return;
    }
    lastRun = Date.now();
    running = sweep().catch((err: unknown) => {
      if (!stopped) onError(err);
      return null;
    });
    const next = await running;
    running = undefined;
    schedule(RATE_LIMIT_CLEANUP_INTERVAL_MS);
    if (next !== null) schedule(next - SWEEP_AHEAD_MS);
    if (again) {
      again = false;
      schedule(0);
    }
  }

  return {
    /** A counter's window ends in `ttlMs`: sweep by then. */
    dueIn(ttlMs: number) {
      schedule(ttlMs - SWEEP_AHEAD_MS);
    },
    start() {
      stopped = false;
      void run();
    },
    /** Stops, once the sweep under way (if any) has finished. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      dueAt = Infinity;
      await running;
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

/** A limit on a route: `max` per `windowMs` for each caller, counted under `key(request)`. */
export interface RouteLimit extends RequestLimit {
  key: (request: FastifyRequest) => string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `limitedRoute(...)`: the route's limit, counted before its handler runs. */
    rateLimit?: RouteLimit;
  }
  interface FastifyInstance {
    /** Counts a request on a limit other than its route's own: over the limit, the ms until its window ends; else null. */
    countRequest(limit: RouteLimit, request: FastifyRequest): Promise<number | null>;
  }
}

/**
 * A route's `config.rateLimit`: `limit` per caller (account or address, or the key given), counted under
 * the limit's `name` (routes sharing a name share the count). Over it the answer is 429
 * `request.rate_limited` with Retry-After (seconds).
 */
export function limitedRoute(name: string, limit: RequestLimit, caller: (request: FastifyRequest) => string = accountOrAddress): RouteLimit {
  return { max: limit.max, windowMs: limit.windowMs, key: (request) => `${name}|${caller(request)}` };
}

/** The 429 of every limit: the wait in minutes (for the translated message) and in Retry-After. */
const rateLimited = (ttlMs: number) =>
  appError('request.rate_limited', {
    params: { minutes: Math.max(1, Math.ceil(ttlMs / 60_000)) },
    headers: { 'retry-after': String(Math.max(1, Math.ceil(ttlMs / 1000))) },
  });

/** Counts `request` on `limit`: answers the milliseconds until its window ends when it is over the limit, else null. */
function countOn(counter: RequestCounter, limit: RouteLimit, request: FastifyRequest, answer: (err: Error | null, overForMs: number | null) => void) {
  counter.incr(
    limit.key(request),
    (err, counted) => {
      if (err || !counted) answer(err ?? new Error('no count'), null);
      else answer(null, counted.current > limit.max ? counted.ttl : null);
    },
    limit.windowMs,
    limit.max,
  );
}

/**
 * The check of one limit as an onRequest hook in Fastify's callback form: a request counted on the instance's own
 * count (nearly all of them, rate-limits.batcher.ts) is answered at once, with no promise (issue 26: the
 * @fastify/rate-limit plugin this replaces awaited three promises per request, 7 % of the fine search's CPU).
 */
function limitHook(counter: RequestCounter, limit: RouteLimit): onRequestHookHandler {
  return (request, _reply, done) =>
    countOn(counter, limit, request, (err, overForMs) => done(err ?? (overForMs === null ? undefined : rateLimited(overForMs))));
}

/**
 * A second limit on a route that has one in `config.rateLimit`, as an onRequest hook counted in the same shared
 * store: each request counts on both, and either refuses it.
 */
export function secondLimit(app: FastifyInstance, name: string, limit: RequestLimit, caller: (request: FastifyRequest) => string) {
  const second = limitedRoute(name, limit, caller);
  return async (request: FastifyRequest) => {
    const overForMs = await app.countRequest(second, request);
    if (overForMs !== null) throw rateLimited(overForMs);
  };
}

/**
 * Limits every route that names one in its `config: { rateLimit: limitedRoute(...) }`, counted in the shared store
 * (no route is limited unless it says so). Counters are deleted as their windows end.
 */
export async function registerSharedRateLimits(app: FastifyInstance, db: Database, secret: string) {
  const shared = sharedRateLimitStore(db, secret, (err) => app.log.error({ err }, 'deleting expired rate-limit counters failed'));
  const counter = new shared.Store();
  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    // Counted after the route's own onRequest hooks (sign-in), so an account's requests count as the account's.
    route.onRequest = [...own, limitHook(counter, limit)];
  });
  app.decorate(
    'countRequest',
    (limit: RouteLimit, request: FastifyRequest) =>
      new Promise<number | null>((resolve, reject) => countOn(counter, limit, request, (err, overForMs) => (err ? reject(err) : resolve(overForMs)))),
  );
  shared.startSweeping();
  app.addHook('onClose', () => shared.stopSweeping());
  return shared;
}
