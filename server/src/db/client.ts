import path from 'node:path';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { acquireDataDirLock } from './data-dir-lock';
import { withStatementCache } from './pglite-statements';
import { DEFAULT_POOL_TIMEOUTS, GuardedPool, type PoolTimeouts } from './guarded-pool';
import { listenOnPglite, listenOnPostgres, type Listen } from './notifications';
import { assertPostgresSchemaCurrent, migratePgliteDatabase, migratePostgres, type AfterMigrations } from './migrations';
import { DEFAULT_POOL_SIZE, DEFAULT_STAFF_POOL_SIZE, DEFAULT_STAFF_STATEMENT_TIMEOUT_MS } from '../config';

// Queries name each module's tables directly (no relational query API), so the client needs no schema object.
export type Database = PgDatabase<PgQueryResultHKT>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

/** A pool's connections now (the metrics' gauges, labelled by `pool`). */
interface PoolStats {
  pool: PoolName;
  total: number;
  idle: number;
  waiting: number;
  max: number;
}
/** `main`: citizens, the public, every write and the jobs; `staff`: the reads behind officers' and administrators' pages. */
type PoolName = 'main' | 'staff';

export interface DatabaseHandle {
  db: Database;
  /**
   * The bulkhead: the reads behind staff pages (officers' and administrators' lists, searches and aggregates) on a
   * pool of their own with a shorter statement timeout, so that slow staff queries can hold only its connections,
   * never those serving citizens. Services are given it explicitly (no per-request context on the hot path) and
   * pass it to their repositories' read functions. Staff writes stay on `db`. PGlite has one connection: `db` itself.
   */
  staffReads: Database;
  kind: 'pglite' | 'postgres';
  /** LISTEN for NOTIFY on a channel (db/notifications.ts). */
  listen: Listen;
  /** Plain SQL text, several statements when it has no values: the job queue's own statements (modules/jobs). */
  rawSql: RawSql;
  /** PostgreSQL: each pool's connections now (the metrics' gauges); absent for PGlite, one connection and no pool. */
  poolStats?: () => PoolStats[];
  close(): Promise<void>;
}

