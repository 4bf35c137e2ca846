import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../src/config';
import { type DatabaseHandle, type OpenDatabaseOptions } from '../src/db/client';
import { openAppDatabase } from '../src/database';
import { buildApp } from '../src/app';
import { seedOnStart } from '../src/seed/seed';
import { DEMO_ADMIN_PASSWORD } from '../src/seed/demo-accounts';

export type DbKind = 'pglite' | 'postgres';

/** The databases every API suite runs on: PGlite always, PostgreSQL when one is reachable. */
export const DB_KINDS: DbKind[] = inject('pgUrl') ? ['pglite', 'postgres'] : ['pglite'];

export const TEST_ADMIN = { username: 'admin', password: DEMO_ADMIN_PASSWORD };

/**
 * A fresh database on the test PostgreSQL server; `drop` removes it. Migrated (a copy of the template) unless
 * `empty`: an upgrade test migrates it itself to an earlier version first.
 */
export async function createPostgresDatabase(baseUrl: string, { empty = false }: { empty?: boolean } = {}) {
  const name = `pes_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  // Copied from the migrated template (global-setup.ts); openDatabase's migrate then finds nothing to do.
  const template = empty ? undefined : inject('pgTemplate');
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestAppOptions {
  /** Seed the demo officers and citizen (default false: tests make their own). */
  demo?: boolean;
  env?: Record<string, string>;
  /** Fastify logger options (default false: no logs); e.g. a level and a stream to read the log lines. */
  logger?: object;
  /** Changes what no variable sets (a limit's window, say) in the loaded configuration. */
  config?: (config: Config) => Config;
  /** PostgreSQL: serve from this database (as its role), migrating as `migrationUrl`'s; by default a fresh database of the app's own. */
  postgres?: { databaseUrl: string; migrationUrl?: string };
  /** PostgreSQL: the pools' sizes and timeouts (by default a main pool of 10, the staff pool's defaults). */
  pools?: Pick<OpenDatabaseOptions, 'poolSize' | 'staffPool' | 'timeouts'>;
}

/** A full server (all modules) on a fresh database of the given kind, driven through app.inject. */
export async function startTestApp(kind: DbKind, opts: TestAppOptions = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-data-'));
  let database: DatabaseHandle;
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (kind === 'postgres' && opts.postgres) {
    databaseUrl = opts.postgres.databaseUrl;
    database = await openAppDatabase({ databaseUrl, migrationUrl: opts.postgres.migrationUrl, poolSize: 10, ...opts.pools });
  } else if (kind === 'postgres') {
    const created = await createPostgresDatabase(inject('pgUrl')!);
    dropDatabase = created.drop;
    databaseUrl = created.url;
    database = await openAppDatabase({ databaseUrl: created.url, poolSize: 10, ...opts.pools });
  } else {
    const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
    database = await openAppDatabase({ loadDataDir: template });
  }
  const loaded = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    ADDRESS_HASH_SECRET: randomBytes(32).toString('hex'),
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    SEED_DEMO: opts.demo ? 'true' : 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...opts.env,
  });
  const config = opts.config ? opts.config(loaded) : loaded;
  const { app, modules } = await buildApp({ config, database, logger: opts.logger ?? false });
  await seedOnStart(config, modules, { info: () => {} });
  await app.ready();
  return {
    app,
    modules,
    config,
    database,
    databaseUrl,
    dataDir,
    uploadedFiles: () => (fs.existsSync(config.uploadsDir) ? fs.readdirSync(config.uploadsDir) : []),
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** Another server instance on the same PostgreSQL database and configuration, as behind a load balancer. */
export async function startSecondInstance(t: TestApp) {
  if (!t.databaseUrl) throw new Error('a second instance needs PostgreSQL');
  const database = await openAppDatabase({ databaseUrl: t.databaseUrl, poolSize: 4 });
  const { app, modules } = await buildApp({ config: t.config, database, logger: false });
  await app.ready();
  return {
    app,
    modules,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
