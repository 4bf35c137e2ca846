// Anonymous complaints benchmark on PostgreSQL: reports without evidence (with assignment), reports with
// a 1 MB photo at an even 10/s, and the Crime Branch officer's list with 100,000 reports in the database.
// Needs the built server (`npm run build` at the repo root) and PostgreSQL (bench/postgres-server.mjs).
// Creates and drops its own database. Exits non-zero when a target is missed.
//
// The server runs behind one trusted proxy hop (TRUST_PROXY_HOPS=1) and every report comes with its own
// X-Forwarded-For address, as many reporters behind a load balancer would: the flood limit (5 reports per
// address per 10 minutes) is counted on every report, as in production, without refusing the benchmark.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { pacedLoad } from './paced-load.mjs';
import { startPostgres } from './postgres-server.mjs';
import { createOfficer, signIn, signInAdmin } from './accounts.mjs';
import { DEMO_PASSWORDS, multipartBody, requireBuild, runAutocannon, startServer, stopServer } from './server-process.mjs';

const MEASURE_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARM_UP_SECONDS = 5;
const HOME_STATION = 'Kollupitiya Police Station';
const REPORTS_IN_DATABASE = 100_000;
const CRIME_OFFICERS = 20;

const TARGETS = {
  reports: { perSecond: 300, connections: 16 },
  photo: { rate: 10, p95Ms: 300 },
  officerList: { rate: 200, p99Ms: 20, connections: 8 },
};

const fields = (n) => ({
  station: HOME_STATION,
  complaintType: ['Corruption', 'Drug Related', 'Violence'][n % 3],
  when: '2025-03-01T09:30',
  what: `Bench report ${n}: an official asked for money to release a licence.`,
  where: 'Divisional office, Galle Road',
  how: 'In person, at the counter, in cash.',
  provideContact: n % 4 === 0 ? 'true' : 'false',
  contactNumber: '0771234567',
});

let addressCounter = 1;
const nextAddress = () => {
  const n = addressCounter++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** A JPEG of noise of about 1 MB (noise does not compress, so the size holds). */
async function oneMegabytePhoto() {
  const width = 1000;
  const height = 800;
  const raw = randomBytes(width * height * 3);
  for (let quality = 70; ; quality += 5) {
    const buffer = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (buffer.length >= 1_000_000 || quality >= 100) return buffer;
  }
}

async function prepare(base) {
  const admin = await signInAdmin(base);
  const officers = [];
  for (let k = 0; k < CRIME_OFFICERS; k++) {
    const officer = { username: `bench.crime${k}`, password: DEMO_PASSWORDS.officer };
    await createOfficer(base, admin, {
      ...officer,
      full_name: `Bench Crime Officer ${k}`,
      officer_id: `BENCH-CR-${k}`,
      branch: 'Crime Branch',
      station: HOME_STATION,
    });
    officers.push({ ...officer, code: `BENCH-CR-${k}` });
  }
  const token = await signIn(base, officers[0], 'police');
  return { officer: officers[0], officerToken: token };
}

/** 100,000 reports with status histories, spread over the Crime Branch officers, by SQL. */
async function fill(client) {
  await client.query(
    `insert into anonymous_complaints (tracking_code_hash, incident_type, what_happened, "when", "where", how_occurred, station_id,
       phone_number, status, assigned_officer_id, assigned_at, submitted_at)
     select md5('bench' || g) || md5('code' || g), (array['Corruption','Drug Related','Violence'])[1 + g % 3],
       'Generated report ' || g, now() - (g || ' minutes')::interval, 'Somewhere ' || g, 'Somehow',
       (select id from stations where name = $1), case when g % 4 = 0 then '0771234567' end,
       case when g % 5 = 0 then 'Completed' else 'Pending' end,
       o.ids[1 + g % array_length(o.ids, 1)], now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
     from generate_series(1, $2) g, (select array_agg(id order by id) as ids from officers where branch = 'Crime Branch') o`,
    [HOME_STATION, REPORTS_IN_DATABASE],
  );
  const { rows } = await client.query(`select id from users where username = 'bench.crime0'`);
  await client.query(
    `insert into anonymous_status_history (complaint_id, from_status, to_status, changed_by_user_id, changed_at)
     select id, 'Pending', 'Completed', $1, submitted_at + interval '1 hour' from anonymous_complaints where status = 'Completed'`,
    [rows[0].id],
  );
  await client.query(
    `insert into anonymous_officer_load (officer_id, open_count, last_assigned_at)
     select assigned_officer_id, count(*) filter (where status <> 'Completed'), max(assigned_at) from anonymous_complaints group by 1
     on conflict (officer_id) do update set open_count = excluded.open_count, last_assigned_at = excluded.last_assigned_at`,
  );
  await client.query('analyze');
}

function reportRequests(clock, photo) {
  let i = 0;
  return [
    {
      method: 'POST',
      path: '/api/anonymous',
      setupRequest: (req) => {
        const n = i++;
        const { body, contentType } = multipartBody(fields(n), photo ? { evidence: { name: 'scene.jpg', type: 'image/jpeg', buffer: photo } } : {});
        return { ...req, body, headers: { ...req.headers, 'content-type': contentType, 'x-forwarded-for': nextAddress() } };
      },
      onResponse: () => {
        clock.last = performance.now();
      },
    },
  ];
}

async function benchReports(base) {
  await runAutocannon({ url: base, connections: TARGETS.reports.connections, amount: 600, requests: reportRequests({ last: 0 }) });
  const amount = Number(process.env.BENCH_REPORTS ?? 6000);
  const clock = { last: 0 };
  const started = performance.now();
  const result = await runAutocannon({ url: base, connections: TARGETS.reports.connections, amount, requests: reportRequests(clock) });
  const created = result.statusCodeStats?.['201']?.count ?? 0;
  return { perSecond: created / ((clock.last - started) / 1000), p99: result.latency.p99, created, others: result.non2xx + result.errors };
}

/** Reports with a 1 MB photo sent at an even `rate` (each on its own request, not waiting for the last). */
async function benchPhoto(base, photo) {
  const send = async () => {
    const { body, contentType } = multipartBody(fields(0), { evidence: { name: 'scene.jpg', type: 'image/jpeg', buffer: photo } });
    const t0 = performance.now();
    const res = await fetch(`${base}/api/anonymous`, { method: 'POST', body, headers: { 'content-type': contentType, 'x-forwarded-for': nextAddress() } });
    await res.arrayBuffer();
    return { ms: performance.now() - t0, ok: res.status === 201 };
  };
  const run = async (seconds) => {
    const total = TARGETS.photo.rate * seconds;
    const started = performance.now();
    const pending = [];
    for (let k = 0; k < total; k++) {
      const due = started + (k * 1000) / TARGETS.photo.rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(send());
    }
    return Promise.all(pending);
  };
  await run(WARM_UP_SECONDS);
  const results = await run(MEASURE_SECONDS * 2);
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5).toFixed(1), p95: at(0.95).toFixed(1), max: sorted.at(-1).toFixed(1), failed: results.filter((r) => !r.ok).length };
}

