#!/usr/bin/env node
/**
 * The current sign-in code of the demo staff accounts (development only): `npm run demo:totp [-- <username>]`.
 * Every demo staff account has the same published secret (server/src/seed/demo-accounts.ts, DEMO_TOTP_SECRET),
 * read from there so that there is one copy. An account an administrator reset has its own secret until the next start.
 */
import fs from 'node:fs';
import { Secret, TOTP } from 'otpauth';

const source = fs.readFileSync(new URL('../server/src/seed/demo-accounts.ts', import.meta.url), 'utf8');
const secret = /DEMO_TOTP_SECRET = '([A-Z2-7]+)'/.exec(source)?.[1];
if (!secret) throw new Error('DEMO_TOTP_SECRET not found in server/src/seed/demo-accounts.ts');
const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
const left = 30 - (Math.floor(Date.now() / 1000) % 30);
const who = process.argv[2] ?? 'any demo staff account';
console.log(`${totp.generate()}  (${who}; valid ${left} more s, each code signs in once: wait for the next one to sign in again)`);
