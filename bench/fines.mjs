// Fines benchmark: citizen search and analytics over 1,000,000 fines, on PostgreSQL and on PGlite.
// Needs the built server (`npm run build` at the repo root) and PostgreSQL's binaries: it runs a PostgreSQL
// server of its own (postgres-server.mjs; BENCH_PG_URL for another), and PGlite gets a temporary DATA_DIR.
// Exits non-zero when a target is missed. BENCH_SECONDS (default 15) sets each measured run,
// BENCH_SEARCH_RUNS (default 3) how many search runs are judged on the worst, and BENCH_ONLY=postgres|pglite
// runs one database.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { CITIZENS, FINES, citizenNic, citizenVehicle, exactOverview, fillFines } from './fines-data.mjs';
import { pacedLoad } from './paced-load.mjs';
import { waitForQuiet } from './settle.mjs';
import { startPostgres } from './postgres-server.mjs';
import { createOfficer, signIn, signInAdmin, signUpCitizen } from './accounts.mjs';
import { call, DEMO_PASSWORDS, mintToken, requireBuild, startServer, stopServer } from './server-process.mjs';

const MEASURE_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
/** The searches are measured this many times in a row; the target is judged on the worst run. */
const SEARCH_RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 3);
const ONLY = process.env.BENCH_ONLY;

const TARGETS = {
  searchPostgres: { rate: 2000, p99Ms: 20 },
  searchPglite: { rate: 500, p99Ms: 30 },
  analytics: { rate: 20, p99Ms: 300 },
  officerList: { rate: 200, p99Ms: 30 },
};

const OFFICER = { username: 'bench.fines', password: DEMO_PASSWORDS.officer };
const CITIZEN = { username: 'bench.citizen', password: DEMO_PASSWORDS.citizen };

/** A Traffic Fine Branch officer and a citizen, made through the API. Answers the officer's user id. */
async function createAccounts(base) {
  const created = await createOfficer(base, await signInAdmin(base), {
    ...OFFICER,
    full_name: 'Bench Fines Officer',
    officer_id: 'BENCH-TF-1',
    branch: 'Traffic Fine Branch',
    station: 'Kollupitiya Police Station',
  });
  await signUpCitizen(base, { ...CITIZEN, email: 'bench@example.lk', identity_number: '199001019999' });
  return created.officer.user_id;
}

/** Citizen sessions the searches take turns on (each signed in through the API, as a browser would). */
const SIGNED_IN_SESSIONS = 50;

async function tokens(base) {
  const citizens = [];
  for (let i = 0; i < SIGNED_IN_SESSIONS; i++) citizens.push(await signIn(base, CITIZEN, 'citizen'));
  return { officer: await signIn(base, OFFICER, 'police'), citizens };
}

/**
 * `count` sessions of the bench citizen written straight into the database, with their tokens: sessions
 * the server never saw signed in (as after a restart, or another instance's sign-ins behind a load
 * balancer), so each one's first request reads its principal from the database.
 */
async function unseenSessions(query, count) {
  const { rows } = await query(
    `insert into sessions (jti, user_id, expires_at)
     select gen_random_uuid()::text, u.id, now() + interval '1 day' from users u, generate_series(1, $1) where u.username = $2
     returning jti, user_id, extract(epoch from expires_at)::int as exp`,
    [count, CITIZEN.username],
  );
  return rows.map((r) => mintToken({ userId: r.user_id, role: 'citizen', jti: r.jti, exp: r.exp }));
}

/** Other processes on the machine skew the figures: each row says how busy it was (1-minute load). */
const load = () => `load ${os.loadavg()[0].toFixed(1)}/${os.cpus().length} cpus`;

/** A paced run (paced-load.mjs) after a warm-up at the same pace. */
async function pacedRun(opts, warmUpSeconds) {
  await pacedLoad({ ...opts, seconds: warmUpSeconds });
  return pacedLoad({ ...opts, seconds: MEASURE_SECONDS });
}

const searchPath = (k) => {
  const c = (k * 7919) % CITIZENS;
  return `/api/fines/search?${new URLSearchParams({ identity_type: 'NIC', identity_number: citizenNic(c), vehicle_number: citizenVehicle(c) })}`;
};

/**
 * Searches for random existing citizens (five fines each), evenly spread at `rate` per second, taking turns
 * on the sessions: SEARCH_RUNS runs after one warm-up. Answers the worst run, with every run's p99.
 */
