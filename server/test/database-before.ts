import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { inject } from 'vitest';
import type { DB_KINDS } from './harness';
import { MIGRATIONS_DIR } from '../src/paths';

// A database as it was before a migration, for testing what that migration does to the data it finds.

/** A copy of the migrations folder that stops just before `tag`: a database as it was before that migration. */
function migrationsBefore(tag: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const stop = journal.entries.findIndex((e) => e.tag === tag);
  const entries = journal.entries.slice(0, stop);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

export type Query = (text: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

/** A database of `kind` migrated up to before the migration `tag`, and how to finish migrating it. */
export async function databaseBefore(kind: (typeof DB_KINDS)[number], tag: string) {
  const before = migrationsBefore(tag);
  if (kind === 'pglite') {
    const client = await PGlite.create();
    await migratePglite(drizzlePglite(client), { migrationsFolder: before });
    return {
      query: ((text, params) => client.query(text, params)) as Query,
      finish: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
      close: async () => {
        await client.close();
        fs.rmSync(before, { recursive: true, force: true });
      },
    };
  }
  const base = inject('pgUrl')!;
  const name = `pes_migration_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await migratePg(drizzlePg(client), { migrationsFolder: before });
  return {
    query: ((text, params) => client.query(text, params)) as Query,
    finish: () => migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      fs.rmSync(before, { recursive: true, force: true });
    },
  };
}
