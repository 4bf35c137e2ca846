import path from 'node:path';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock } from './data-dir-lock';
import { withStatementCache } from './pglite-statements';
import { listenOnPglite, listenOnPostgres, type Listen } from './notifications';
import { MIGRATIONS_DIR } from '../paths';
import { DEFAULT_POOL_SIZE } from '../config';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** LISTEN for NOTIFY on a channel (db/notifications.ts). */
  listen: Listen;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; PGlite when absent. */
  databaseUrl?: string;
  /** PGlite data directory; in memory when absent. */
  dataDir?: string;
  /** Load a PGlite data directory dump instead of creating a database (tests). */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? DEFAULT_POOL_SIZE });
    // An idle connection can fail (PostgreSQL restarted, the connection terminated): the pool drops it
    // and connects again when needed. Unheard, that 'error' event would crash the whole server.
    let closing = false;
    pool.on('error', (err) => {
      if (!closing) console.warn(`PostgreSQL: an idle connection failed and was dropped (${err.message})`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    // Many instances may start together on one PostgreSQL: migrate one at a time.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(724001)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock(724001)').catch(() => {});
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      listen: listenOnPostgres(opts.databaseUrl),
      close: () => {
        closing = true;
        return pool.end();
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
  const db = drizzlePglite(withStatementCache(client), { schema }) as unknown as Database;
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } catch (err) {
    await client.close().catch(() => {});
    release();
    throw err;
  }
  return {
    db,
    kind: 'pglite',
    listen: listenOnPglite(client),
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

export async function pingDatabase(db: Database) {
  await db.execute(sql`select 1`);
}
