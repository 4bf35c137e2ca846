import { loadMigrationConfig } from './config';
import { migrateAppDatabase } from './database';
import { DataDirLockedError } from './db/data-dir-lock';
import { MigrationPrivilegeError } from './db/migrations';

/**
 * `migrate`: applies the checked-in migrations to the configured database (PostgreSQL as the owner role,
 * DATABASE_MIGRATION_URL or else DATABASE_URL; or the embedded one in DATA_DIR) and exits: 0 when the schema is
 * current, 1 when it could not be made so. Prints one JSON line, like the server's log.
 */
async function migrate() {
  const startedAt = performance.now();
  const config = loadMigrationConfig();
  const applied = await migrateAppDatabase(config.ownerUrl ? { databaseUrl: config.ownerUrl } : { dataDir: config.dataDir });
  console.log(
    JSON.stringify({
      level: 'info',
      time: Date.now(),
      database: config.ownerUrl ? 'postgres' : 'pglite',
      applied,
      durationMs: Math.round(performance.now() - startedAt),
      msg: applied.length ? `migrated: ${applied.length} migration(s) applied` : 'migrated: the schema was already current',
    }),
  );
}

migrate().catch((err: unknown) => {
  // The errors an operator fixes by a setting are told plainly; anything else with its stack.
  const known =
    err instanceof DataDirLockedError || err instanceof MigrationPrivilegeError || (err instanceof Error && err.message.startsWith('Invalid configuration'));
  console.error(known ? (err as Error).message : err);
  process.exit(1);
});
