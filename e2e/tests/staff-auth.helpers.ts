import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/**
 * Staff sign-in answers a second factor (TOTP) after the password. The demo staff accounts share the development
 * demo secret (README; server/src/seed/demo-accounts.ts, read from there so there is one copy); accounts a test
 * creates set theirs up at their first sign-in, and the secret is kept in a file so that both workers know it.
 *
 * A code is good once per 30-second step, and two workers may sign the same account in: each sign-in claims its step
 * in a file (created exclusively, so one worker wins it) and the other waits for the next step. Sessions are reused
 * within a worker while they are live, so most calls need no code at all.
 */
const seed = fs.readFileSync(new URL('../../server/src/seed/demo-accounts.ts', import.meta.url), 'utf8');
export const DEMO_TOTP_SECRET = /DEMO_TOTP_SECRET = '([A-Z2-7]+)'/.exec(seed)![1]!;

const DIR = path.join(os.tmpdir(), 'pes-e2e-totp');
fs.mkdirSync(DIR, { recursive: true });
const serverOf = (baseURL: string) => new URL(baseURL).port;
const fileFor = (kind: 'claim' | 'secret', baseURL: string, username: string, step = 0) =>
  path.join(DIR, `${kind}-${serverOf(baseURL)}-${username.toLowerCase()}${kind === 'claim' ? `-${step}` : ''}`);

export const totpCode = (secret: string, at = Date.now()) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

export function rememberSecret(baseURL: string, username: string, secret: string) {
  fs.writeFileSync(fileFor('secret', baseURL, username), secret);
}
/** The secret an account of this server set up in this run, else the demo secret. */
function secretOf(baseURL: string, username: string) {
  const file = fileFor('secret', baseURL, username);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : DEMO_TOTP_SECRET;
}

/** A code of a 30-second step no other sign-in of this account (in any worker) has used: waits for the next step if needed. */
export async function claimCode(baseURL: string, username: string, secret = secretOf(baseURL, username)) {
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 30_000);
    try {
      fs.writeFileSync(fileFor('claim', baseURL, username, step), '', { flag: 'wx' });
      return totpCode(secret, now);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * 30_000 - Date.now() + 150));
  }
}

export const baseUrlOfTest = () => test.info().project.use.baseURL!;

type Area = 'citizen' | 'police' | 'admin';
const sessions = new Map<string, { token: string; role: string }>();
const AREA_ROLE: Record<Area, string> = { citizen: 'citizen', police: 'police_officer', admin: 'admin' };

/**
 * Signs in through the API and answers the token and role: citizens at once; staff through their second factor
 * (set-up on a first sign-in), reusing a live session of this worker. `fresh` always starts a new session.
 */
export async function apiSignIn(request: APIRequestContext, who: { username: string; password: string }, area: Area, opts: { fresh?: boolean } = {}) {
  const baseURL = baseUrlOfTest();
  const key = `${baseURL}|${who.username.toLowerCase()}`;
  const cached = sessions.get(key);
  if (cached && !opts.fresh && cached.role === AREA_ROLE[area]) {
    const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${cached.token}` } });
    if (me.status() === 200) return cached;
  }
  const res = await request.post('/api/auth/login', { data: { username: who.username, password: who.password, area } });
  expect(res.status(), `login ${who.username}`).toBe(200);
  const body = (await res.json()) as { token: string; role: string } | { mfa: 'setup' | 'verify'; mfa_token: string };
  if (!('mfa' in body)) return body;
  let session: { token: string; role: string };
  if (body.mfa === 'setup') {
    const setup = await request.post('/api/auth/mfa/setup', { data: { mfa_token: body.mfa_token } });
    expect(setup.status(), await setup.text()).toBe(200);
    const { secret } = (await setup.json()) as { secret: string };
    rememberSecret(baseURL, who.username, secret);
    const confirm = await request.post('/api/auth/mfa/confirm', { data: { mfa_token: body.mfa_token, code: await claimCode(baseURL, who.username, secret) } });
    expect(confirm.status(), await confirm.text()).toBe(200);
    session = (await confirm.json()) as typeof session;
  } else {
    for (;;) {
      const verify = await request.post('/api/auth/mfa/verify', { data: { mfa_token: body.mfa_token, code: await claimCode(baseURL, who.username) } });
      if (verify.status() === 200) {
        session = (await verify.json()) as typeof session;
        break;
      }
      // Another worker's code of a later step arrived first: claim the next one.
      const text = await verify.text();
      expect(text, `mfa verify ${who.username}`).toContain('mfa.code_reused');
    }
  }
  sessions.set(key, { token: session.token, role: session.role });
  return session;
}

/**
 * Answers the second factor on a staff sign-in page after the password was sent: the code from the account's secret
 * (demo or set up in this run), or, on a first sign-in, the set-up (the key read from the page) and its recovery codes.
 */
export async function answerSecondFactorInPage(page: Page, username: string) {
  const baseURL = new URL(page.url()).origin;
  const setupHeading = page.getByRole('heading', { name: 'Set up your second sign-in step' });
  const verifyHeading = page.getByRole('heading', { name: 'Enter your sign-in code' });
  await expect(setupHeading.or(verifyHeading)).toBeVisible();
  if (await setupHeading.isVisible()) {
    const secret = ((await page.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s+/g, '');
    rememberSecret(baseURL, username, secret);
    await page.getByLabel('Code from the app').fill(await claimCode(baseURL, username, secret));
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
    await page.getByRole('button', { name: 'I have saved them: continue' }).click();
    return;
  }
  for (;;) {
    await page.getByLabel('Code from the app').fill(await claimCode(baseURL, username));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    const reused = page.getByText('This code has already been used. Wait for the next code.').first();
    // Signed in (the step is gone), or another worker's later code arrived first: claim the next step's.
    await expect(async () => {
      if ((await verifyHeading.isHidden()) || (await reused.isVisible())) return;
      throw new Error('waiting for the answer to the code');
    }).toPass({ timeout: 15_000 });
    if (await verifyHeading.isHidden()) return;
  }
}
