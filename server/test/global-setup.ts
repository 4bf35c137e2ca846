import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR } from '../src/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string | null;
    pgTemplate: string | null;
    pgliteTemplate: string;
  }
}

/** PostgreSQL for the API tests: TEST_DATABASE_URL, else the local server if one answers. */
async function findPostgres(): Promise<string | null> {
  if (process.env.TEST_DATABASE_URL === 'none') return null;
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    if (process.env.TEST_DATABASE_URL) throw new Error(`TEST_DATABASE_URL is set but does not answer: ${url}`);
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A migrated PGlite database, dumped once; every test file starts from a copy (initdb takes seconds). */
async function makePgliteTemplate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-tpl-'));
  const file = path.join(dir, 'template.tar.gz');
  const client = await PGlite.create();
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  const dump = await client.dumpDataDir('gzip');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  return { file, dir };
}

async function onPostgres(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A migrated PostgreSQL database that every suite's database is copied from (CREATE DATABASE … TEMPLATE, a
 * fraction of a second) instead of migrated afresh (about two seconds each, some forty times a run).
 */
async function makePostgresTemplate(baseUrl: string) {
  const name = `pes_tpl_${randomBytes(6).toString('hex')}`;
  await onPostgres(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.end();
  }
  return { name, drop: () => onPostgres(baseUrl, `drop database if exists ${name} with (force)`) };
}

export default async function setup(project: TestProject) {
  const [pgUrl, template] = await Promise.all([findPostgres(), makePgliteTemplate()]);
  const pgTemplate = pgUrl ? await makePostgresTemplate(pgUrl) : null;
  project.provide('pgUrl', pgUrl);
  project.provide('pgTemplate', pgTemplate?.name ?? null);
  project.provide('pgliteTemplate', template.file);
  console.log(`API tests run on PGlite${pgUrl ? ' and PostgreSQL' : ' only (no PostgreSQL answered)'}`);
  return async () => {
    fs.rmSync(template.dir, { recursive: true, force: true });
    await pgTemplate?.drop();
  };
}
