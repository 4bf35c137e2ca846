// Clearance benchmark on PostgreSQL: certificate PDF generation (p95), the Admin Branch list (first page and
// search by NIC, p99 at 200/s) with 100,000 applications, and public verification (p99 at 1,000/s).
// Needs the built server (`npm run build` at the repo root) and PostgreSQL's binaries (postgres-server.mjs;
// BENCH_PG_URL for another server). Exits non-zero when a target is missed. BENCH_SECONDS (default 15) sets
// each measured run, BENCH_PDFS (default 60) how many certificates are generated.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { codeOf, fillClearance, nicOf } from './clearance-data.mjs';
import { pacedLoad } from './paced-load.mjs';
import { waitForQuiet } from './settle.mjs';
import { startPostgres } from './postgres-server.mjs';
import { createOfficer, PNG, signIn, signInAdmin, signUpCitizen } from './accounts.mjs';
import { call, DEMO_PASSWORDS, multipartBody, requireBuild, startServer, stopServer } from './server-process.mjs';

const MEASURE_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PDFS = Number(process.env.BENCH_PDFS ?? 60);
const APPLICATIONS = 100_000;
/** Applications that carry an issued certificate (the verification lookups pick among them). */
const CERTIFIED = 20_000;

const TARGETS = {
  pdf: { p95Ms: 400 },
  list: { rate: 200, p99Ms: 30 },
  verify: { rate: 1000, p99Ms: 15 },
};

const OFFICER = { username: 'bench.clearance', password: DEMO_PASSWORDS.officer };
const CITIZEN = { username: 'bench.applicant', password: DEMO_PASSWORDS.citizen };

async function createAccounts(base) {
  await createOfficer(base, await signInAdmin(base), {
    ...OFFICER,
    full_name: 'Bench Clearance Officer',
    officer_id: 'BENCH-AD-1',
    branch: 'Admin Branch',
    station: 'Kollupitiya Police Station',
  });
  await signUpCitizen(base, { ...CITIZEN, second_name: 'Applicant', email: 'applicant@example.lk', identity_number: '199001018888' });
  return { officer: await signIn(base, OFFICER, 'police'), citizen: await signIn(base, CITIZEN, 'citizen') };
}