export interface RawSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; PGlite when absent. */
  databaseUrl?: string;
  /**
   * PostgreSQL: the owner role's connection string, for the migrations at start (DATABASE_MIGRATION_URL);
   * `databaseUrl` when absent. The server then serves as the role of `databaseUrl`, which may be one that
   * can change no table's shape (deploy/postgres-roles.sql).
   */
  migrationUrl?: string;
  /** PGlite data directory; in memory when absent. */
  dataDir?: string;
  /** Load a PGlite data directory dump instead of creating a database (tests). */
  loadDataDir?: Blob;
  poolSize?: number;
  /** PostgreSQL: connect/wait and statement timeouts. */
  timeouts?: Partial<PoolTimeouts>;
  /** PostgreSQL: the staff pages' pool (`staffReads`): its size and statement timeout (DATABASE_STAFF_*). */
  staffPool?: { size?: number; statementMs?: number };
  /** Where lost connections are reported (the console when absent). */
  log?: (message: string) => void;
  /**
   * What SQL alone does not do after the migrations (data a module computes in code), run on the migrating
   * connection under the migration lock: database.ts passes the modules' own.
   */
  afterMigrations?: AfterMigrations;
  /**
   * `run` (the default): apply the checked-in migrations first. `check`: apply none, and refuse to open a database
   * whose schema is behind (SchemaBehindError): the migrations are a step of their own (the `migrate` command).
   */
  migrations?: 'run' | 'check';
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const timeouts = { ...DEFAULT_POOL_TIMEOUTS, ...opts.timeouts };
    let closing = false;
    const log = opts.log ?? ((message: string) => console.warn(message));
    const report = (message: string) => {
      if (!closing) log(message);
    };
    const pool = openPool(opts.databaseUrl, opts.poolSize ?? DEFAULT_POOL_SIZE, timeouts, report);
    // Its own statement timeout bounds its borrowers' wait too (connectionTimeoutMillis): a staff page waits for one
    // of its few connections at most that long, then answers 503, as a timed-out staff query does.
    const staffStatementMs = opts.staffPool?.statementMs ?? Math.min(DEFAULT_STAFF_STATEMENT_TIMEOUT_MS, timeouts.statementMs);
    const staffPool = openPool(
      opts.databaseUrl,
      opts.staffPool?.size ?? DEFAULT_STAFF_POOL_SIZE,
      { connectMs: timeouts.connectMs, statementMs: staffStatementMs },
      (message) => report(`${message} (staff pool)`),
    );
    const db = drizzlePg(pool) as unknown as Database;
    const staffReads = drizzlePg(staffPool) as unknown as Database;
    try {
      if (opts.migrations === 'check') await assertPostgresSchemaCurrent(opts.databaseUrl);
      else await migratePostgres({ databaseUrl: opts.databaseUrl, migrationUrl: opts.migrationUrl, afterMigrations: opts.afterMigrations });
    } catch (err) {
      closing = true;
      await Promise.all([pool.end(), staffPool.end()]).catch(() => {});
      throw err;
    }
    const statsOf = (name: PoolName, p: GuardedPool): PoolStats => ({
      pool: name,
      total: p.totalCount,
      idle: p.idleCount,
      waiting: p.waitingCount,
      max: p.options.max,
    });
    return {
      db,
      staffReads,
      kind: 'postgres',
      listen: listenOnPostgres(opts.databaseUrl),
      rawSql: { executeSql: (text, values) => pool.query(text, values) },
      poolStats: () => [statsOf('main', pool), statsOf('staff', staffPool)],
      async close() {
        closing = true;
        await Promise.all([pool.end(), staffPool.end()]);
      },
    };
  }

  let release = () => {};
  let client: PGlite;
  if (opts.dataDir) {
    const pgdata = path.join(opts.dataDir, 'pgdata');
    release = acquireDataDirLock(opts.dataDir);
    fs.mkdirSync(pgdata, { recursive: true });
    try {
      client = await PGlite.create(pgdata);
    } catch (err) {
      release();
      throw err;
    }
  } else {
    client = await PGlite.create(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  }
  // Migrations run on the plain client; the app's queries reuse prepared statements.
  const db = drizzlePglite(withStatementCache(client)) as unknown as Database;
  try {
    await migratePgliteDatabase(client, opts.migrations ?? 'run', opts.afterMigrations);
  } catch (err) {
    await client.close().catch(() => {});
    release();
    throw err;
  }
  return {
    db,
    // One connection, whose statements run one at a time: there is nothing to keep apart.
    staffReads: db,
    kind: 'pglite',
    listen: listenOnPglite(client),
    rawSql: {
      // PGlite prepares statements that have values; only a text without them may hold several statements.
      async executeSql(text, values) {
        if (values?.length) return client.query(text, values);
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      },
    },
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * The `migrate` command's work: applies the checked-in migrations (then `afterMigrations`) and closes; returns the
 * migrations applied. PostgreSQL as the owner role (`migrationUrl`, else `databaseUrl`); the embedded database under
 * its data directory's lock, so never while a server has it open.
 */
export async function migrateDatabase(opts: Pick<OpenDatabaseOptions, 'databaseUrl' | 'migrationUrl' | 'dataDir' | 'afterMigrations'>): Promise<string[]> {
  if (opts.databaseUrl) return migratePostgres({ databaseUrl: opts.databaseUrl, migrationUrl: opts.migrationUrl, afterMigrations: opts.afterMigrations });
  if (!opts.dataDir) throw new Error('migrateDatabase needs a PostgreSQL URL or a data directory');
  const release = acquireDataDirLock(opts.dataDir);
  try {
    const pgdata = path.join(opts.dataDir, 'pgdata');
    fs.mkdirSync(pgdata, { recursive: true });
    const client = await PGlite.create(pgdata);
    try {
      return await migratePgliteDatabase(client, 'run', opts.afterMigrations);
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/** One pool of the PostgreSQL connections, its every statement and wait bounded by `timeouts` (guarded-pool.ts). */
function openPool(connectionString: string, max: number, timeouts: PoolTimeouts, log: (message: string) => void) {
  return new GuardedPool(
    {
      connectionString,
      max,
      // A borrower waits for a connection until the database has answered nothing for connectMs (frozen,
      // gone, unreachable), and at most statementMs while it answers (busy): guarded-pool.ts.
      stallMs: timeouts.connectMs,
      connectionTimeoutMillis: timeouts.statementMs,
      statement_timeout: timeouts.statementMs,
      // The server cancels a statement after statementMs; a server that does not answer at all (frozen,
      // or the network gone) is given up on by the client a second later.
      query_timeout: timeouts.statementMs + 1000,
      idle_in_transaction_session_timeout: timeouts.statementMs * 2,
      keepAlive: true,
    },
    log,
  );
}

export async function pingDatabase(db: Database) {
  await db.execute(sql`select 1`);
}
