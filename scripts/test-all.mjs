// The README's test command (`npm test`, which .ci/run calls): every check, then the time each stage took.
// Stages in one group run side by side (lint, formatting and types are each one Node process, so two cores
// finish them in about the time of the longest); the test stages already keep both cores busy, so they run one
// after another. After a failure the remaining groups are skipped, to give CI its answer early;
// `--keep-going` runs them all anyway.
import { spawn } from 'node:child_process';

const GROUPS = [
  [
    { name: 'lint', script: 'lint' },
    { name: 'format check', script: 'format:check' },
    { name: 'typecheck', script: 'typecheck' },
  ],
  [{ name: 'API tests', script: 'test', workspace: '@pes/server' }],
  [{ name: 'web unit tests', script: 'test', workspace: '@pes/web' }],
  [{ name: 'build', script: 'build' }],
  // The built server as three instances behind HAProxy on PostgreSQL and an S3 bucket (scripts/test-scale.mjs).
  [{ name: 'scale test', script: 'test:scale' }],
  [{ name: 'browser tests', script: 'test', workspace: '@pes/e2e' }],
];

const keepGoing = process.argv.includes('--keep-going');
// The runtime the stages run on: the project's pinned Node.js 22 (README) when started through npm.
console.log(`Node.js ${process.version}`);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const running = new Set();

/** Streams a stage's output; beside another stage, each line is prefixed with the stage's name so both can be read. */
function run(stage, prefixed) {
  const args = ['run', stage.script, ...(stage.workspace ? ['-w', stage.workspace] : [])];
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    console.log(`\n== ${stage.name}: npm ${args.join(' ')}`);
    const child = spawn(npm, args, { stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    running.add(child);
    if (prefixed) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        from.setEncoding('utf8');
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) to.write(`[${stage.name}] ${line}\n`);
        });
        from.on('end', () => rest && to.write(`[${stage.name}] ${rest}\n`));
      }
    }
    let ended = false;
    const done = (code, signal) => {
      // A child that fails to start may report both 'error' and 'close'.
      if (ended) return;
      ended = true;
      running.delete(child);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const result = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
      // Said as each stage ends too, so a log cut short (a CI timeout) still shows where the time went.
      console.log(`\n== ${stage.name}: ${result} in ${seconds.toFixed(1)} s`);
      resolve({ name: stage.name, seconds, result });
    };
    child.on('error', (error) => {
      console.error(`[${stage.name}] could not start: ${error.message}`);
      done(1, null);
    });
    child.on('close', done);
  });
}

function printTable(rows, totalSeconds) {
  const width = Math.max(...rows.map((r) => r.name.length), 'total'.length);
  const line = (name, seconds, result) => `${name.padEnd(width)}  ${seconds.padStart(8)}  ${result}`;
  console.log(`\n${line('stage', 'seconds', 'result')}`);
  for (const r of rows) console.log(line(r.name, r.seconds === undefined ? '-' : r.seconds.toFixed(1), r.result));
  console.log(line('total', totalSeconds.toFixed(1), rows.every((r) => r.result === 'passed') ? 'passed' : 'FAILED'));
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(130);
  });
}

const started = process.hrtime.bigint();
const rows = [];
let failed = false;
for (const group of GROUPS) {
  if (failed && !keepGoing) {
    rows.push(...group.map((stage) => ({ name: stage.name, result: 'skipped (an earlier stage failed)' })));
    continue;
  }
  const results = await Promise.all(group.map((stage) => run(stage, group.length > 1)));
  rows.push(...results);
  failed ||= results.some((r) => r.result !== 'passed');
}
printTable(rows, Number(process.hrtime.bigint() - started) / 1e9);
if (failed) {
  console.log(
    `\nFailed: ${rows
      .filter((r) => r.result.startsWith('FAILED'))
      .map((r) => r.name)
      .join(', ')}`,
  );
  process.exitCode = 1;
}