/** One application of the bench citizen, paid and completed through the API, for the certificate runs. */
async function completedApplication(base, tokens, query) {
  await query(`update clearance_applications set status = 'completed' where status in ('pending', 'in_progress')`);
  const upload = async () =>
    (
      await call(base, 'POST', '/api/clearance/upload', {
        token: tokens.citizen,
        multipart: multipartBody({}, { file: { name: 'n.png', type: 'image/png', buffer: PNG } }),
      })
    ).file.path;
  const nic = '199001018888';
  const application = {
    application_type: 'new',
    nationality: 'sri_lankan',
    date_of_birth: '1990-01-01',
    left_before_sixteen: false,
    nic_number: nic,
    confirm_nic_number: nic,
    country: 'Canada',
    station: 'Slave Island Police',
    full_name_nic: 'Bench Applicant',
    sex: 'female',
    title: 'Ms',
    name_to_print: 'Bench Applicant',
    address_sri_lanka: '1 Bench Road, Colombo',
    occupation: 'Engineer',
    purpose: 'Visa',
    residence_history: [],
    delivery_address1: '1 Bench Road',
    delivery_city: 'Colombo',
    delivery_postal_code: '00100',
    delivery_state: 'Western',
    delivery_country: 'Sri Lanka',
    mobile_number: '+94771234567',
    confirm_mobile_number: '+94771234567',
    email: 'applicant@example.lk',
    confirm_email: 'applicant@example.lk',
    uploads: { nicFront: await upload(), nicBack: await upload() },
    declaration: true,
    payment_declaration: true,
  };
  const { sessionId } = await call(base, 'POST', '/api/clearance/apply', { token: tokens.citizen, json: application });
  await call(base, 'POST', `/api/payments/sandbox/sessions/${sessionId}/pay`, {
    json: { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', cardholder_name: 'Bench Applicant' },
  });
  const status = await call(base, 'GET', `/api/clearance/payment-status/${sessionId}`, { token: tokens.citizen });
  const list = await call(base, 'GET', `/api/clearance/applications?search=${status.clearanceCertificate.reference_number}`, { token: tokens.officer });
  const id = list.applications[0].id;
  await call(base, 'PUT', `/api/clearance/applications/${id}/status`, { token: tokens.officer, json: { status: 'completed' } });
  return id;
}

/** Certificates generated one after another from an edited draft with a Sinhala name: each request's time. */
async function benchPdf(base, officerToken, id) {
  const draft = await call(base, 'GET', `/api/clearance/applications/${id}/certificate-draft`, { token: officerToken });
  const edited = { ...draft, fullName: 'අමායා විජේසිංහ (Bench Applicant)', remarks: 'No criminal record. குற்றப் பதிவு இல்லை.' };
  const times = [];
  for (let i = 0; i < PDFS + 3; i++) {
    const started = performance.now();
    await call(base, 'POST', `/api/clearance/applications/${id}/certificate/generate${i === 0 ? '' : '?replace=true'}`, { token: officerToken, json: edited });
    if (i >= 3) times.push(performance.now() - started); // the first ones warm the JIT
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
  return { p50: at(50).toFixed(0), p95: at(95).toFixed(0), max: times.at(-1).toFixed(0) };
}

const load = () => `load ${os.loadavg()[0].toFixed(1)}/${os.cpus().length} cpus`;
const ok = (r, target) => r.p99 < target.p99Ms && r.failed === 0 && r.rate >= target.rate * 0.95;
const figure = (r) => `${r.p99} ms (p50 ${r.p50}, max ${r.max}; ${r.rate.toFixed(0)} req/s, ${r.failed} failed, ${load()})`;

async function paced(opts) {
  await pacedLoad({ ...opts, seconds: 3 });
  return pacedLoad({ ...opts, seconds: MEASURE_SECONDS });
}

async function measure(rows, pgBase) {
  const dbName = `pes_bench_clearance_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(pgBase);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-bench-clearance-'));
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  let server;
  try {
    server = await startServer({ databaseUrl: dbUrl.toString(), dataDir, logLevel: 'warn' });
    await client.connect();
    const query = (sql, params) => client.query(sql, params);
    const tokens = await createAccounts(server.base);
    const started = performance.now();
    await fillClearance(query, { citizenUsername: CITIZEN.username, applications: APPLICATIONS, certified: CERTIFIED });
    console.log(`postgres: ${APPLICATIONS.toLocaleString('en')} applications (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    await waitForQuiet();

    const id = await completedApplication(server.base, tokens, query);
    const pdf = await benchPdf(server.base, tokens.officer, id);
    rows.push([
      `POST .../certificate/generate p95 (${PDFS} PDFs, Sinhala and Tamil text)`,
      `${pdf.p95} ms (p50 ${pdf.p50}, max ${pdf.max}; ${load()})`,
      `≤ ${TARGETS.pdf.p95Ms} ms`,
      Number(pdf.p95) <= TARGETS.pdf.p95Ms,
    ]);

    const officer = { authorization: `Bearer ${tokens.officer}` };
    const first = await paced({ url: server.base, rate: TARGETS.list.rate, connections: 20, headers: officer, nextPath: () => '/api/clearance/applications' });
    rows.push([
      `GET /api/clearance/applications (first page) p99 @${TARGETS.list.rate}/s`,
      figure(first),
      `≤ ${TARGETS.list.p99Ms} ms`,
      ok(first, TARGETS.list),
    ]);
    const byNic = await paced({
      url: server.base,
      rate: TARGETS.list.rate,
      connections: 20,
      headers: officer,
      nextPath: (k) => `/api/clearance/applications?search=${nicOf(1 + ((k * 7919) % APPLICATIONS))}`,
    });
    rows.push([
      `GET /api/clearance/applications?search=<NIC> p99 @${TARGETS.list.rate}/s`,
      figure(byNic),
      `≤ ${TARGETS.list.p99Ms} ms`,
      ok(byNic, TARGETS.list),
    ]);

    const verify = await paced({
      url: server.base,
      rate: TARGETS.verify.rate,
      connections: 40,
      nextPath: (k) => `/api/clearance/verify/${codeOf(1 + ((k * 104729) % (CERTIFIED * 2)))}`,
    });
    rows.push([
      `GET /api/clearance/verify/{code} p99 @${TARGETS.verify.rate}/s (half unknown)`,
      figure(verify),
      `≤ ${TARGETS.verify.p99Ms} ms`,
      ok(verify, TARGETS.verify),
    ]);
  } finally {
    await client.end().catch(() => {});
    await stopServer(server);
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  requireBuild();
  console.log(`clearance benchmark: ${APPLICATIONS.toLocaleString('en')} applications, ${MEASURE_SECONDS} s per run`);
  const rows = [];
  const postgres = await startPostgres();
  console.log(`PostgreSQL: ${postgres.description}`);
  try {
    await measure(rows, postgres.url);
  } finally {
    await postgres.stop();
    const w = [78, 96, 12];
    console.log(`\n${'measure'.padEnd(w[0])}${'figure'.padEnd(w[1])}${'target'.padEnd(w[2])}result`);
    for (const [name, fig, target, pass] of rows) console.log(`${name.padEnd(w[0])}${String(fig).padEnd(w[1])}${target.padEnd(w[2])}${pass ? 'ok' : 'MISSED'}`);
    process.exitCode = rows.length > 0 && rows.every((r) => r[3]) ? (process.exitCode ?? 0) : 1;
  }
}

await main();
