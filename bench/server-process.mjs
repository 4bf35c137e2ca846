// Shared by every benchmark: start the built server as a child process, wait for it, stop it, call its API,
// drive autocannon, and print a table of figures against their targets.
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_MAIN = path.join(ROOT, 'server', 'dist', 'main.js');
/**
 * The demo accounts' published passwords, one per role (`admin`, `officer`, `citizen`): the seed's own file, which the
 * server's DEMO_*_PASSWORD constants read too. Accounts the scripts create use them as well: they pass the policy.
 */
export const DEMO_PASSWORDS = JSON.parse(fs.readFileSync(path.join(ROOT, 'server', 'src', 'seed', 'demo-passwords.json'), 'utf8'));
/**
 * Node's flags production runs the server with: those of `npm start` (the root package's start script, their one
 * definition), so a benchmark measures the runtime production has. floor.mjs gives the floor the same.
 */
export const PRODUCTION_NODE_FLAGS = (() => {
  const start = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;
  const flags = /\bnode((?: --\S+)*) server\/dist\/main\.js/.exec(start);
  if (!flags) throw new Error(`the root package's start script does not run node server/dist/main.js: ${start}`);
  return flags[1].split(' ').filter(Boolean);
})();
// Node's own flags for the server, e.g. to profile a run: BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'.
const NODE_ARGS = [...PRODUCTION_NODE_FLAGS, ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)];
// Production refuses weak settings (README, "Configuration"): an administrator password of the policy, and
// secrets of 64 random hex digits (256 bits), each its own.
export const ADMIN = { username: 'benchadmin', password: `Bench-${randomBytes(6).toString('hex')}-Run` };
const TOKEN_SECRET = randomBytes(32).toString('hex');
const ADDRESS_HASH_SECRET = randomBytes(32).toString('hex');

/**
 * A session token for a session row the bench wrote itself, signed like the server's (HS256 with the
 * TOKEN_SECRET the bench gives it): a session this server never saw signed in.
 */
export function mintToken({ userId, role, jti, exp }) {
  const part = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ role, sub: String(userId), jti, iat: Math.floor(Date.now() / 1000), exp })}`;
  return `${body}.${createHmac('sha256', TOKEN_SECRET).update(body).digest('base64url')}`;
}

export function requireBuild() {
  if (!fs.existsSync(SERVER_MAIN)) {
    console.error(`${SERVER_MAIN} is missing: run \`npm run build\` at the repository root first.`);
    process.exit(2);
  }
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const RATE_LIMITS_NEVER_REACHED = Object.fromEntries(
  ['SIGNUP', 'COMPLAINTS', 'FINE_SEARCH', 'CHECKOUT', 'CARD_ATTEMPTS', 'PUBLIC_SLOTS', 'ANONYMOUS_TRACK', 'VERIFY'].map((name) => [
    `RATE_LIMIT_${name}`,
    '100000000',
  ]),
);

/**
 * Starts `node server/dist/main.js` as production would run it (NODE_ENV=production, LOG_LEVEL at its
 * default 'info' unless `logLevel` is given, logs sent to /dev/null), on PGlite in `dataDir` or on
 * PostgreSQL at `databaseUrl`. Resolves once /api/health answers 200, with the milliseconds that took.
 * `env` adds settings or replaces the bench's; a setting given as undefined is left out. A server that
 * exits first rejects with an error whose message holds its standard error (a refused configuration).
 */

export async function startServer({
  dataDir,
  databaseUrl,
  logLevel,
  env: envOverrides = {},
  extraEnv = envOverrides,
  pollMs = 100,
  timeoutMs = 90_000,
  // Another build's server (a paired comparison with an earlier commit).
  serverMain = SERVER_MAIN,
}) {
  const port = await freePort();
  const settings = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PAYMENT_GATEWAY: 'sandbox',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // A benchmark's server on the loopback address: production refuses a plain-http PUBLIC_URL otherwise.
    PUBLIC_URL_ALLOW_HTTP: 'true',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    TOKEN_SECRET,
    ADDRESS_HASH_SECRET,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(logLevel ? { LOG_LEVEL: logLevel } : {}),
    ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
    ...(process.env.DATABASE_STAFF_POOL_SIZE ? { DATABASE_STAFF_POOL_SIZE: process.env.DATABASE_STAFF_POOL_SIZE } : {}),
    // The load comes from one address and a few accounts: the request limits still count every request
    // (their cost is measured) but are set high enough never to refuse one. The attack script sets its own.
    ...RATE_LIMITS_NEVER_REACHED,
    ...extraEnv,
  };
  const env = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
  const started = performance.now();
  // Logs go where production sends them (a file or the journal), not through this process.
  // BENCH_SERVER_WRAPPER runs the server under another program, e.g. 'valgrind --tool=callgrind --instr-atstart=no'.
  const [command, ...wrapperArgs] = [...(process.env.BENCH_SERVER_WRAPPER ?? '').split(' ').filter(Boolean), process.execPath];
  const child = spawn(command, [...wrapperArgs, ...NODE_ARGS, serverMain], { env, stdio: ['ignore', fs.openSync('/dev/null', 'w'), 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { child, base, startupMs: performance.now() - started };
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${timeoutMs} ms: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

export async function stopServer(server) {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
}

/** A JSON or multipart call to the API; throws with the answer when it is not 2xx. */
export async function call(base, method, url, { token, json, multipart } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body;
  if (json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (multipart) {
    headers['content-type'] = multipart.contentType;
    body = multipart.body;
  }
  const res = await fetch(`${base}${url}`, { method, headers, body });
  const data = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

/** files: { field: { name, type, buffer } } */
export function multipartBody(fields, files = {}) {
  const boundary = `----pesbench${randomBytes(8).toString('hex')}`;
  const parts = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, f] of Object.entries(files)) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${f.name}"\r\ncontent-type: ${f.type}\r\n\r\n`),
      f.buffer,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One autocannon run, quietly, resolving with its result. */
export function runAutocannon(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

export const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** rows: [{ measure, value, target, ok }]; prints them and answers whether all met their target. */
export function printTable(title, rows) {
  console.log(`\n${title}`);
  const header = ['measure', 'value', 'target', 'result'];
  const lines = rows.map((r) => [r.measure, r.value, r.target ?? '', r.ok === undefined ? '' : r.ok ? 'ok' : 'MISSED']);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)));
  const fmt = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  console.log(fmt(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  lines.forEach((l) => console.log(fmt(l)));
  return rows.every((r) => r.ok !== false);
}

/**
 * A database of its own on the PostgreSQL at `pgBase` for one run: `fn({ url, query })` with a client on it, then
 * the database is dropped (kept with BENCH_KEEP_DB=1, for EXPLAIN).
 */
export async function withBenchDatabase(pgBase, name, fn) {
  const dbName = `pes_bench_${name}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(pgBase);
  url.pathname = `/${dbName}`;
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    return await fn({ url: url.toString(), query: (sql, params) => client.query(sql, params) });
  } finally {
    await client.end().catch(() => {});
    if (process.env.BENCH_KEEP_DB === '1') console.log(`kept database ${url}`);
    else await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
