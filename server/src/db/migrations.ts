import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';

/** What SQL alone does not do after the migrations, run on the migrating connection (database.ts passes the modules'). */
export type AfterMigrations = (db: PgDatabase<PgQueryResultHKT>) => Promise<void>;

/** Plain SQL on a connection, PGlite's or PostgreSQL's: enough to read the migrations' record. */
type Query = (text: string) => Promise<{ rows: unknown[] }>;

/** The migrations at start may not run as the role serving the application (a runtime role). */
export class MigrationPrivilegeError extends Error {
  constructor(refusal: string) {
    super(
      `The database role of DATABASE_URL may not run the migrations (${refusal}). ` +
        "Set DATABASE_MIGRATION_URL to the owner role's connection string (README: PostgreSQL roles).",
    );
    this.name = 'MigrationPrivilegeError';
  }
}

/** A server told not to migrate (MIGRATE_ON_START=false) found migrations its code needs not yet applied. */
export class SchemaBehindError extends Error {
  constructor(pending: string[]) {
    super(
      `The database schema is behind this version of the server: ${pending.length} migration(s) not applied (${pending.join(', ')}). ` +
        "Run the migrate command first (`node server/dist/main.js migrate`, the image's `migrate`, or `npm run db:migrate`), " +
        'or start with MIGRATE_ON_START=true.',
    );
    this.name = 'SchemaBehindError';
  }
}

/** PostgreSQL's refusal (insufficient privilege) behind a driver or drizzle error, if that is what it is. */
function privilegeRefusal(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '42501') return e.message;
  }
  return undefined;
}

interface JournalEntry {
  tag: string;
  /** The migration's folderMillis: drizzle's record keeps the latest applied one as created_at. */
  when: number;
}

/** The checked-in migrations, in order (drizzle's journal). */
function journalEntries(): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

/**
 * The checked-in migrations the database has not applied, by drizzle's own rule: those newer than the latest it
 * recorded. Reading the record needs only SELECT on drizzle.__drizzle_migrations (deploy/postgres-roles.sql grants it).
 */
async function pendingMigrations(query: Query): Promise<string[]> {
  const entries = journalEntries();
  const record = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!(record.rows[0] as { present: boolean }).present) return entries.map((e) => e.tag);
  const latest = await query('select max(created_at)::text as latest from drizzle.__drizzle_migrations');
  const appliedUpTo = Number((latest.rows[0] as { latest: string | null }).latest ?? 0);
  return entries.filter((e) => e.when > appliedUpTo).map((e) => e.tag);
}

/**
 * Migrates a PostgreSQL database, then runs `afterMigrations`; returns the migrations applied. Many instances may
 * start together: one migrates at a time, under an advisory lock, on a connection of its own without the request
 * timeouts (waiting for the lock or a long migration is expected here).
 */
export async function migratePostgres(opts: { databaseUrl: string; migrationUrl?: string; afterMigrations?: AfterMigrations }): Promise<string[]> {
  const client = new pg.Client({ connectionString: opts.migrationUrl ?? opts.databaseUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(724001)');
    const pending = await pendingMigrations((text) => client.query(text));
    const migrating = drizzlePg(client);
    await migratePg(migrating, { migrationsFolder: MIGRATIONS_DIR });
    await opts.afterMigrations?.(migrating as unknown as PgDatabase<PgQueryResultHKT>);
    return pending;
  } catch (err) {
    const refusal = opts.migrationUrl ? undefined : privilegeRefusal(err);
    throw refusal ? new MigrationPrivilegeError(refusal) : err;
  } finally {
    await client.query('select pg_advisory_unlock(724001)').catch(() => {});
    await client.end().catch(() => {});
  }
}

/** Refuses to serve a PostgreSQL database whose schema is behind the code (MIGRATE_ON_START=false). */
export async function assertPostgresSchemaCurrent(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    const pending = await pendingMigrations((text) => client.query(text));
    if (pending.length) throw new SchemaBehindError(pending);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Migrates (or, with `check`, only verifies) an open PGlite database; returns the migrations applied. */
export async function migratePgliteDatabase(client: PGlite, mode: 'run' | 'check', afterMigrations?: AfterMigrations): Promise<string[]> {
  const pending = await pendingMigrations((text) => client.query(text));
  if (mode === 'check') {
    if (pending.length) throw new SchemaBehindError(pending);
    return [];
  }
  const migrating = drizzlePglite(client);
  await migratePglite(migrating, { migrationsFolder: MIGRATIONS_DIR });
  await afterMigrations?.(migrating as unknown as PgDatabase<PgQueryResultHKT>);
  return pending;
}
