import module from 'node:module';

// Node keeps the compiled code of the bundle between starts (Node 22.1 and later, in os.tmpdir() unless
// NODE_COMPILE_CACHE names a folder; Node 20's types and runtime lack it): a restart then skips most of the
// parsing. It must be on before the server's code loads, hence the dynamic imports.
const { enableCompileCache } = module as { enableCompileCache?: () => unknown };
enableCompileCache?.();

// The two commands (the container image's too): `serve`, the default, and `migrate`, which applies the checked-in
// migrations and exits (the step before instances start when they run with MIGRATE_ON_START=false).
const command = process.argv[2] ?? 'serve';
if (command === 'serve') await import('./start');
else if (command === 'migrate') await import('./migrate-command');
else {
  console.error(`Unknown command "${command}": the server's commands are serve (the default) and migrate.`);
  process.exit(2);
}
