// The attack campaign, rerunnable: the built server in production mode on a PostgreSQL of its own, fuzzed
// over every operation of its OpenAPI document (bench/fuzz-requests.mjs) as an administrator, officers of
// two branches, a citizen and nobody, plus raw requests the HTTP parser must refuse. Prints a table:
// requests, 5xx, answers not in the error format, errors echoing the request, requests with no answer,
// and server crashes. Before the fuzzing, the targeted checks of attack-checks/ (one per hardening
// finding) run and print their own tables. ATTACK_REQUESTS sets the budget (default 30,000); ATTACK_SEED the generator's seed.
//
//   npm run build && npm run attack
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { generateRequests, judge, operationsOf } from './fuzz-requests.mjs';
import { startPostgres } from './postgres-server.mjs';
import { createOfficer, signIn, signInAdmin, signUpCitizen } from './accounts.mjs';
import { ADMIN, DEMO_PASSWORDS, printTable, requireBuild, startServer, stopServer } from './server-process.mjs';
import { forwardedFor, loadChecks } from './attack-checks/index.mjs';

const BUDGET = Number(process.env.ATTACK_REQUESTS ?? 30_000);
const SEED = Number(process.env.ATTACK_SEED ?? 20261123);
const CONCURRENCY = 16;

requireBuild();

/** One request over a keep-alive agent; resolves with the answer, or `undefined` when none came. */
function send(agent, base, request) {
  const url = new URL(base);
  return new Promise((resolve) => {
    let req;
    try {
      req = http.request(
        { agent, host: url.hostname, port: url.port, method: request.method, path: request.url, headers: request.headers, timeout: 30_000 },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, contentType: res.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', () => resolve(undefined));
        },
      );
    } catch {
      // Node's client refuses to send it (an invalid header): not the server's doing.
      resolve({ skipped: true });
      return;
    }
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(undefined));
    req.end(request.payload);
  });
}

/** Raw requests for the HTTP parser: answered in the error format, echoing nothing. */
async function rawProbes(port) {
  const probes = [
    `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}ZQXRAW\r\n\r\n`,
    `GET /api/${'b'.repeat(20_000)}ZQXRAW HTTP/1.1\r\nHost: x\r\n\r\n`,
    `ZQXRAW\u0001 / HTTP/9\r\n\r\n`,
    `GET /api/fines/%E0%A4%AZQXRAW HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    `POST /api/fines/${'9'.repeat(300)}ZQXRAW/mark-paid HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    `GET /api/slots/public?station=%00ZQXRAW HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\nConnection: close\r\n\r\n{"ZQX`,
  ];
  const results = [];
  for (const probe of probes) {
    const answer = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(probe));
      let text = '';
      socket.on('data', (d) => (text += d));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    const contentType = /content-type: ([^\r\n]*)/i.exec(answer)?.[1];
    results.push(status ? { status, contentType, body, marker: 'ZQXRAW' } : undefined);
  }
  return results;
}

