import module from 'node:module';

// Node keeps the compiled code of the bundle between starts (Node 22.1 and later, in os.tmpdir() unless
// NODE_COMPILE_CACHE names a folder; Node 20's types and runtime lack it): a restart then skips most of the
// parsing. It must be on before the server's code loads, hence the dynamic import.
const { enableCompileCache } = module as { enableCompileCache?: () => unknown };
enableCompileCache?.();
await import('./start');
