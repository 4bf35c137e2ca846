// The national benchmark (issue 43): `npm run bench:national [-- --scale 0.1] [--keep] [--seconds 4] [--runs 1]
// [--database pes_national_…]`.
// Builds the national data set (national-data.mjs) at the scale in a database of its own on the machine's PostgreSQL
// (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres), starts the built server on it in production
// mode, measures every endpoint of national-endpoints.mjs at 1 and at 10 connections (autocannon), prints the table
// and exits non-zero when an endpoint misses its budget at 10 connections or any request failed. The database is
// dropped at the end unless --keep. `--database` measures a database an earlier `--keep` left (built at the same
// --scale) instead of building one, and keeps it; `--runs 3` measures every endpoint three times, in three passes
// over the list, and the table shows each figure's median.
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { signIn, signInAdmin } from './accounts.mjs';
import { BUDGET, ENDPOINTS, endpointContext } from './national-endpoints.mjs';
import { fillNational, sizesAt } from './national-data.mjs';
import { ADMIN, requireBuild, runAutocannon, startServer, stopServer } from './server-process.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const SCALE = Number(option('scale', '0.1'));
const KEEP = args.includes('--keep');
/** Seconds measured at 10 connections (at 1: three quarters of it), after a 1-s warm-up. */
const SECONDS = Number(option('seconds', process.env.BENCH_SECONDS ?? '4'));
/** Only the endpoints whose name contains this, or one of these separated by | (a quick look at a few). */
const ONLY = option('only');
/** A kept database's name to measure again (its data is not rebuilt, and it is kept). */
const REUSE = option('database');
const RUNS = Number(option('runs', '1'));
if (!(Number.isInteger(RUNS) && RUNS >= 1)) throw new Error('--runs is a whole number, 1 or more');
if (REUSE && !/^pes_national_[0-9a-f]+$/.test(REUSE)) throw new Error('--database names a database this benchmark kept (pes_national_…)');
const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (!(SCALE > 0 && SCALE <= 1)) throw new Error('--scale is a number in (0, 1]');

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The sessions: everyone signs in through the API (staff with their second factor), with the administrator's password. */
async function sessions(base, ctx) {
  const password = ADMIN.password;
  return {
    admin: await signInAdmin(base),
    citizen: await signIn(base, { username: ctx.citizen.username, password }, 'citizen'),
    fineOfficer: await signIn(base, { username: ctx.fineOfficer.username, password }, 'police'),
    crimeOfficer: await signIn(base, { username: ctx.crimeOfficer.username, password }, 'police'),
    clearanceOfficer: await signIn(base, { username: ctx.clearanceOfficer.username, password }, 'police'),
  };
}

/**
 * Everyone generated shares the administrator's password hash, and the password is new each run (server-process.mjs):
 * a kept database remembers its password in a table of the benchmark's own, and a later run (`--database`) signs in
 * with it (staff set their second factor up again). A database kept before the table existed gets the new password's
 * hash instead.
 */