async function benchSearch(base, citizenTokens, rate) {
  const headerSets = citizenTokens.map((token) => ({ authorization: `Bearer ${token}` }));
  const opts = { url: base, connections: 40, rate, nextHeaders: (k) => headerSets[k % headerSets.length], nextPath: searchPath };
  await pacedLoad({ ...opts, seconds: 5 });
  const runs = [];
  for (let i = 0; i < SEARCH_RUNS; i++) runs.push(await pacedLoad({ ...opts, seconds: MEASURE_SECONDS }));
  const worst = runs.reduce((a, b) => (b.p99 > a.p99 || b.failed > a.failed ? b : a));
  return { ...worst, rate: Math.min(...runs.map((r) => r.rate)), failed: runs.reduce((n, r) => n + r.failed, 0), eachP99: runs.map((r) => r.p99) };
}

/** The same searches, each on a session of its own that the server has not seen before. */
async function benchSearchUnseen(base, query, rate) {
  const warmUp = 5;
  const tokensFor = async (seconds) => (await unseenSessions(query, rate * seconds)).map((token) => ({ authorization: `Bearer ${token}` }));
  const opts = { url: base, connections: 40, rate, nextPath: searchPath };
  const first = await tokensFor(warmUp);
  await pacedLoad({ ...opts, seconds: warmUp, nextHeaders: (k) => first[k] });
  const measured = await tokensFor(MEASURE_SECONDS);
  return pacedLoad({ ...opts, seconds: MEASURE_SECONDS, nextHeaders: (k) => measured[k] });
}

function benchAnalytics(base, officerToken, offenseType) {
  const q = offenseType ? `?offense_type=${encodeURIComponent(offenseType)}` : '';
  const opts = {
    url: base,
    connections: 4,
    rate: TARGETS.analytics.rate,
    headers: { authorization: `Bearer ${officerToken}` },
    nextPath: () => `/api/fines/analytics/overview${q}`,
  };
  return pacedRun(opts, 2);
}

/**
 * The officer's own list (the bench officer issued every fine): the first page, a page half a million fines
 * deep (its cursor taken from the database), a narrow search and one matching every fine (counted to the cap).
 */
async function benchOfficerList(base, officerToken, query) {
  const { rows } = await query(
    `select to_char(issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') || '_' || id as cursor
     from fines order by issued_by_user_id, issued_at desc, id desc offset $1 limit 1`,
    [Math.floor(FINES / 2)],
  );
  const paths = [
    '/api/fines/officer/my-fines',
    `/api/fines/officer/my-fines?before=${encodeURIComponent(rows[0].cursor)}`,
    '/api/fines/officer/my-fines?search=WP%20BN-0001',
    // Three characters, the shortest search the API takes (issue 43).
    '/api/fines/officer/my-fines?search=WP%20B',
  ];
  const opts = {
    url: base,
    connections: 20,
    rate: TARGETS.officerList.rate,
    headers: { authorization: `Bearer ${officerToken}` },
    nextPath: (k) => paths[k % paths.length],
  };
  return pacedRun(opts, 3);
}

/** The API's overview equals the one computed from the fines themselves. */
async function overviewIsExact(base, officerToken, query, offenseType) {
  const api = await call(base, 'GET', `/api/fines/analytics/overview${offenseType ? `?offense_type=${encodeURIComponent(offenseType)}` : ''}`, {
    token: officerToken,
  });
  const exact = await exactOverview(query, offenseType);
  const same =
    api.topViolations.every((v) => v.count === (exact.violations[v.offense_type] ?? 0)) &&
    JSON.stringify(api.topLocations) === JSON.stringify(exact.locations) &&
    api.hourlyDistribution.every((h) => h.count === (exact.hours[h.hour] ?? 0));
  return { same, plainMs: exact.ms };
}

const ok = (r, target) => r.p99 < target.p99Ms && r.failed === 0 && r.rate >= target.rate * 0.95;
const figure = (r) =>
  `${r.p99} ms (${r.eachP99 ? `worst of ${r.eachP99.join(', ')}; ` : ''}p50 ${r.p50}, max ${r.max}; ${r.rate.toFixed(0)} req/s, ${r.failed} failed, ${load()})`;

async function onPostgres(rows) {
  const postgres = await startPostgres();
  console.log(`PostgreSQL: ${postgres.description}`);
  try {
    await measureOnPostgres(rows, postgres.url);
  } finally {
    await postgres.stop();
  }
}

