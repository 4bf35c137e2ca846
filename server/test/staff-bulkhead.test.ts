import fs from 'node:fs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { isDatabaseUnavailable } from '../src/db/errors';
import { createPostgresDatabase, startTestApp, type TestApp } from './harness';
import { bearer, createCitizen, createOfficer, signInAdmin } from './helpers';
import { issueFine } from '../src/modules/fines/fines.fixtures';
import { createSlot, dayFromToday, HOME_STATION } from '../src/modules/complaints/complaints.fixtures';

const pgUrl = inject('pgUrl');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  url: string;
  status: number;
  ms: number;
  code?: string;
}

/** The session setting a pool's connections run with (`show statement_timeout`). */
const statementTimeoutOf = async (on: DatabaseHandle['db']) =>
  ((await on.execute(sql`show statement_timeout`)) as unknown as { rows: { statement_timeout: string }[] }).rows[0]!.statement_timeout;

/** The staff pages' pool (DatabaseHandle.staffReads): its own connections, with its own statement timeout. */
describe.runIf(pgUrl)('the staff pool: size and statement timeout (PostgreSQL)', () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const opened: DatabaseHandle[] = [];
  const open = async (opts: Omit<Parameters<typeof openDatabase>[0], 'databaseUrl'> = {}) => {
    const database = await openDatabase({ databaseUrl: created.url, log: () => {}, ...opts });
    opened.push(database);
    return database;
  };

  beforeAll(async () => {
    created = await createPostgresDatabase(pgUrl!);
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
    await created?.drop();
  });

  it("cancels a staff read after the staff timeout (a 503's error), while the main pool's statements run on", async () => {
    const database = await open({ poolSize: 2, staffPool: { size: 1, statementMs: 300 } });
    expect(database.staffReads).not.toBe(database.db);
    expect(await statementTimeoutOf(database.staffReads)).toBe('300ms');
    expect(await statementTimeoutOf(database.db)).toBe('5s');

    const startedAt = Date.now();
    const staffError = await database.staffReads.execute(sql`select pg_sleep(2)`).then(
      () => undefined,
      (err: unknown) => err,
    );
    const staffMs = Date.now() - startedAt;
    expect(staffError).toBeDefined();
    // 57014: cancelled by the statement timeout, which the error handler answers with 503 server.unavailable.
    expect((staffError as { cause?: { code?: string } }).cause?.code ?? (staffError as { code?: string }).code).toBe('57014');
    expect(isDatabaseUnavailable(staffError)).toBe(true);
    expect(staffMs).toBeGreaterThanOrEqual(250);
    expect(staffMs).toBeLessThan(1500);
    // The same statement on the main pool runs past the staff timeout.
    await expect(database.db.execute(sql`select pg_sleep(0.6)`)).resolves.toBeDefined();

    expect(database.poolStats!()).toEqual([expect.objectContaining({ pool: 'main', max: 2 }), expect.objectContaining({ pool: 'staff', max: 1 })]);
  });

  it('defaults to 3 connections and 2 s, and never to more than the main statement timeout', async () => {
    const defaults = await open();
    expect(await statementTimeoutOf(defaults.staffReads)).toBe('2s');
    expect(defaults.poolStats!().find((p) => p.pool === 'staff')?.max).toBe(3);
    const strict = await open({ timeouts: { statementMs: 1200 } });
    expect(await statementTimeoutOf(strict.staffReads)).toBe('1200ms');
    expect(await statementTimeoutOf(strict.db)).toBe('1200ms');
  });
});

describe('the staff pool on PGlite', () => {
  it('is the one connection itself', async () => {
    const database = await openDatabase({ loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]) });
    try {
      expect(database.staffReads).toBe(database.db);
      expect(database.poolStats).toBeUndefined();
    } finally {
      await database.close();
    }
  });
});

/**
 * The bulkhead at work: staff pages whose queries cannot finish (their table locked by another session) fill the
 * staff pool; citizens' and the public's requests keep answering at once from the main pool, and the staff pages
 * answer 503 after the staff timeout instead of hanging. Routing the staff reads to the main pool fails this test:
 * the blocked queries then hold the citizens' connections for the main timeout (5 s), and citizens get 503s.
 */
