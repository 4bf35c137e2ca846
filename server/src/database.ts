import { migrateDatabase, openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from './db/client';
import { chainUnchainedAuditEntries } from './modules/audit/audit.repository';

/**
 * The application's database: migrated, then upgraded where code must compute data (the audit entries written
 * before the hash chain existed are chained, once). db/ knows no module, so the modules' upgrades join here.
 */
export function openAppDatabase(opts: Omit<OpenDatabaseOptions, 'afterMigrations'>): Promise<DatabaseHandle> {
  return openDatabase({ ...opts, afterMigrations: chainUnchainedAuditEntries });
}

/** The `migrate` command: the application's migrations and upgrades, nothing served; returns the migrations applied. */
export function migrateAppDatabase(opts: Pick<OpenDatabaseOptions, 'databaseUrl' | 'migrationUrl' | 'dataDir'>): Promise<string[]> {
  return migrateDatabase({ ...opts, afterMigrations: chainUnchainedAuditEntries });
}