async function measureOnPostgres(rows, pgBase) {
  const dbName = `pes_bench_fines_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(pgBase);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-bench-fines-pg-'));
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  let server;
  try {
    server = await startServer({ databaseUrl: dbUrl.toString(), dataDir, logLevel: 'warn' });
    await client.connect();
    const officerUserId = await createAccounts(server.base);
    const started = performance.now();
    const counts = await fillFines((sql, params) => client.query(sql, params), { officerUserId });
    await waitForQuiet();
    console.log(`postgres: ${counts.fines} fines, ${counts.stats} summary rows (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    const t = await tokens(server.base);

    const search = await benchSearch(server.base, t.citizens, TARGETS.searchPostgres.rate);
    rows.push([
      `PostgreSQL GET /api/fines/search p99 @${TARGETS.searchPostgres.rate}/s`,
      figure(search),
      `< ${TARGETS.searchPostgres.p99Ms} ms`,
      ok(search, TARGETS.searchPostgres),
    ]);
    const unseen = await benchSearchUnseen(server.base, (sql, params) => client.query(sql, params), TARGETS.searchPostgres.rate);
    rows.push([`  the same, every request on a session the server has not seen`, figure(unseen), '-', true]);

    const list = await benchOfficerList(server.base, t.officer, (sql, params) => client.query(sql, params));
    rows.push([
      `PostgreSQL GET /api/fines/officer/my-fines p99 @${TARGETS.officerList.rate}/s (pages, deep page, searches)`,
      figure(list),
      `< ${TARGETS.officerList.p99Ms} ms`,
      ok(list, TARGETS.officerList),
    ]);

    for (const offense of [undefined, 'Speeding']) {
      const label = offense ? `?offense_type=${offense}` : '';
      const r = await benchAnalytics(server.base, t.officer, offense);
      rows.push([`PostgreSQL GET /api/fines/analytics/overview${label} p99`, figure(r), `< ${TARGETS.analytics.p99Ms} ms`, ok(r, TARGETS.analytics)]);
      const exact = await overviewIsExact(server.base, t.officer, (sql, params) => client.query(sql, params), offense);
      rows.push([`  figures equal a count over all fines${label}`, exact.same ? 'equal' : 'DIFFERENT', 'equal', exact.same]);
      rows.push([`  (plain aggregation over the fines, for reference)`, `${exact.plainMs.toFixed(0)} ms`, '-', true]);
    }
  } finally {
    await client.end().catch(() => {});
    await stopServer(server);
    if (process.env.BENCH_KEEP_DB === '1') console.log(`kept database ${dbUrl}`);
    else await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPglite(rows) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-bench-fines-pglite-'));
  let server;
  try {
    // The server creates and migrates the database; it is stopped while the fines are loaded directly
    // (PGlite is one process per directory), then started again on the filled directory.
    server = await startServer({ dataDir, logLevel: 'warn' });
    const officerUserId = await createAccounts(server.base);
    await stopServer(server);
    const started = performance.now();
    const db = await PGlite.create(path.join(dataDir, 'pgdata'));
    const counts = await fillFines((sql, params) => db.query(sql, params), { officerUserId });
    await waitForQuiet();
    await db.close();
    console.log(`pglite: ${counts.fines} fines, ${counts.stats} summary rows (${((performance.now() - started) / 1000).toFixed(1)} s)`);

    server = await startServer({ dataDir, logLevel: 'warn' });
    const t = await tokens(server.base);
    const search = await benchSearch(server.base, t.citizens, TARGETS.searchPglite.rate);
    rows.push([
      `PGlite GET /api/fines/search p99 @${TARGETS.searchPglite.rate}/s`,
      figure(search),
      `< ${TARGETS.searchPglite.p99Ms} ms`,
      ok(search, TARGETS.searchPglite),
    ]);
    for (const offense of [undefined, 'Speeding']) {
      const r = await benchAnalytics(server.base, t.officer, offense);
      rows.push([`PGlite GET /api/fines/analytics/overview${offense ? '?offense_type=' + offense : ''} p99 (info)`, figure(r), '-', true]);
    }
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  requireBuild();
  console.log(`fines benchmark: ${FINES.toLocaleString('en')} fines, ${MEASURE_SECONDS} s per run`);
  const rows = [];
  try {
    if (ONLY !== 'pglite') await onPostgres(rows);
    if (ONLY !== 'postgres') await onPglite(rows);
  } finally {
    const w = [72, 96, 12];
    console.log(`\n${'measure'.padEnd(w[0])}${'figure'.padEnd(w[1])}${'target'.padEnd(w[2])}result`);
    for (const [name, fig, target, pass] of rows) console.log(`${name.padEnd(w[0])}${String(fig).padEnd(w[1])}${target.padEnd(w[2])}${pass ? 'ok' : 'MISSED'}`);
    process.exitCode = rows.length > 0 && rows.every((r) => r[3]) ? (process.exitCode ?? 0) : 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
