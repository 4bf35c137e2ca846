// The attack's targeted checks: one module per finding of a hardening round, each proving through the
// running server that the finding stays fixed. A module in this folder exports `title` and
// `run(ctx)`, answering rows for printTable ({ measure, value, target, ok }); ctx holds `base` (the
// server), `databaseUrl` (its PostgreSQL database, reached as the superuser: a check may tamper behind
// the server's back), `adminToken` and `forwardedFor()` (a fresh client address per call, since the
// server trusts one proxy hop). Modules run in name order, before the fuzzing, each on its own accounts.
// A module may also export `serverEnv`: settings the attack's server starts with (server-process.mjs sets
// every request limit out of reach; a check of a limit brings it back within reach).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export async function loadChecks() {
  const names = fs
    .readdirSync(here)
    .filter((f) => f.endsWith('.mjs') && f !== 'index.mjs')
    .sort();
  return Promise.all(names.map(async (name) => ({ name, ...(await import(path.join(here, name))) })));
}

let nextAddress = 0;
/** A client address no other check or request uses (10.77.x.y), for the per-address limits. */
export const forwardedFor = () => {
  nextAddress++;
  return `10.77.${Math.floor(nextAddress / 250) % 250}.${(nextAddress % 250) + 1}`;
};
