// Runs the foundation benchmarks in turn (each prints its table); exits non-zero if any target is missed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const failed = [];
for (const script of ['startup.mjs', 'current-user.mjs', 'bundle-size.mjs', 'floor.mjs']) {
  console.log(`\n=== ${script}`);
  const run = spawnSync(process.execPath, [path.join(here, script)], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(script);
}
if (failed.length) {
  console.error(`\nTargets missed in: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nAll targets met.');
