import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

/*
 * Two workers, two servers, two projects (where a new spec goes):
 * - 'parallel' (the default): spec files run two at a time on the server at E2E_PORT, in any order, beside any
 *   other file. A test here makes its own data (signUpCitizen, applyAndPay, its own slot times, unique names) and
 *   finds it by what is unique to it; it may sign in as a demo account but never changes what another test of
 *   that account sees (no deactivation, no password change, no sign-out of every session).
 * - 'shared-state': the files in SHARED_STATE, one at a time, on a second server with its own database
 *   (E2E_SHARED_PORT, default E2E_PORT + 1000). A test that reads what every test writes goes here: admin-wide
 *   or branch-wide lists walked page by page without a filter of its own, totals and counts (analytics,
 *   workload, "Fines issued: n"), today's slot overview.
 * Tests inside one file run in order in one worker (a file may share a fixture through beforeAll or mode
 * 'serial'); a file whose tests are independent may say test.describe.configure({ mode: 'parallel' }), as the
 * accessibility sweep does, to spread them over both workers.
 */
const SHARED_STATE = ['admin.spec.ts', 'clearance-officer.spec.ts', 'complaints.spec.ts', 'fines.spec.ts'];

/*
 * Debian's headless shell (package chromium-headless-shell) where installed: the same engine without the full
 * browser's interface, which used about 40% less CPU over the same specs here (two cores shared by two workers
 * and two servers). The full browser otherwise.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const PORT = Number(process.env.E2E_PORT ?? 3210);
const SHARED_PORT = Number(process.env.E2E_SHARED_PORT ?? PORT + 1000);

/** A server on a fresh embedded database (a folder of its own, per run), with the demo accounts. */
function webServer(port: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-e2e-'));
  return {
    // E2E_SERVER=tsx runs the server from source (no build step); E2E_WEB_DIST serves another web build.
    command: process.env.E2E_SERVER === 'tsx' ? 'npx tsx ../server/src/main.ts' : 'node ../server/dist/main.js',
    url: `http://127.0.0.1:${port}/api/health`,
    // Two servers migrate and seed at once: on a busy machine that can take more than a minute.
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
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
      RATE_LIMIT_ANONYMOUS_REPORTS: '1000',
      RATE_LIMIT_ANONYMOUS_REPORTS_PER_ADDRESS: '1000',
      RATE_LIMIT_VERIFY: '1000',
      RATE_LIMIT_SIGNUP_PHOTO: '1000',
      // The suite is a rush by design (two workers, every page's files): above 50 answers a second the job queue would
      // hold the citizens' messages back for a lull that never comes until the suite ends (a test waits for its e-mail).
      JOBS_BUSY_REQUESTS_PER_SECOND: '100000',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
    },
  };
}

export default defineConfig({
  testDir: './tests',
  // One folder per port, so runs side by side do not clear each other's results.
  outputDir: `test-results/${PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // No trace unless asked for (E2E_TRACE=retain-on-failure): recording one for every test cost about a fifth of
    // the browser stage's time here (39 accessibility tests: 200 s with traces, 150–170 s without, paired runs).
    // A failure still leaves its screenshot and the page's accessibility snapshot (error-context.md).
    trace: process.env.E2E_TRACE === 'retain-on-failure' || process.env.E2E_TRACE === 'on' ? process.env.E2E_TRACE : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
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
  projects: [
    // First in the queue: its files then run one after another beside the parallel ones, not as a tail after them.
    { name: 'shared-state', testMatch: SHARED_STATE, workers: 1, use: { baseURL: `http://127.0.0.1:${SHARED_PORT}` } },
    { name: 'parallel', testIgnore: SHARED_STATE, use: { baseURL: `http://127.0.0.1:${PORT}` } },
  ],
  webServer: [webServer(PORT), webServer(SHARED_PORT)],
});