async function benchOfficerList(base, officer, token) {
  const opts = {
    url: base,
    connections: TARGETS.officerList.connections,
    rate: TARGETS.officerList.rate,
    headers: { authorization: `Bearer ${token}` },
    nextPath: () => `/api/anonymous/officer/${officer.code}`,
  };
  await pacedLoad({ ...opts, seconds: WARM_UP_SECONDS });
  return pacedLoad({ ...opts, seconds: MEASURE_SECONDS });
}

async function main() {
  requireBuild();
  const postgres = await startPostgres();
  console.log(`PostgreSQL: ${postgres.description}`);
  try {
    await measure(postgres.url);
  } finally {
    await postgres.stop();
  }
}

async function measure(pgBase) {
  const dbName = `pes_bench_anon_${randomBytes(4).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: pgBase });
  await adminClient.connect();
  await adminClient.query(`create database ${dbName}`);
  const dbUrl = new URL(pgBase);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-bench-anon-'));
  let server;
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  try {
    server = await startServer({ databaseUrl: dbUrl.toString(), dataDir, logLevel: 'warn', env: { TRUST_PROXY_HOPS: '1' } });
    await client.connect();
    const { officer, officerToken } = await prepare(server.base);
    const fillStarted = performance.now();
    await fill(client);
    console.log(`data: ${REPORTS_IN_DATABASE} anonymous reports over ${CRIME_OFFICERS} officers (${((performance.now() - fillStarted) / 1000).toFixed(1)} s)`);
    const photo = await oneMegabytePhoto();
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
    console.log(`photo: ${(photo.length / 1_000_000).toFixed(2)} MB; load average before the runs: ${load()} (${os.cpus().length} CPUs)`);

    const list = await benchOfficerList(server.base, officer, officerToken);
    const photos = await benchPhoto(server.base, photo);
    const reports = await benchReports(server.base);

    const rows = [
      [
        `GET /api/anonymous/officer/{id} p99 @200 req/s, paced (${TARGETS.officerList.connections} conn.)`,
        `${list.p99} ms (p50 ${list.p50}, max ${list.max})`,
        `<= ${TARGETS.officerList.p99Ms} ms`,
        list.p99 <= TARGETS.officerList.p99Ms && list.failed === 0,
      ],
      ['  achieved rate, non-2xx', `${list.rate.toFixed(1)} req/s, ${list.failed}`, '~200, 0', list.rate >= TARGETS.officerList.rate * 0.95],
      [
        'POST /api/anonymous + 1 MB photo p95 @10/s',
        `${photos.p95} ms (p50 ${photos.p50}, max ${photos.max}), ${photos.failed} failed`,
        `<= ${TARGETS.photo.p95Ms} ms`,
        Number(photos.p95) <= TARGETS.photo.p95Ms && photos.failed === 0,
      ],
      [
        `POST /api/anonymous, no evidence, reports/s (${TARGETS.reports.connections} conn.)`,
        `${reports.perSecond.toFixed(0)} /s (p99 ${reports.p99} ms), ${reports.others} not 201`,
        `>= ${TARGETS.reports.perSecond} /s`,
        reports.perSecond >= TARGETS.reports.perSecond && reports.others === 0,
      ],
    ];
    const w = [66, 48, 14];
    console.log(`\n${'measure'.padEnd(w[0])}${'figure'.padEnd(w[1])}${'target'.padEnd(w[2])}result`);
    for (const [name, figure, target, ok] of rows)
      console.log(`${name.padEnd(w[0])}${String(figure).padEnd(w[1])}${target.padEnd(w[2])}${ok ? 'ok' : 'MISSED'}`);
    console.log(`load average after the runs: ${load()}`);
    process.exitCode = rows.every((r) => r[3]) ? 0 : 1;
  } finally {
    await client.end().catch(() => {});
    await stopServer(server);
    if (process.env.BENCH_KEEP_DB === '1') console.log(`kept database ${dbUrl}`);
    else await adminClient.query(`drop database if exists ${dbName} with (force)`);
    await adminClient.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
