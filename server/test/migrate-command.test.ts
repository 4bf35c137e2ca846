import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrateAppDatabase, openAppDatabase } from '../src/database';
import { SchemaBehindError } from '../src/db/migrations';
import { SERVER_ROOT } from '../src/paths';
import { migrationsUpTo } from './earlier-schema';

const MAIN = path.join(SERVER_ROOT, 'src/main.ts');
const journal = JSON.parse(fs.readFileSync(path.join(SERVER_ROOT, 'drizzle/meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
const ALL_TAGS = journal.entries.map((e) => e.tag);

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-migrate-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** An embedded database in a new data directory, migrated up to and including `lastTag` (an earlier version's). */
async function earlierDataDir(lastTag: string) {
  const dataDir = tempDir();
  const earlier = migrationsUpTo(lastTag);
  try {
    const client = await PGlite.create(path.join(dataDir, 'pgdata'));
    await migrate(drizzle(client), { migrationsFolder: earlier.dir });
    await client.close();
  } finally {
    earlier.remove();
  }
  return dataDir;
}

/** The server's command line (`node main.js <command>`, as the container image's entrypoint runs it). */
function runServer(args: string[], env: Record<string, string>) {
  // `node --import tsx` on the source: the same main.ts that the build bundles.
  return spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

// Each case migrates an embedded database or starts the server: about 35 s on a busy 2-core machine, more at its busiest.
describe('migrations as their own step (the embedded database)', { timeout: 180_000 }, () => {
  it('migrateAppDatabase applies what is missing, and then nothing', async () => {
    const dataDir = await earlierDataDir('0014_clearance_certificates');
    const applied = await migrateAppDatabase({ dataDir });
    expect(applied).toEqual(ALL_TAGS.slice(ALL_TAGS.indexOf('0015_audit_chain')));
    expect(await migrateAppDatabase({ dataDir })).toEqual([]);
  });

  it('opening without migrating refuses a schema that is behind, naming the migrations and the command; a current one opens', async () => {
    const dataDir = await earlierDataDir('0027_fine_summaries_by_station');
    const pending = ALL_TAGS.slice(ALL_TAGS.indexOf('0027_fine_summaries_by_station') + 1);
    const opening = openAppDatabase({ dataDir, migrations: 'check' });
    await expect(opening).rejects.toThrow(SchemaBehindError);
    await expect(opening).rejects.toThrow(`${pending.length} migration(s) not applied (${pending.join(', ')}). Run the migrate command`);
    // Nothing was applied by the refusal, and the directory's lock was released.
    expect(await migrateAppDatabase({ dataDir })).toEqual(pending);
    const opened = await openAppDatabase({ dataDir, migrations: 'check' });
    await opened.close();
  });

  it('`migrate` migrates a new data directory and exits 0, with none of the serving settings (production, no secrets)', () => {
    const dataDir = tempDir();
    const run = runServer(['migrate'], { NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const line = JSON.parse(run.stdout.trim()) as { applied: string[]; database: string; msg: string };
    expect(line).toMatchObject({ database: 'pglite', applied: ALL_TAGS });
    expect(JSON.parse(runServer(['migrate'], { DATA_DIR: dataDir }).stdout.trim())).toMatchObject({ applied: [] });
  }, 240_000);

  it('`serve` with MIGRATE_ON_START=false refuses an unmigrated database and exits 1, naming the command', () => {
    const run = runServer(['serve'], { DATA_DIR: tempDir(), MIGRATE_ON_START: 'false', PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/migration\(s\) not applied \(0000_init, .*Run the migrate command/);
  }, 120_000);

  it('an unknown command exits 2 naming the two commands; a bad setting for `migrate` exits 1 naming it', () => {
    const unknown = runServer(['migrated'], {});
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "migrated": the server\'s commands are serve (the default) and migrate.');
    const bad = runServer(['migrate'], { DATABASE_URL: 'not a url' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/Invalid configuration:\n {2}DATABASE_URL: /);
  }, 120_000);
});
