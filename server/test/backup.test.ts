import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openAppDatabase } from '../src/database';
import { buildApp } from '../src/app';
import { seedOnStart } from '../src/seed/seed';
import { backupDataDir, BackupError, restoreDataDir } from '../src/ops/backup';
import { citizenProfiles, users } from '../src/modules/users/users.table';
import { files } from '../src/modules/files/files.table';
import { TEST_ADMIN, type TestApp } from './harness';
import { bearer, createCitizen } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** `npm run <script> -- <args>` at the repository's root, as an operator runs it; answers its exit code and output. */
async function npmRun(script: string, args: string[], dataDir: string) {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', script, '--', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
    });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** The portal on an embedded database in `dataDir`, as `npm start` runs it (secrets generated and kept in the database). */
async function startOn(dataDir: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const database = await openAppDatabase({ dataDir });
  const { app, modules } = await buildApp({ config, database, logger: false });
  await seedOnStart(config, modules, { info: () => {} });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

describe('backup and restore of the embedded database and the uploads', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-backup-test-'));
  const source = path.join(tmp, 'source');
  const restored = path.join(tmp, 'restored');
  const archive = path.join(tmp, 'backups', 'portal.tar.gz');
  let citizen: { username: string; password: string; token: string };
  let photoPath: string;
  let photo: Buffer;

  beforeAll(async () => {
    // A migrated database in DATA_DIR from the tests' template (creating one takes seconds).
    const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
    fs.mkdirSync(path.join(source, 'pgdata'), { recursive: true });
    await (await PGlite.create(path.join(source, 'pgdata'), { loadDataDir: template })).close();

    const portal = await startOn(source);
    try {
      citizen = await createCitizen({ app: portal.app } as TestApp);
      const [row] = await portal.database.db
        .select({ path: files.path })
        .from(citizenProfiles)
        .innerJoin(users, eq(users.id, citizenProfiles.userId))
        .innerJoin(files, eq(files.id, citizenProfiles.identityPhotoFrontId))
        .where(eq(users.username, citizen.username));
      photoPath = row!.path;
      const download = await portal.app.inject({ method: 'GET', url: `/uploads/${photoPath}`, headers: bearer(citizen.token) });
      expect(download.statusCode).toBe(200);
      photo = download.rawPayload;

      // A server holds DATA_DIR: another process may not back it up (nor restore into it).
      const refused = await npmRun('db:backup', ['--out', archive], source);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/in use by another server/);
      expect(fs.existsSync(archive)).toBe(false);
      // Nor may this process.
      await expect(backupDataDir({ dataDir: source, uploadsDir: path.join(source, 'uploads') }, archive)).rejects.toThrow(/in use by another server/);
    } finally {
      await portal.close();
    }
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('backs up with npm run db:backup and restores into a fresh DATA_DIR with npm run db:restore', async () => {
    const backup = await npmRun('db:backup', ['--out', archive], source);
    expect(backup.output).toMatch(/Backed up .* and 3 stored files/);
    expect(backup.code).toBe(0);
    expect(fs.existsSync(`${archive}.partial`)).toBe(false);

    const restore = await npmRun('db:restore', ['--in', archive], restored);
    expect(restore.output).toMatch(/the database and 3 stored files/);
    expect(restore.code).toBe(0);
    expect(fs.readdirSync(path.join(restored, 'uploads')).sort()).toEqual(fs.readdirSync(path.join(source, 'uploads')).sort());
    expect(fs.existsSync(path.join(restored, 'server.lock'))).toBe(false);
  });

  it('serves the restored data: the account signs in and downloads its file', async () => {
    const portal = await startOn(restored);
    try {
      const login = await portal.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: citizen.username, password: citizen.password } });
      expect(login.statusCode).toBe(200);
      const token = login.json().token as string;
      const download = await portal.app.inject({ method: 'GET', url: `/uploads/${photoPath}`, headers: bearer(token) });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(photo)).toBe(true);
      // The session made before the backup is in it, under the token secret the database keeps.
      expect((await portal.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(citizen.token) })).statusCode).toBe(200);

      // The server holds the restored DATA_DIR now: a restore over it is refused, even with --force.
      await expect(restoreDataDir({ dataDir: restored, uploadsDir: path.join(restored, 'uploads') }, archive, { force: true })).rejects.toThrow(
        /in use by another server/,
      );
    } finally {
      await portal.close();
    }
  });

  it('refuses to restore over a DATA_DIR holding data unless --force, which moves that data aside', async () => {
    const refused = await npmRun('db:restore', ['--in', archive], restored);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/not empty: restore into an empty DATA_DIR, or add --force/);

    const paths = { dataDir: restored, uploadsDir: path.join(restored, 'uploads') };
    const forced = await restoreDataDir(paths, archive, { force: true });
    expect(forced.files).toBe(3);
    expect(forced.movedAside.map((dir) => path.basename(dir).replace(/\.replaced-.*$/, '')).sort()).toEqual(['pgdata', 'uploads']);
    for (const dir of forced.movedAside) expect(fs.readdirSync(dir).length).toBeGreaterThan(0);
  });

  it('restores only plain files: a link in an archive is left out', async () => {
    const unpacked = path.join(tmp, 'unpacked');
    fs.mkdirSync(unpacked);
    await tar.extract({ file: archive, cwd: unpacked });
    const planted = `${'a'.repeat(32)}.jpg`;
    fs.symlinkSync('/etc/hostname', path.join(unpacked, 'uploads', planted));
    const tampered = path.join(tmp, 'tampered.tar.gz');
    await tar.create({ gzip: true, file: tampered, cwd: unpacked }, fs.readdirSync(unpacked));

    const target = path.join(tmp, 'from-tampered');
    const result = await restoreDataDir({ dataDir: target, uploadsDir: path.join(target, 'uploads') }, tampered);
    expect(result.files).toBe(3);
    expect(fs.readdirSync(path.join(target, 'uploads'))).not.toContain(planted);
  });

  it('refuses what is not a backup, and a DATA_DIR without a database', async () => {
    const bogus = path.join(tmp, 'bogus.tar.gz');
    fs.writeFileSync(bogus, 'not an archive');
    const empty = path.join(tmp, 'empty');
    await expect(restoreDataDir({ dataDir: empty, uploadsDir: path.join(empty, 'uploads') }, bogus)).rejects.toThrow(BackupError);
    await expect(restoreDataDir({ dataDir: empty }, path.join(tmp, 'missing.tar.gz'))).rejects.toThrow(/does not exist/);
    await expect(backupDataDir({ dataDir: empty }, path.join(tmp, 'x.tar.gz'))).rejects.toThrow(/no pgdata/);
    expect(fs.existsSync(path.join(empty, 'pgdata'))).toBe(false);
  });
});
