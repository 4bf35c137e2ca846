import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
// A fresh embedded database for every run, with the demo accounts.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-e2e-'));

export default defineConfig({
  testDir: './tests',
  // One folder per port, so runs side by side do not clear each other's results.
  outputDir: `test-results/${PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  webServer: {
    // E2E_SERVER=tsx runs the server from source (no build step); E2E_WEB_DIST serves another web build.
    command: process.env.E2E_SERVER === 'tsx' ? 'npx tsx ../server/src/main.ts' : 'node ../server/dist/main.js',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      TOKEN_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
      // Every spec's citizens sign up and search from this one browser address: the suite floods the
      // per-address limits by design, so they are raised here (each is still on).
      RATE_LIMIT_SIGNUP: '1000',
      RATE_LIMIT_PUBLIC_SLOTS: '5000',
      RATE_LIMIT_COMPLAINTS: '1000',
      RATE_LIMIT_FINE_SEARCH: '5000',
      RATE_LIMIT_CHECKOUT: '1000',
      RATE_LIMIT_CARD_ATTEMPTS: '1000',
      RATE_LIMIT_ANONYMOUS_TRACK: '1000',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
