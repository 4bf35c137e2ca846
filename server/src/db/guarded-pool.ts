import pg from 'pg';

/** Timeouts bounding every use of PostgreSQL: a database that is down or frozen costs about a second, never a hang. */
export interface PoolTimeouts {
  /**
   * Getting a connection while the database answers nothing: connecting, or waiting for a free connection
   * of the pool while none of its connections comes back (a database frozen, gone or unreachable).
   */
  connectMs: number;
  /**
   * One statement (server side); the client gives up a second later if the server does not answer at all.
   * Also the longest wait for a free connection while the database is answering (busy, not stalled).
   */
  statementMs: number;
}

export const DEFAULT_POOL_TIMEOUTS: PoolTimeouts = { connectMs: 1000, statementMs: 5000 };

/** Errors after which the connection cannot be trusted any more (lost, timed out on the client, closed). */
export function isConnectionFailure(err: unknown) {
  const e = err as { code?: unknown; message?: unknown } | undefined;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && /^(E[A-Z]+|08[0-9A-Z]{3}|57P0[1-3])$/.test(e.code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return /Connection terminated|Query read timeout|not queryable|timeout exceeded when trying to connect|connection timeout/i.test(message);
}

type Log = (message: string) => void;

/**
 * A pg pool whose connections are lent with a bound, and released when they fail.
 *
 * Lending: a borrower waits for a connection at most `stallMs` (DEFAULT_POOL_TIMEOUTS.connectMs, 1 s)
 * during which the database answered nothing (no connection of the pool came back, none was opened), and
 * at most the pool's `connectionTimeoutMillis` in all: a frozen or unreachable database is given up on
 * after about a second (the caller answers 503), while a busy one, still answering, keeps its queue in
 * order (a burst of two hundred sign-ins must not turn into 503s because it queued for more than a second).
 *
 * Releasing: a pg pool whose checked-out connections are released when they fail. Drizzle sends a transaction's BEGIN
 * before its try/finally: if the connection dies (or the database freezes) there, drizzle never releases it,
 * and after a few such outages every connection of the pool would be lost for good. A connection checked out
 * here is released (and so closed) by its first connection failure, a query timing out on the client, or an
 * 'error' event; a second release (drizzle's, later) does nothing. Every connection also has an 'error'
 * handler for its whole life: pg emits 'error' on a connection that fails while checked out, and unheard,
 * that event ends the process.
 */
export class GuardedPool extends pg.Pool {
  /** When the database last answered: a connection came back to the pool, or a new one was opened. */
  private lastAnswerAt = 0;
  private readonly stallMs: number;

  constructor(config: pg.PoolConfig & { stallMs?: number }, log: Log) {
    const { stallMs = DEFAULT_POOL_TIMEOUTS.connectMs, ...poolConfig } = config;
    super(poolConfig);
    this.stallMs = stallMs;
    // An idle connection that fails is dropped by the pool (and logged by its own handler below).
    this.on('error', () => {});
    this.on('connect', (client) => {
      this.lastAnswerAt = Date.now();
      client.on('error', (err) => log(`PostgreSQL: a connection failed (${err.message})`));
    });
    // A connection given back after an answer (an SQL error is an answer; a lost connection is not).
    this.on('release', (err: unknown) => {
      if (!err || !isConnectionFailure(err)) this.lastAnswerAt = Date.now();
    });
  }

  // pg's connect has a callback form (used by pool.query, which releases failed connections itself) and a
  // promise form (used by drizzle's transactions): both wait as bounded above; the latter is also guarded.
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) {
    const lent = this.borrow();
    if (!callback) return lent.then(guard);
    lent.then(
      (client) => callback(undefined, client, (err?: unknown) => client.release(err as Error | boolean | undefined)),
      (err: Error) => callback(err, undefined, () => {}),
    );
  }

  /** pg's own connect, given up on once the database has answered nothing for `stallMs` of the wait. */
  private borrow(): Promise<pg.PoolClient> {
    // Every borrow is watched, even with idle connections: pg lends an idle one only on the next tick, so
    // borrowers arriving in the same tick all see it idle, and those beyond the idle count would otherwise
    // wait in pg's queue unwatched, up to connectionTimeoutMillis (the statement timeout), for a frozen database.
    const startedAt = Date.now();
    return new Promise((resolve, reject) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const watch = () => {
        if (settled) return;
        const quietMs = Date.now() - Math.max(this.lastAnswerAt, startedAt);
        if (quietMs >= this.stallMs) {
          settled = true;
          reject(new Error(`timeout exceeded when trying to connect: the database answered nothing for ${this.stallMs} ms`));
        } else {
          timer = setTimeout(watch, this.stallMs - quietMs);
        }
      };
      timer = setTimeout(watch, this.stallMs);
      super.connect().then(
        (client) => {
          clearTimeout(timer);
          // Lent after its borrower gave up: straight back to the pool.
          if (settled) client.release();
          else {
            settled = true;
            resolve(client);
          }
        },
        (err: unknown) => {
          clearTimeout(timer);
          if (settled) return;
          settled = true;
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  }
}

function guard(client: pg.PoolClient): pg.PoolClient {
  const poolRelease = client.release;
  let released = false;
  const release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('error', onError);
    delete (client as { query?: unknown }).query;
    // A client released with an error is destroyed, never lent again: drizzle's own release, still to come
    // from its finally, must then do nothing (the pool's would throw "already been released"). A client
    // released cleanly goes back to the pool and gets the pool's release again for its next borrower.
    client.release = err ? () => {} : poolRelease;
    poolRelease.call(client, err);
  };
  const onError = (err: Error) => release(err);
  client.on('error', onError);
  client.release = release;
  const query = client.query;
  (client as { query: unknown }).query = function guardedQuery(this: unknown, ...args: unknown[]) {
    const result = (query as (...a: unknown[]) => unknown).apply(client, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).catch((err: unknown) => {
        if (isConnectionFailure(err)) release(err as Error);
      });
    }
    return result;
  };
  return client;
}
