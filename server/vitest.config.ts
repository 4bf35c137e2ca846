import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-file.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // A worker keeps the modules it has loaded from one file to the next: Fastify, Drizzle, PGlite and the app are
    // imported twice per run instead of once per file (a fifth of the suite's time went to imports). Each file still
    // starts its own app on its own database; module state is limited to caches and counters that never repeat.
    isolate: false,
  },
});
