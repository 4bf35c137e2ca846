// Citizen sign-in throughput (POST /api/auth/login, area citizen: argon2id check, session row, audit entry) with 4
// connections on the embedded database, paired with another build's server (BENCH_BASE_SERVER: its
// server/dist/main.js, e.g. the build before the staff second factor) in alternating rounds (BENCH_ROUNDS, default 3).
// Target (issue 23): citizens' sign-in does not drop — this build's median ≥ 90 % of the other's (the rounds of one
// build move by about that much on this machine). Without BENCH_BASE_SERVER it prints this build's figures only.
// BENCH_SECONDS (default 10) sets each measured run; a 3 s warm-up precedes it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { signUpCitizen } from './accounts.mjs';
import { printTable, requireBuild, startServer, stopServer } from './server-process.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BASE = process.env.BENCH_BASE_SERVER;
const SHARE = 0.9;
const CITIZEN = { username: 'bench.signin', password: 'Bench-Citizen-2026', identity_number: '199012345678' };

/** One fresh server of `serverMain` (undefined: this build) and its sign-ins per second over SECONDS. */
async function signInsPerSecond(serverMain) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-bench-signin-'));
  const server = await startServer({ dataDir, ...(serverMain ? { serverMain } : {}) });
  try {
    await signUpCitizen(server.base, CITIZEN);
    const opts = {
      url: `${server.base}/api/auth/login`,
      method: 'POST',
      // Four at once: more would be refused by the per-account-and-address throttle (5 attempts in flight), and argon2 fills both cores at four.
      connections: 4,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: CITIZEN.username, password: CITIZEN.password, area: 'citizen' }),
    };
    await autocannon({ ...opts, duration: 3 });
    const r = await autocannon({ ...opts, duration: SECONDS });
    return { perSecond: r.requests.average, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts };
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

requireBuild();
if (BASE && !fs.existsSync(BASE)) throw new Error(`BENCH_BASE_SERVER ${BASE} does not exist`);
const runs = { base: [], current: [] };
for (let round = 1; round <= ROUNDS; round++) {
  if (BASE) runs.base.push(await signInsPerSecond(BASE));
  runs.current.push(await signInsPerSecond(undefined));
  const last = (list) => (list.length ? `${list.at(-1).perSecond.toFixed(1)}/s` : '—');
  console.log(`round ${round}: other build ${last(runs.base)}, this build ${last(runs.current)}`);
}
const list = (items) => items.map((r) => r.perSecond.toFixed(1)).join(', ');
const current = median(runs.current.map((r) => r.perSecond));
const base = BASE ? median(runs.base.map((r) => r.perSecond)) : undefined;
const bad = runs.current.reduce((n, r) => n + r.bad, 0);
const ok = printTable('Citizen sign-in, POST /api/auth/login (embedded database, 4 connections)', [
  {
    measure: 'this build: sign-ins/s (median of rounds)',
    value: `${current.toFixed(1)} (${list(runs.current)}; p99 ${runs.current.map((r) => r.p99).join(', ')} ms)`,
    target: base === undefined ? '—' : `≥ ${(base * SHARE).toFixed(1)} (90 % of the other build: ${list(runs.base)})`,
    ok: base === undefined || current >= base * SHARE,
  },
  { measure: '  answers other than 200', value: bad, target: '0', ok: bad === 0 },
]);
process.exitCode = ok ? 0 : 1;