describe.runIf(pgUrl)('the bulkhead: slow staff queries do not take citizens down (PostgreSQL)', () => {
  const STAFF_TIMEOUT_MS = 2500;
  const BLOCKED_STAFF_PAGES = 5;
  let t: TestApp;
  let admin: string;
  let finesOfficer: Awaited<ReturnType<typeof createOfficer>>;
  let crimeOfficer: Awaited<ReturnType<typeof createOfficer>>;
  let clearanceOfficer: Awaited<ReturnType<typeof createOfficer>>;
  let citizen: Awaited<ReturnType<typeof createCitizen>>;
  let slotDate: string;

  beforeAll(async () => {
    // A main pool of 4 and a staff pool of 2: five blocked staff pages would hold all of either.
    t = await startTestApp('postgres', { pools: { poolSize: 4, staffPool: { size: 2, statementMs: STAFF_TIMEOUT_MS } } });
    admin = await signInAdmin(t);
    finesOfficer = await createOfficer(t, 'Traffic Fine Branch', { adminToken: admin });
    crimeOfficer = await createOfficer(t, 'Crime Branch', { adminToken: admin, station: HOME_STATION });
    clearanceOfficer = await createOfficer(t, 'Admin Branch', { adminToken: admin });
    citizen = await createCitizen(t);
    await issueFine(t, finesOfficer.token, { citizen_identity_number: citizen.identityNumber, vehicle_number: 'WP CAB-4321' });
    slotDate = dayFromToday(4);
    await createSlot(t, admin, { branch: 'Crime Branch', date: slotDate });
  }, 180_000);

  afterAll(async () => {
    await t?.close();
  });

  async function timed(url: string, token?: string): Promise<Answer> {
    const startedAt = Date.now();
    const res = await t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
    const code = res.statusCode === 200 ? undefined : (res.json() as { error?: { code?: string } }).error?.code;
    return { url, status: res.statusCode, ms: Date.now() - startedAt, code };
  }

  const citizenRequests = () => [
    timed(`/api/fines/search?identity_type=NIC&identity_number=${citizen.identityNumber}&vehicle_number=WP%20CAB-4321`, citizen.token),
    timed(`/api/slots/public?date=${slotDate}&branch=Crime%20Branch&station=${encodeURIComponent(HOME_STATION)}`),
    timed('/api/auth/me', citizen.token),
    // Readiness pings the main pool only: a full staff pool never takes the instance out of the load balancer.
    timed('/api/health/ready'),
  ];

  const staffPool = () => t.database.poolStats!().find((p) => p.pool === 'staff')!;

  /**
   * Another session locks the table only the administrator's audit log reads; `BLOCKED_STAFF_PAGES` audit log pages
   * then wait for the lock on every connection of the staff pool (and in its queue) while `work` runs.
   */
  async function whileStaffPoolBlocked<T>(work: () => Promise<T>) {
    const locker = new pg.Client({ connectionString: t.databaseUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table audit_log in access exclusive mode');
      const startedAt = Date.now();
      const blocked = Promise.all(Array.from({ length: BLOCKED_STAFF_PAGES }, () => timed('/api/admin/audit-log', admin)));
      // Full: every connection lent (to a query waiting for the lock), the other pages in the queue.
      await expect.poll(() => staffPool(), { interval: 10, timeout: 1000 }).toMatchObject({ total: 2, idle: 0 });
      const done = await work();
      return { done, blocked: await blocked, ms: Date.now() - startedAt };
    } finally {
      await locker.query('rollback').catch(() => {});
      await locker.end();
    }
  }

  it('citizens (and readiness) answer 200 at once while slow staff reads fill the staff pool; the staff pages answer 503 after the staff timeout', async () => {
    // Everything answers before the lock (and the citizen's search finds the fine).
    const before = await Promise.all([...citizenRequests(), timed('/api/admin/audit-log', admin)]);
    expect(before.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);

    const {
      done: citizens,
      blocked,
      ms,
    } = await whileStaffPoolBlocked(async () => {
      // Citizens while the staff pool is full: several rounds, each answered promptly.
      const answers: Answer[] = [];
      const until = Date.now() + STAFF_TIMEOUT_MS - 1000;
      while (Date.now() < until) {
        answers.push(...(await Promise.all(citizenRequests())));
        await sleep(50);
      }
      return answers;
    });

    for (const answer of citizens) {
      expect(answer, answer.url).toMatchObject({ status: 200 });
      expect(answer.ms, answer.url).toBeLessThan(1000);
    }
    // At least two rounds of all four while the staff pool was full.
    expect(citizens.length).toBeGreaterThanOrEqual(8);
    for (const answer of blocked) expect(answer, answer.url).toMatchObject({ status: 503, code: 'server.unavailable' });
    // Ended by the staff timeout (or the wait for the staff pool), not the main 5 s, and never hanging.
    expect(ms).toBeLessThan(STAFF_TIMEOUT_MS + 2000);
    expect(Math.max(...blocked.map((a) => a.ms))).toBeGreaterThanOrEqual(STAFF_TIMEOUT_MS - 100);

    // The staff pool serves again once the lock is gone.
    expect((await timed('/api/admin/audit-log', admin)).status).toBe(200);
  });

  it('every staff list, search and aggregate reads through the staff pool: with it full, each answers 503 (on the main pool it would answer)', async () => {
    const someone = citizen.id;
    const pages: Array<[string, string]> = [
      ['/api/police/complaints', crimeOfficer.token],
      [`/api/police/complaints/by-date?date=${slotDate}`, crimeOfficer.token],
      ['/api/fines/officer/my-fines', finesOfficer.token],
      ['/api/fines/officer/my-fines?search=CAB', finesOfficer.token],
      ['/api/fines/analytics/overview', finesOfficer.token],
      ['/api/clearance/applications', clearanceOfficer.token],
      [`/api/anonymous/officer/${encodeURIComponent(crimeOfficer.officer.officer_id)}`, crimeOfficer.token],
      ['/api/admin/users?search=citizen', admin],
      ['/api/admin/police-officers/search?name=Officer', admin],
      [`/api/admin/users/${someone}`, admin],
      [`/api/admin/users/${someone}/complaints`, admin],
      [`/api/admin/users/${someone}/assigned-complaints`, admin],
      ['/api/admin/complaints/1', admin],
      ['/api/admin/officer-workload', admin],
      ['/api/admin/audit-log/verify', admin],
      ['/api/admin/notifications', admin],
      [`/api/admin/slots?date=${slotDate}`, admin],
    ];
    // Each answers while the staff pool is free (a 404 for the complaint that does not exist).
    const free = await Promise.all(pages.map(([url, token]) => timed(url, token)));
    for (const answer of free) expect([200, 404], answer.url).toContain(answer.status);

    const { done } = await whileStaffPoolBlocked(() => Promise.all(pages.map(([url, token]) => timed(url, token))));
    // Given up on after the wait for a staff connection (the database answered nothing on it for a second).
    for (const answer of done) {
      expect(answer, answer.url).toMatchObject({ status: 503, code: 'server.unavailable' });
      expect(answer.ms, answer.url).toBeLessThan(STAFF_TIMEOUT_MS + 1000);
    }
  });
});
