import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR } from '../src/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string | null;
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

export default async function setup(project: TestProject) {
  const [pgUrl, template] = await Promise.all([findPostgres(), makePgliteTemplate()]);
  project.provide('pgUrl', pgUrl);
  project.provide('pgliteTemplate', template.file);
  console.log(`API tests run on PGlite${pgUrl ? ' and PostgreSQL' : ' only (no PostgreSQL answered)'}`);
  return () => fs.rmSync(template.dir, { recursive: true, force: true });
}
