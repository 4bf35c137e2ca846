// Start-up time: process start → first 200 from /api/health, for the built server on an existing
// PGlite DATA_DIR (created once, untimed). Five runs; the median must stay under 1.5 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, printTable, requireBuild, startServer, stopServer } from './server-process.mjs';

const RUNS = 5;
const TARGET_MS = 1500;

requireBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-bench-startup-'));
try {
  const first = await startServer({ dataDir });
  console.log(`created the database in ${Math.round(first.startupMs)} ms (not counted)`);
  await stopServer(first);

  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const server = await startServer({ dataDir, pollMs: 5 });
    times.push(server.startupMs);
    await stopServer(server);
  }
  const med = median(times);
  const ok = printTable(`Start-up on an existing PGlite DATA_DIR (${RUNS} runs)`, [
    ...times.map((ms, i) => ({ measure: `run ${i + 1}`, value: `${Math.round(ms)} ms` })),
    { measure: 'median', value: `${Math.round(med)} ms`, target: `< ${TARGET_MS} ms`, ok: med < TARGET_MS },
  ]);
  process.exitCode = ok ? 0 : 1;
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
