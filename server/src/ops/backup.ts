import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { isStoredFileName } from '../modules/files/files.storage';

/*
 * Backup and restore of the embedded database (PGlite, DATA_DIR/pgdata) and the local uploads (DATA_DIR/uploads) as
 * ONE archive, a .tar.gz holding:
 *   pes-backup.json   what the archive is (format, time, PostgreSQL version, the files' count)
 *   pgdata.tar        PGlite's own dump of its data directory (dumpDataDir), loaded back with loadDataDir
 *   uploads/<name>    each stored file, under its stored name
 * Both refuse to run while a server holds DATA_DIR (its lock, db/data-dir-lock.ts), and hold that lock themselves so
 * that no server starts meanwhile. PostgreSQL and S3 are backed up with their own tools (docs/operations.md).
 */

const MANIFEST = 'pes-backup.json';
const DATABASE_DUMP = 'pgdata.tar';
const UPLOADS = 'uploads';
const FORMAT = 'pes-embedded-backup';

interface Manifest {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  postgresVersion: string;
  /** Stored files in the archive; null when the files are kept in S3 (FILE_STORAGE=s3), outside it. */
  files: number | null;
}

export interface DataDirPaths {
  /** DATA_DIR: holds pgdata/ and server.lock. */
  dataDir: string;
  /** The local uploads (DATA_DIR/uploads); undefined when the files are kept in S3. */
  uploadsDir?: string;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

function storedFileNames(uploadsDir: string | undefined) {
  if (!uploadsDir || !fs.existsSync(uploadsDir)) return [];
  return fs
    .readdirSync(uploadsDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && isStoredFileName(entry.name))
    .map((entry) => entry.name);
}

/** A hard link where the filesystem allows it (no copy of gigabytes of photos), a copy otherwise. */
function linkOrCopy(from: string, to: string) {
  try {
    fs.linkSync(from, to);
  } catch {
    fs.copyFileSync(from, to);
  }
}

/**
 * Writes the archive to `out` (written beside it first and renamed when complete: an interrupted backup never leaves
 * a file that looks like one). Answers what went in.
 */
export async function backupDataDir(paths: DataDirPaths, out: string) {
  const pgdata = path.join(paths.dataDir, 'pgdata');
  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION')))
    throw new BackupError(`There is no embedded database in ${paths.dataDir} (no pgdata/): nothing to back up.`);
  const release = acquireDataDirLock(paths.dataDir);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-backup-'));
  const partial = `${out}.partial`;
  try {
    const client = await PGlite.create(pgdata);
    let postgresVersion: string;
    try {
      postgresVersion = ((await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? 'unknown').trim();
      const dump = await client.dumpDataDir('none');
      fs.writeFileSync(path.join(staging, DATABASE_DUMP), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
    // The files after the database: a file uploaded between the two cannot happen (the lock), and a row always finds its file.
    const names = storedFileNames(paths.uploadsDir);
    fs.mkdirSync(path.join(staging, UPLOADS));
    for (const name of names) linkOrCopy(path.join(paths.uploadsDir!, name), path.join(staging, UPLOADS, name));
    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      postgresVersion,
      files: paths.uploadsDir ? names.length : null,
    };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST, DATABASE_DUMP, UPLOADS]);
    fs.renameSync(partial, out);
    return manifest;
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
    release();
  }
}

/** What a restore finds in the way: a database or stored files already in DATA_DIR. */
function existingData(paths: DataDirPaths) {
  const pgdata = path.join(paths.dataDir, 'pgdata');
  const found: string[] = [];
  if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) found.push(pgdata);
  if (paths.uploadsDir && fs.existsSync(paths.uploadsDir) && fs.readdirSync(paths.uploadsDir).length > 0) found.push(paths.uploadsDir);
  return found;
}

/** Reads and checks an archive into a new temporary directory; only the entries a backup writes are taken. */
async function unpack(file: string) {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-restore-'));
  try {
    await tar.extract({
      file,
      cwd: staging,
      strict: true,
      filter: (entry, stat) => {
        const name = entry.replace(/^\.\//, '').replace(/\/$/, '');
        // Plain files and the uploads folder only: never a link, which could point a stored name at any file.
        const type = 'type' in stat ? stat.type : undefined;
        if (type !== (name === UPLOADS ? 'Directory' : 'File')) return false;
        return (
          name === MANIFEST ||
          name === DATABASE_DUMP ||
          name === UPLOADS ||
          (name.startsWith(`${UPLOADS}/`) && isStoredFileName(name.slice(UPLOADS.length + 1)))
        );
      },
    });
    let manifest: Manifest | undefined;
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(staging, MANIFEST), 'utf8')) as Manifest;
    } catch {
      /* below */
    }
    if (manifest?.format !== FORMAT || manifest.version !== 1 || !fs.existsSync(path.join(staging, DATABASE_DUMP))) {
      throw new BackupError(`${file} is not a backup made by db:backup (no ${MANIFEST} of format ${FORMAT} version 1 with ${DATABASE_DUMP}).`);
    }
    return { staging, manifest };
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${file} could not be read as a backup archive: ${(err as Error).message}`);
  }
}

/**
 * Restores an archive into DATA_DIR. A DATA_DIR holding a database or files is refused unless `force`: then they are
 * moved aside (pgdata.replaced-<time>, uploads.replaced-<time>), never deleted, for the operator to remove once the
 * restored data is checked. Answers the archive's manifest and what was moved aside.
 */
export async function restoreDataDir(paths: DataDirPaths, file: string, opts: { force?: boolean } = {}) {
  const { staging, manifest } = await unpack(file);
  let release = () => {};
  try {
    release = acquireDataDirLock(paths.dataDir);
    const inTheWay = existingData(paths);
    if (inTheWay.length && !opts.force) {
      throw new BackupError(
        `${inTheWay.join(' and ')} ${inTheWay.length > 1 ? 'are' : 'is'} not empty: restore into an empty DATA_DIR, or add --force to move what is there aside.`,
      );
    }
    const suffix = `.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    const movedAside: string[] = [];
    for (const dir of inTheWay) {
      fs.renameSync(dir, `${dir}${suffix}`);
      movedAside.push(`${dir}${suffix}`);
    }
    const pgdata = path.join(paths.dataDir, 'pgdata');
    fs.mkdirSync(pgdata, { recursive: true });
    const dump = new Blob([fs.readFileSync(path.join(staging, DATABASE_DUMP))]);
    const client = await PGlite.create(pgdata, { loadDataDir: dump });
    try {
      await client.query('select 1');
    } finally {
      await client.close();
    }
    const names = storedFileNames(path.join(staging, UPLOADS));
    if (names.length && !paths.uploadsDir) {
      throw new BackupError(
        `The archive holds ${names.length} stored files but FILE_STORAGE=s3: restore them into the bucket by hand from its uploads/ folder.`,
      );
    }
    if (paths.uploadsDir) {
      fs.mkdirSync(paths.uploadsDir, { recursive: true });
      for (const name of names) linkOrCopy(path.join(staging, UPLOADS, name), path.join(paths.uploadsDir, name));
    }
    return { manifest, files: names.length, movedAside };
  } finally {
    release();
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
