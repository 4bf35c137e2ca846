/**
 * `npm run db:backup -- --out FILE` and `npm run db:restore -- --in FILE [--force]` (the root package.json): the
 * embedded database and the local uploads of DATA_DIR in one archive (backup.ts). Reads DATA_DIR, DATABASE_URL and
 * FILE_STORAGE as the server does; with DATABASE_URL the database is PostgreSQL's, backed up with pg_dump instead
 * (docs/operations.md).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { backupDataDir, BackupError, restoreDataDir } from './backup';

const USAGE = 'usage: npm run db:backup -- --out FILE\n       npm run db:restore -- --in FILE [--force]';

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' }, in: { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  const command = positionals[0];
  // Only the settings that say where the data is: a backup needs none of the server's secrets.
  const pick = (...keys: string[]) => Object.fromEntries(keys.filter((key) => process.env[key] !== undefined).map((key) => [key, process.env[key]]));
  const config = loadConfig(pick('DATA_DIR', 'DATABASE_URL', 'FILE_STORAGE', 'S3_BUCKET', 'AWS_REGION'));
  if (config.databaseUrl) {
    throw new BackupError('DATABASE_URL is set: the database is PostgreSQL, backed up with pg_dump and restored with pg_restore (docs/operations.md).');
  }
  const paths = { dataDir: config.dataDir, uploadsDir: config.s3Storage ? undefined : config.uploadsDir };
  const s3Note = config.s3Storage ? ` The files are in the bucket ${config.s3Storage.bucket}: back it up as docs/operations.md says.` : '';

  if (command === 'backup' && values.out) {
    const manifest = await backupDataDir(paths, values.out);
    console.log(
      `Backed up ${config.dataDir} to ${values.out}: the database (PostgreSQL ${manifest.postgresVersion})${manifest.files === null ? '' : ` and ${manifest.files} stored files`}.${s3Note}`,
    );
  } else if (command === 'restore' && values.in) {
    const restored = await restoreDataDir(paths, values.in, { force: values.force });
    console.log(
      `Restored ${values.in} (made ${restored.manifest.createdAt}) into ${config.dataDir}: the database and ${restored.files} stored files.${s3Note}`,
    );
    for (const aside of restored.movedAside) console.log(`What was there is kept at ${aside}: delete it once the restored data is checked.`);
  } else {
    console.error(USAGE);
    process.exit(2);
  }
}

main().catch((err: unknown) => {
  if (err instanceof BackupError || err instanceof DataDirLockedError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
