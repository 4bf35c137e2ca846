import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { type DatabaseHandle } from '../src/db/client';
import { openAppDatabase } from '../src/database';
import { buildApp } from '../src/app';
import { seedOnStart } from '../src/seed/seed';
import { dayFromToday } from '../src/modules/complaints/complaints.fixtures';
import { postgresBinariesAvailable, startOwnPostgres } from './own-postgres';
import { TEST_ADMIN } from './harness';
import { firstStaffSignIn } from './helpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  startedAt: number;
  ms: number;
  id?: number;
  code?: string;
  retryAfter?: string;
}

/**
 * PostgreSQL going away under a write load: the server must live through it, answer 503 (with Retry-After)
 * while the database is gone, serve again within seconds of its return and lose no write it acknowledged.
 */
describe.skipIf(!postgresBinariesAvailable())('database outage (own PostgreSQL)', () => {
  let server: Awaited<ReturnType<typeof startOwnPostgres>>;
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];
  let token: string;
  let dataDir: string;
  let serial = 0;

  beforeAll(async () => {
    server = await startOwnPostgres();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-outage-'));
    database = await openAppDatabase({ databaseUrl: server.url, poolSize: 6, log: () => {} });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      TOKEN_SECRET: randomBytes(32).toString('hex'),
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    });
    const built = await buildApp({ config, database, logger: false });
    app = built.app;
    await seedOnStart(config, built.modules, { info: () => {} });
    await app.ready();
    // The administrator's first sign-in: password, then the second factor's set-up.
    ({ token } = await firstStaffSignIn(app, { ...TEST_ADMIN, area: 'admin' }));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await server?.remove();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** One write: a new slot (each on a date and time of its own). */
  async function write(): Promise<Answer> {
    const n = serial++;
    const startedAt = Date.now();
    const minutes = (n % 600) + 60;
    const time = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/slots',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        branch: 'Crime Branch',
        date: dayFromToday(10 + Math.floor(n / 600)),
        time_from: time(minutes),
        time_to: time(minutes + 30),
        available_slots: 2,
      },
    });
    const body = res.json() as { id?: number; error?: { code: string } };
    return {
      status: res.statusCode,
      startedAt,
      ms: Date.now() - startedAt,
      id: body.id,
      code: body.error?.code,
      retryAfter: res.headers['retry-after'] as string,
    };
  }

  /** `workers` writers in a loop until `until()` says stop. */
  function load(workers: number) {
    const answers: Answer[] = [];
    let stop = false;
    const done = Promise.all(
      Array.from({ length: workers }, async () => {
        while (!stop) {
          answers.push(await write());
          await sleep(20);
        }
      }),
    );
    return {
      answers,
      async stop() {
        stop = true;
        await done;
      },
    };
  }

  async function storedSlotIds() {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      return new Set((await client.query<{ id: number }>('select id from slots')).rows.map((r) => r.id));
    } finally {
      await client.end();
    }
  }

  async function firstSuccessAfter(since: number, answers: Answer[], limitMs: number) {
    const deadline = since + limitMs + 2000;
    while (Date.now() < deadline) {
      const ok = answers.find((a) => a.startedAt >= since && a.status === 201);
      if (ok) return ok.startedAt + ok.ms - since;
      await sleep(50);
    }
    return Infinity;
  }

  it('stopped under a write load (-m immediate): 503 within 1 s while it is down, back within 5 s, no acknowledged write lost', async () => {
    const writes = load(4);
    await sleep(800);
    server.stopImmediately();
    const downAt = Date.now();
    await sleep(2500);
    const upFrom = Date.now();
    server.start();
    const upAt = Date.now();
    const resumedMs = await firstSuccessAfter(upAt, writes.answers, 5000);
    await writes.stop();

    expect(writes.answers.filter((a) => a.status === 201).length).toBeGreaterThan(5);
    // Nothing but success or "unavailable" (never a 500), and the process is still here to answer.
    expect(writes.answers.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
    const duringOutage = writes.answers.filter((a) => a.startedAt >= downAt && a.startedAt + a.ms <= upFrom);
    expect(duringOutage.length).toBeGreaterThan(5);
    for (const a of duringOutage) {
      expect(a).toMatchObject({ status: 503, code: 'server.unavailable', retryAfter: expect.stringMatching(/^\d+$/) });
      expect(a.ms).toBeLessThan(1000);
    }
    expect(resumedMs).toBeLessThan(5000);

    const stored = await storedSlotIds();
    const acknowledged = writes.answers.filter((a) => a.status === 201).map((a) => a.id!);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

    const health = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(health.statusCode).toBe(200);
  });

  it('health while the database is down: live says up, ready and /api/health say unavailable', async () => {
    server.stopImmediately();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable' });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      server.start();
    }
    const ok = await firstAnswer(() => app.inject({ method: 'GET', url: '/api/health/ready' }).then((r) => r.statusCode === 200), 5000);
    expect(ok).toBe(true);
  });

  it('frozen (SIGSTOP): 503 in seconds rather than a hang, and serving again after SIGCONT', async () => {
    server.freeze();
    let frozen: Answer[];
    try {
      frozen = await Promise.all([write(), write(), write()]);
    } finally {
      server.thaw();
    }
    for (const a of frozen) {
      expect(a).toMatchObject({ status: 503, code: 'server.unavailable' });
      expect(a.ms).toBeLessThan(8000);
    }
    const thawedAt = Date.now();
    const ok = await firstAnswer(async () => (await write()).status === 201, 5000);
    expect(ok).toBe(true);
    expect(Date.now() - thawedAt).toBeLessThan(5000);
  });

  it('frozen: a request that finds every connection taken answers 503 with Retry-After, and service resumes after', async () => {
    // Six pooled connections: the first six writes take them and hang until the client's statement
    // timeout; the others wait for a connection, and the database answers nothing while they do.
    await Promise.all(Array.from({ length: 6 }, () => write()));
    server.freeze();
    let frozen: Answer[];
    try {
      frozen = await Promise.all(Array.from({ length: 10 }, () => write()));
    } finally {
      server.thaw();
    }
    for (const a of frozen) expect(a).toMatchObject({ status: 503, code: 'server.unavailable', retryAfter: expect.stringMatching(/^\d+$/) });
    const ok = await firstAnswer(async () => (await write()).status === 201, 5000);
    expect(ok).toBe(true);
  });

  async function firstAnswer(probe: () => Promise<boolean>, limitMs: number) {
    const deadline = Date.now() + limitMs;
    while (Date.now() < deadline) {
      if (await probe()) return true;
      await sleep(100);
    }
    return false;
  }
});
