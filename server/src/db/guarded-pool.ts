import pg from 'pg';

/** Timeouts bounding every use of PostgreSQL: a database that is down or frozen costs seconds, never a hang. */
export interface PoolTimeouts {
  /** Connecting, and waiting for a free connection of the pool. */
  connectMs: number;
  /** One statement (server side); the client gives up a second later if the server does not answer at all. */
  statementMs: number;
}

export const DEFAULT_POOL_TIMEOUTS: PoolTimeouts = { connectMs: 3000, statementMs: 5000 };

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
 * A pg pool whose checked-out connections are released when they fail. Drizzle sends a transaction's BEGIN
 * before its try/finally: if the connection dies (or the database freezes) there, drizzle never releases it,
 * and after a few such outages every connection of the pool would be lost for good. A connection checked out
 * here is released (and so closed) by its first connection failure, a query timing out on the client, or an
 * 'error' event; a second release (drizzle's, later) does nothing. Every connection also has an 'error'
 * handler for its whole life: pg emits 'error' on a connection that fails while checked out, and unheard,
 * that event ends the process.
 */
export class GuardedPool extends pg.Pool {
  constructor(config: pg.PoolConfig, log: Log) {
    super(config);
    // An idle connection that fails is dropped by the pool (and logged by its own handler below).
    this.on('error', () => {});
    this.on('connect', (client) => client.on('error', (err) => log(`PostgreSQL: a connection failed (${err.message})`)));
  }

  // pg's connect has a callback form (used by pool.query, which releases failed connections itself) and a
  // promise form (used by drizzle's transactions): the latter is guarded.
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) {
    if (callback) return super.connect(callback as never);
    return super.connect().then(guard);
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
