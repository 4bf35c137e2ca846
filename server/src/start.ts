import { administratorPasswordRefusal, loadConfig } from './config';
import { MigrationPrivilegeError, SchemaBehindError } from './db/migrations';
import { openAppDatabase } from './database';
import { DataDirLockedError } from './db/data-dir-lock';
import { buildApp } from './app';
import { seedOnStart } from './seed/seed';

async function main() {
  const startedAt = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const weakAdministrator = await administratorPasswordRefusal(config);
  if (weakAdministrator) {
    console.error(weakAdministrator.message);
    process.exit(1);
  }

  let database;
  try {
    database = await openAppDatabase(
      config.databaseUrl
        ? {
            databaseUrl: config.databaseUrl,
            migrationUrl: config.databaseMigrationUrl,
            poolSize: config.databasePoolSize,
            timeouts: { statementMs: config.databaseStatementTimeoutMs },
            staffPool: config.databaseStaffPool,
            migrations: config.migrateOnStart ? 'run' : 'check',
          }
        : { dataDir: config.dataDir, migrations: config.migrateOnStart ? 'run' : 'check' },
    );
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof MigrationPrivilegeError || err instanceof SchemaBehindError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // Handlers go in as soon as the database is open, so a stop during start-up still closes it cleanly:
  // they read `app` before it is built, hence a variable that starts undefined rather than a const below.
  let app: Awaited<ReturnType<typeof buildApp>>['app'] | undefined = undefined;
  let modules: Awaited<ReturnType<typeof buildApp>>['modules'] | undefined = undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    if (app) app.log.info({ signal }, 'shutting down');
    // A stop by the orchestrator (SIGTERM): readiness turns 503 at once and new requests are still served for the
    // grace period, while the load balancer's health check notices; Ctrl-C (SIGINT) stops at once.
    const grace = signal === 'SIGTERM' ? config.shutdownGraceMs : 0;
    // Then in-flight requests get 10 s to finish; the data-dir lock is released on exit either way.
    const force = setTimeout(() => process.exit(1), grace + 10_000);
    force.unref();
    let code = 0;
    try {
      if (grace > 0 && modules) {
        modules.startDraining();
        await new Promise((resolve) => setTimeout(resolve, grace));
      }
      await app?.close();
      await database.close();
    } catch (err) {
      console.error(err);
      code = 1;
    } finally {
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const built = await buildApp({ config, database });
  app = built.app;
  modules = built.modules;
  await seedOnStart(config, built.modules, app.log);
  if (closing) return;

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, dataDir: config.databaseUrl ? undefined : config.dataDir, startupMs: Math.round(performance.now() - startedAt) },
    `Police e-Services portal on http://localhost:${config.port}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