async function keepAdminPassword(query, reused) {
  await query('create table if not exists bench_national_meta (admin_password text not null)');
  if (!reused) {
    await query('delete from bench_national_meta');
    await query('insert into bench_national_meta (admin_password) values ($1)', [ADMIN.password]);
    return;
  }
  // Staff set their second factor up again: its secret was encrypted under the earlier run's token secret.
  await query('delete from staff_recovery_codes');
  await query('delete from staff_second_factors');
  const { rows } = await query('select admin_password from bench_national_meta limit 1');
  if (rows[0]) {
    ADMIN.password = rows[0].admin_password;
    return;
  }
  const require = createRequire(new URL('../server/package.json', import.meta.url));
  const { hash } = require('@node-rs/argon2');
  const fresh = await hash(ADMIN.password, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  // The server's seed sets the administrator's own hash at each start: every account of the database takes the new one.
  const { rowCount } = await query('update users set password_hash = $1', [fresh]);
  await query('insert into bench_national_meta (admin_password) values ($1)', [ADMIN.password]);
  console.log(`  the kept database's ${rowCount} generated accounts given this run's password`);
}

/** Follows next_cursor `pages` times from the list's first page: the address of the page that deep. */
async function deepPath(base, token, first, pages, param) {
  let url = first;
  for (let i = 0; i < pages; i++) {
    const res = await fetch(`${base}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    const cursor = (await res.json()).next_cursor;
    if (!cursor) break;
    const u = new URL(url, base);
    u.searchParams.set(param, cursor);
    url = `${u.pathname}${u.search}`;
  }
  return url;
}

/** The CPU time (clock ticks) the process has used, from /proc; undefined where there is no /proc. */
function cpuTicks(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/**
 * Waits until, for two seconds on end, the database runs no statement of the server's, the server answers its health
 * check at once and uses less than a sixth of a core: a slow endpoint's work (its queries, or a walk on the event loop
 * between them) outlives its measure and would otherwise be charged to the next endpoint.
 */
async function waitForIdle(query, dbName, server) {
  let quietSince = Date.now();
  let ticks = cpuTicks(server.child.pid);
  for (const started = Date.now(); Date.now() - started < 180_000; await new Promise((r) => setTimeout(r, 200))) {
    const { rows } = await query(`select count(*)::int as n from pg_stat_activity where datname = $1 and state <> 'idle' and pid <> pg_backend_pid()`, [
      dbName,
    ]);
    const asked = performance.now();
    const healthy = await fetch(`${server.base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    const now = cpuTicks(server.child.pid);
    // ~250 ms between looks: more than 4 ticks (40 ms at 100 Hz) is a sixth of a core or more.
    const busy = now !== undefined && ticks !== undefined && now - ticks > 4;
    ticks = now;
    if (rows[0].n > 0 || !healthy || performance.now() - asked > 50 || busy) quietSince = Date.now();
    else if (Date.now() - quietSince >= 2_000) return;
  }
}

async function measure(base, endpoint, ctx, token, connections, duration) {
  let k = 0;
  const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(endpoint.body ? { 'content-type': 'application/json' } : {}) };
  const fixed = endpoint.fixedPath;
  const result = await runAutocannon({
    url: base,
    connections,
    duration,
    timeout: 10,
    requests: [
      {
        method: endpoint.method ?? 'GET',
        headers,
        setupRequest: (req) => {
          const n = k++;
          return { ...req, path: fixed ?? endpoint.path(ctx, n), ...(endpoint.body ? { body: JSON.stringify(endpoint.body(ctx, n)) } : {}) };
        },
      },
    ],
  });
  // Requests still unanswered when the measure ends are not in autocannon's figures: with none answered at all, every
  // connection's request is counted failed and the latencies are shown as "more than the measure".
  const none = result.requests.total === 0;
  const failed = result.non2xx + result.errors + result.timeouts + (none ? connections : 0);
  const latency = (v) => (none ? `>${duration * 1000}` : v);
  return { p50: latency(result.latency.p50), p99: latency(result.latency.p99), requests: result.requests.total + result.timeouts, failed, unanswered: none };
}

/** One row per endpoint from several runs' rows: the median of each latency, the sums of requests and failures. */
function medians(runs) {
  const median = (values) => {
    const numbers = values.map((v) => (typeof v === 'number' ? v : Infinity)).sort((a, b) => a - b);
    const m = numbers[Math.floor(numbers.length / 2)];
    return Number.isFinite(m) ? m : values.find((v) => typeof v !== 'number');
  };
  const of = (rows, at) => {
    const figures = rows.map((r) => r[at]).filter(Boolean);
    if (figures.length < rows.length) return undefined;
    return {
      p50: median(figures.map((f) => f.p50)),
      p99: median(figures.map((f) => f.p99)),
      requests: figures.reduce((sum, f) => sum + f.requests, 0),
      failed: figures.reduce((sum, f) => sum + f.failed, 0),
      unanswered: figures.some((f) => f.unanswered),
    };
  };
  return runs[0].map((first, i) => {
    const rows = runs.map((run) => run[i]);
    const error = rows.find((r) => r.error)?.error;
    if (error) return { ...first, error, ok: false };
    const row = { ...first, one: of(rows, 'one'), ten: of(rows, 'ten') };
    const { budget } = row;
    row.ok = row.job || (!row.ten.unanswered && row.ten.p50 <= budget.p50 && row.ten.p99 <= budget.p99 && row.one.failed + row.ten.failed === 0);
    return row;
  });
}

function printResults(rows) {
  const header = ['endpoint', 'p50 @1', 'p99 @1', 'p50 @10', 'p99 @10', 'requests', 'failed', 'budget @10', 'result'];
  const lines = rows.map((r) => [
    r.name,
    r.one ? `${r.one.p50} ms` : '-',
    r.one ? `${r.one.p99} ms` : '-',
    r.ten ? `${r.ten.p50} ms` : '-',
    r.ten ? `${r.ten.p99} ms` : '-',
    r.ten ? `${r.one.requests} / ${r.ten.requests}` : '-',
    r.ten ? `${r.one.failed} / ${r.ten.failed}` : '-',
    `${r.budget.p50} / ${r.budget.p99} ms${r.job ? ' (job)' : ''}`,
    r.error ? `ERROR ${r.error}` : r.ok ? 'ok' : 'MISSED',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)));
  const fmt = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  console.log(fmt(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  lines.forEach((l) => console.log(fmt(l)));
}

async function main() {
  requireBuild();
  const started = performance.now();
  const dbName = REUSE ?? `pes_national_${randomBytes(4).toString('hex')}`;
  const root = new pg.Client({ connectionString: PG_BASE });
  await root.connect();
  if (!REUSE) await root.query(`create database ${dbName}`);
  const url = new URL(PG_BASE);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-national-'));
  const client = new pg.Client({ connectionString: databaseUrl });
  const query = (sql, params) => client.query(sql, params);
  let server;
  let allOk = false;
  try {
    console.log(`national benchmark: scale ${SCALE}, database ${dbName} on ${url.host}, ${os.cpus().length} cpus`);
    let sizes = sizesAt(SCALE);
    let fillMs;
    if (!REUSE) {
      // The server migrates and seeds (stations, administrator); it is stopped while the data goes in.
      server = await startServer({ dataDir, databaseUrl });
      await stopServer(server);
      const fillStarted = performance.now();
      sizes = await fillNational(databaseUrl, { scale: SCALE });
      fillMs = performance.now() - fillStarted;
    }
    await client.connect();
    await keepAdminPassword(query, Boolean(REUSE));
    server = await startServer({ dataDir, databaseUrl });
    const ctx = await endpointContext(query, sizes);
    const tokens = await sessions(server.base, ctx);
    ctx.citizen.token = tokens.citizen;
    // The chain as generated, checked by the server itself: its verification step (a job at start and each minute,
    // 10,000 entries a batch) walks it from its checkpoint; the benchmark waits until it has reached the head.
    const [{ head }] = (await query('select coalesce(max(position), 0)::int as head from audit_log')).rows;
    const chainStarted = performance.now();
    let chain = { ok: false };
    for (;;) {
      const check = await fetch(`${server.base}/api/admin/audit-log/verify`, { headers: { authorization: `Bearer ${tokens.admin}` } });
      chain = check.ok ? await check.json() : { ok: false, status: check.status };
      if (!chain.ok || chain.checked >= head || performance.now() - chainStarted > 30 * 60_000) break;
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
    const chainSeconds = ((performance.now() - chainStarted) / 1000).toFixed(0);
    console.log(
      `audit chain as generated: ${chain.ok && chain.checked >= head ? `valid, ${chain.checked} entries verified by the server's step (waited ${chainSeconds} s)` : `NOT verified (${chain.status ?? ''} checked ${chain.checked ?? 0} of ${head}, first bad ${chain.first_bad_id ?? '-'})`}`,
    );
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      if (RUNS > 1) console.log(`run ${run} of ${RUNS}`);
      const rows = [];
      for (const endpoint of ENDPOINTS.filter((e) => !ONLY || ONLY.split('|').some((part) => e.name.includes(part)))) {
        const token = endpoint.as ? tokens[endpoint.as] : undefined;
        const budget = { ...BUDGET, ...endpoint.budget };
        const row = { name: endpoint.name, budget, job: endpoint.job };
        try {
          const fixedPath = endpoint.deep
            ? await deepPath(server.base, token, endpoint.path(ctx, 0), endpoint.deep, endpoint.cursorParam ?? 'cursor')
            : undefined;
          const e = { ...endpoint, fixedPath };
          await measure(server.base, e, ctx, token, 1, 1);
          row.one = await measure(server.base, e, ctx, token, 1, Math.max(1, Math.round(SECONDS * 0.75)));
          await waitForIdle(query, dbName, server);
          row.ten = await measure(server.base, e, ctx, token, 10, SECONDS);
          row.ok = endpoint.job || (!row.ten.unanswered && row.ten.p50 <= budget.p50 && row.ten.p99 <= budget.p99 && row.one.failed + row.ten.failed === 0);
        } catch (err) {
          row.error = err.message;
          row.ok = false;
        }
        rows.push(row);
        console.log(
          `  ${row.name}: ${row.error ? `error ${row.error}` : `p50 ${row.one.p50}/${row.ten.p50} ms, p99 ${row.one.p99}/${row.ten.p99} ms, failed ${row.one.failed}/${row.ten.failed}`}`,
        );
        await waitForIdle(query, dbName, server);
      }
      runs.push(rows);
    }
    const rows = RUNS > 1 ? medians(runs) : runs[0];
    console.log(
      `\nnational benchmark, scale ${SCALE} (${Object.entries(sizes)
        .map(([k, n]) => `${n.toLocaleString('en')} ${k}`)
        .join(', ')})`,
    );
    console.log(
      `${fillMs === undefined ? `data set kept from an earlier run (${dbName})` : `data set built in ${seconds(fillMs)}`}; total ${seconds(performance.now() - started)}; failed = non-2xx + errors + timeouts (10 s)${RUNS > 1 ? `; medians of ${RUNS} runs (requests and failed: their sums)` : ''}\n`,
    );
    printResults(rows);
    allOk = rows.every((r) => r.ok);
    console.log(`\n${allOk ? 'every endpoint within its budget' : `${rows.filter((r) => !r.ok).length} of ${rows.length} endpoints missed their budget`}`);
  } finally {
    await stopServer(server).catch(() => {});
    await client.end().catch(() => {});
    if (KEEP || REUSE) console.log(`kept database ${databaseUrl} (measure it again with --database ${dbName})`);
    else await root.query(`drop database if exists ${dbName} with (force)`);
    await root.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(allOk ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