async function main() {
  const postgres = await startPostgres();
  const dbName = `pes_attack_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const databaseUrl = postgres.url.replace(/\/postgres$/, `/${dbName}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-attack-'));
  let server;
  let crashes = 0;
  try {
    // A check may need a setting of the server (a request limit within its reach): `serverEnv`.
    const checks = await loadChecks();
    const checksEnv = Object.assign({}, ...checks.map((check) => check.serverEnv ?? {}));
    server = await startServer({ dataDir, databaseUrl, extraEnv: { API_DOCS: 'true', TRUST_PROXY_HOPS: '1', ...checksEnv } });
    server.child.on('exit', (code, signal) => {
      if (signal !== 'SIGTERM') crashes++;
    });
    const base = server.base;
    const doc = await (await fetch(`${base}/api/docs/json`)).json();
    const operations = operationsOf(doc);

    const adminToken = await signInAdmin(base);
    let checksOk = true;
    for (const check of checks) {
      const rows = await check.run({ base, databaseUrl, adminToken, forwardedFor });
      checksOk = printTable(`Check ${check.name}: ${check.title}`, rows) && checksOk;
    }
    const accounts = [{ ...ADMIN }];
    for (const [i, branch] of ['Traffic Fine Branch', 'Crime Branch'].entries()) {
      const officer = { username: `attack.officer${i}`, password: DEMO_PASSWORDS.officer };
      await createOfficer(base, adminToken, { ...officer, full_name: `Attack Officer ${i}`, officer_id: `ATTACK-${i}`, branch });
      accounts.push(officer);
    }
    const citizen = { username: 'attack.citizen', password: DEMO_PASSWORDS.citizen };
    await signUpCitizen(base, {
      ...citizen,
      first_name: 'Attack',
      email: 'attack@example.lk',
      identity_number: '199001012345',
      address: '1 Attack Road, Colombo',
    });
    accounts.push(citizen);
    const tokens = [];
    // Staff answer their second factor and keep a live session (accounts.mjs); an account the fuzzer deactivated stays out.
    const signInAll = async () => {
      for (const [i, a] of accounts.entries()) tokens[i] = await signIn(base, a).catch(() => tokens[i]);
    };
    await signInAll();

    const counts = { requests: 0, fiveXX: 0, format: 0, echo: 0, noAnswer: 0, skipped: 0 };
    const examples = [];
    const statuses = new Map();
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const generator = generateRequests(operations, { count: BUDGET, seed: SEED, tokens });
    const started = performance.now();
    const worker = async () => {
      for (let next = generator.next(); !next.done; next = generator.next()) {
        const request = next.value;
        const answer = await send(agent, base, request);
        if (answer?.skipped) {
          counts.skipped++;
          continue;
        }
        counts.requests++;
        if (!answer) {
          counts.noAnswer++;
          if (examples.length < 10) examples.push(`no answer: ${request.operation} ${request.url.slice(0, 120)}`);
          continue;
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const problems = judge(request, answer.status, answer.contentType, answer.body);
        if (problems.includes('5xx')) counts.fiveXX++;
        if (problems.includes('format')) counts.format++;
        if (problems.includes('echo')) counts.echo++;
        if (problems.length && examples.length < 10)
          examples.push(`${problems.join('+')} ${answer.status} ${request.operation} ${request.url.slice(0, 120)} ${answer.body.slice(0, 160)}`);
        if (/logout|password|deactivate/.test(request.operation) && answer.status < 300) await signInAll();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    agent.destroy();
    for (const [index, answer] of (await rawProbes(Number(new URL(base).port))).entries()) {
      counts.requests++;
      if (!answer) {
        counts.noAnswer++;
        if (examples.length < 10) examples.push(`raw: no answer to probe ${index + 1}`);
        continue;
      }
      const problems = judge(answer, answer.status, answer.contentType, answer.body);
      if (problems.includes('5xx')) counts.fiveXX++;
      if (problems.includes('format')) counts.format++;
      if (problems.includes('echo')) counts.echo++;
      if (problems.length && examples.length < 10) examples.push(`raw: ${problems.join('+')} ${answer.status} ${answer.body.slice(0, 160)}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const alive =
      server.child.exitCode === null &&
      (await fetch(`${base}/api/health/live`).then(
        (r) => r.ok,
        () => false,
      ));
    if (!alive && crashes === 0) crashes++;

    const ok = printTable(`Attack campaign: ${operations.length} operations, seed ${SEED}, ${seconds.toFixed(0)} s (${postgres.description})`, [
      { measure: 'requests', value: counts.requests },
      { measure: 'answers 5xx', value: counts.fiveXX, target: 0, ok: counts.fiveXX === 0 },
      { measure: 'errors not in the error format', value: counts.format, target: 0, ok: counts.format === 0 },
      { measure: 'errors echoing the request', value: counts.echo, target: 0, ok: counts.echo === 0 },
      { measure: 'requests with no answer', value: counts.noAnswer, target: 0, ok: counts.noAnswer === 0 },
      { measure: 'server crashes', value: crashes, target: 0, ok: crashes === 0 },
      { measure: 'not sent (refused by the client)', value: counts.skipped },
    ]);
    console.log(
      `statuses: ${[...statuses.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
    );
    for (const e of examples) console.log(`  ${e}`);
    process.exitCode = ok && checksOk ? 0 : 1;
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await postgres.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
