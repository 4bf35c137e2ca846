// GET /api/auth/getCurrentUserInfo (token check + one indexed principal query) with 10 connections,
// on PostgreSQL (a fresh database on the benchmarks' own server, postgres-server.mjs, or BENCH_PG_URL) and on PGlite.
// Targets: ≥ 3,000 req/s on PostgreSQL, ≥ 1,000 req/s on PGlite; every answer a 200.
// BENCH_SECONDS (default 10) sets the measured run; a 2 s warm-up precedes it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { startPostgres } from './postgres-server.mjs';
import { signInAdmin } from './accounts.mjs';
import { printTable, requireBuild, startServer, stopServer } from './server-process.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGETS = { postgres: 3000, pglite: 1000 };

async function createPgDatabase(pgBase) {
  const name = `pes_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgBase, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: pgBase });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function measure(kind, serverOptions) {
  const server = await startServer(serverOptions);
  try {
    const token = await signInAdmin(server.base);
    const opts = {
      url: `${server.base}/api/auth/getCurrentUserInfo`,
      connections: 10,
      headers: { authorization: `Bearer ${token}` },
    };
    await autocannon({ ...opts, duration: 2 });
    const r = await autocannon({ ...opts, duration: SECONDS });
    const bad = r.non2xx + r.errors + r.timeouts;
    return [
      { measure: `${kind}: requests/s (mean)`, value: Math.round(r.requests.average), target: `≥ ${TARGETS[kind]}`, ok: r.requests.average >= TARGETS[kind] },
      { measure: `${kind}: latency p50 / p99`, value: `${r.latency.p50} / ${r.latency.p99} ms` },
      { measure: `${kind}: non-200 answers`, value: bad, target: '0', ok: bad === 0 },
    ];
  } finally {
    await stopServer(server);
  }
}

requireBuild();
const rows = [];
const postgres = await startPostgres().catch((err) => {
  console.error(err.message);
  return undefined;
});
const pgDb = postgres && (await createPgDatabase(postgres.url));
if (pgDb) {
  // Uploads still go to DATA_DIR with PostgreSQL; none are made here.
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-bench-pg-'));
  try {
    rows.push(...(await measure('postgres', { databaseUrl: pgDb.url, dataDir: uploadsDir })));
  } finally {
    await pgDb.drop();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  }
} else {
  rows.push({
    measure: 'postgres',
    value: `no PostgreSQL server (${postgres?.url ?? 'could not start one'})`,
    target: `≥ ${TARGETS.postgres} req/s`,
    ok: false,
  });
}
await postgres?.stop();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-bench-pglite-'));
try {
  rows.push(...(await measure('pglite', { dataDir })));
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const ok = printTable(`GET /api/auth/getCurrentUserInfo, 10 connections, ${SECONDS} s, LOG_LEVEL=info`, rows);
process.exitCode = ok ? 0 : 1;
