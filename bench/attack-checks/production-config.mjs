// Issue 20, finding 6: production refuses to start with what would make it unsafe, naming the setting.
// The built server is started with NODE_ENV=production and the bench's sound settings (server-process.mjs),
// each time with one of them weakened or missing; a start counts against the target unless the server
// exits without serving, its error naming the variable. One start with the sound settings must serve.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORDS, startServer, stopServer } from '../server-process.mjs';

export const title = 'production refuses a weak administrator password, low-entropy secrets and a missing PUBLIC_URL';

const SAME_SECRET = 'c5d1f0b9e4a7c2d8f3b6a1e9d4c7b2a5f8e3d6c1b9a4f7e2d5c8b3a6f1e4d7c0';

/** [what is weakened, the variable the refusal must name, the settings that replace the sound ones]. */
const WEAK = [
  ['ADMIN_PASSWORD=password', 'ADMIN_PASSWORD', { ADMIN_PASSWORD: 'password' }],
  ['ADMIN_PASSWORD=the demo password (README)', 'ADMIN_PASSWORD', { ADMIN_PASSWORD: DEMO_PASSWORDS.admin }],
  ['ADMIN_PASSWORD=Admin@12345 (the old demo password)', 'ADMIN_PASSWORD', { ADMIN_PASSWORD: 'Admin@12345' }],
  // Passes the character rules (12+ characters, three kinds, no listed word) but not the estimator: a year, a name, a place.
  ['ADMIN_PASSWORD=Kandy#Perera1990 (a place, a name and a year)', 'ADMIN_PASSWORD', { ADMIN_PASSWORD: 'Kandy#Perera1990' }],
  ['ADMIN_PASSWORD containing the username', 'ADMIN_PASSWORD', { ADMIN_USERNAME: 'benchchief', ADMIN_PASSWORD: 'Benchchief-2026-Kandy' }],
  ["TOKEN_SECRET of forty 'a's", 'TOKEN_SECRET', { TOKEN_SECRET: 'a'.repeat(40) }],
  ['TOKEN_SECRET password1234…', 'TOKEN_SECRET', { TOKEN_SECRET: 'password1234567890password1234567890' }],
  ['TOKEN_SECRET missing', 'TOKEN_SECRET', { TOKEN_SECRET: undefined }],
  ['ADDRESS_HASH_SECRET missing', 'ADDRESS_HASH_SECRET', { ADDRESS_HASH_SECRET: undefined }],
  ['ADDRESS_HASH_SECRET of one repeated phrase', 'ADDRESS_HASH_SECRET', { ADDRESS_HASH_SECRET: 'secret-secret-secret-secret-secret-secret' }],
  ['ADDRESS_HASH_SECRET the same as TOKEN_SECRET', 'ADDRESS_HASH_SECRET', { TOKEN_SECRET: SAME_SECRET, ADDRESS_HASH_SECRET: SAME_SECRET }],
  ['PUBLIC_URL missing', 'PUBLIC_URL', { PUBLIC_URL: undefined }],
];

/** 'refused' when the server exited without serving and its error names `variable`; otherwise what happened. */
async function attempt(dataDir, env, variable) {
  let server;
  try {
    server = await startServer({ dataDir, env, timeoutMs: 60_000 });
  } catch (err) {
    const message = String(err.message);
    if (!message.startsWith('server exited')) return `did not start for another reason: ${message.slice(0, 160)}`;
    return message.includes(`  ${variable}: `) ? 'refused' : `refused without naming ${variable}: ${message.slice(0, 160)}`;
  }
  await stopServer(server);
  return 'started';
}

export async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-attack-config-'));
  try {
    const rows = [];
    let notRefused = 0;
    for (const [what, variable, env] of WEAK) {
      const outcome = await attempt(dataDir, env, variable);
      if (outcome !== 'refused') notRefused++;
      rows.push({ measure: `start with ${what}`, value: outcome, target: `refused, naming ${variable}`, ok: outcome === 'refused' });
    }
    rows.push({ measure: 'starts not refused with the variable named', value: notRefused, target: 0, ok: notRefused === 0 });
    // The same server with the sound settings serves: the refusals above are the settings', nothing else's.
    const sound = await attempt(dataDir, {}, '');
    rows.push({ measure: 'start with the sound production settings', value: sound, target: 'started', ok: sound === 'started' });
    return rows;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
