import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { count, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { AREA_ROLE, decodeNic } from '@pes/contracts';
import { staffSecondFactors } from '../src/modules/auth/mfa.table';
import { DEMO_ADMIN_PASSWORD, DEMO_OFFICER_PASSWORD, DEMO_TOTP_SECRET } from '../src/seed/demo-accounts';
import { files } from '../src/modules/files/files.table';
import { citizenProfiles, users } from '../src/modules/users/users.table';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { startTestApp, TEST_ADMIN, type DbKind, type TestApp } from './harness';

export interface FilePart {
  buffer: Buffer;
  filename: string;
  contentType?: string;
}

/** A multipart/form-data body for app.inject. */
export function multipart(fields: Record<string, string | undefined>, files: Record<string, FilePart> = {}) {
  const boundary = `----pes${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${file.filename}"\r\ncontent-type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.buffer,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small real image (decodable by sharp). */
export async function imageFile(format: 'jpeg' | 'png' | 'webp' = 'jpeg', filename = `photo.${format === 'jpeg' ? 'jpg' : format}`): Promise<FilePart> {
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 90, b: 160 } } });
  const buffer = await image[format]().toBuffer();
  return { buffer, filename, contentType: `image/${format}` };
}

/** A minimal valid PDF. */
export function pdfFile(filename = 'evidence.pdf'): FilePart {
  const body = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  return { buffer: Buffer.from(body), filename, contentType: 'application/pdf' };
}

let counter = 0;
/** Unique-enough values for a test run. */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * A valid 12-digit NIC unique within the run: a man's, born in 1950–1999 on a day every year has (not 29 February),
 * with a serial of its own. `nicBirthDate(nic)` is the date of birth it encodes (signup checks the two agree).
 */
export const uniqueNic = () => {
  const n = (Date.now() % 10_000_000) * 100 + (counter++ % 100);
  const dayIndex = Math.floor(n / 50) % 364;
  const day = dayIndex + 1 >= 60 ? dayIndex + 2 : dayIndex + 1;
  const serial = Math.floor(n / 50 / 364) % 100_000;
  return `${1950 + (n % 50)}${String(day).padStart(3, '0')}${String(serial).padStart(5, '0')}`;
};

/** An old-form NIC (9 digits and V) unique within the run: `uniqueNic`'s, without its century and the 0 before its serial. */
export const uniqueOldNic = () => {
  const nic = uniqueNic();
  return `${nic.slice(2, 7)}${nic.slice(8)}V`;
};

/** The date of birth a NIC encodes (a valid one: as `uniqueNic` makes them). */
export const nicBirthDate = (nic: string) => decodeNic(nic)!.birthDate;

/** The TOTP secret of each staff account a test app has set up (per app), and its session token to reuse. */
const staffSecrets = new WeakMap<TestApp, Map<string, string>>();
const staffTokens = new WeakMap<TestApp, Map<string, string>>();
const perApp = <V>(maps: WeakMap<TestApp, Map<string, V>>, t: TestApp) => {
  let map = maps.get(t);
  if (!map) maps.set(t, (map = new Map()));
  return map;
};

/** The current code of a TOTP secret (at `at`, ms). */
export const totpCode = (secret: string, at = Date.now()) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

/** The TOTP secret a staff account of this app set up through `login` (or the demo secret of a demo app). */
export const staffSecret = (t: TestApp, username: string) => perApp(staffSecrets, t).get(username.toLowerCase()) ?? DEMO_TOTP_SECRET;

/**
 * Answers a staff sign-in's second factor: `setup` walks set-up with a computed code (and remembers the secret),
 * `verify` sends the current code. A code is good once per 30-second step: when this step's code was used, the
 * next step's (accepted too, one step either side) is sent, and failing that the test rewinds the account's last
 * accepted step in the database (a test's shortcut, never the application's).
 */
export async function answerSecondFactor(t: TestApp, username: string, challenge: { mfa: 'setup' | 'verify'; mfa_token: string }) {
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const key = username.toLowerCase();
  if (challenge.mfa === 'setup') {
    const setup = await post('/api/auth/mfa/setup', { mfa_token: challenge.mfa_token });
    if (setup.statusCode !== 200) throw new Error(`mfa setup ${username} failed: ${setup.statusCode} ${setup.body}`);
    const { secret } = setup.json() as { secret: string };
    perApp(staffSecrets, t).set(key, secret);
    const res = await post('/api/auth/mfa/confirm', { mfa_token: challenge.mfa_token, code: totpCode(secret) });
    if (res.statusCode !== 200) throw new Error(`mfa confirm ${username} failed: ${res.statusCode} ${res.body}`);
    return res.json() as { token: string; recovery_codes: string[] };
  }
  const secret = staffSecret(t, username);
  // A code is good once per 30-second step, and a refused one counts on the throttle: answer with the first step after
  // the one used last (now or the next, which the server also takes), or, when both are used, as a new step would
  // allow once the clock moves on (the replay guard cleared).
  const [factor] = await t.database.db
    .select({ userId: staffSecondFactors.userId, lastStep: staffSecondFactors.lastStep })
    .from(staffSecondFactors)
    .innerJoin(users, eq(users.id, staffSecondFactors.userId))
    .where(sql`lower(${users.username}) = ${key}`);
  const now = Math.floor(Date.now() / 30_000);
  const last = factor?.lastStep ?? -1;
  let step = now;
  if (last >= now + 1) await t.database.db.update(staffSecondFactors).set({ lastStep: null }).where(eq(staffSecondFactors.userId, factor!.userId));
  else if (last >= now) step = now + 1;
  const res = await post('/api/auth/mfa/verify', { mfa_token: challenge.mfa_token, code: totpCode(secret, step * 30_000 + 15_000) });
  if (res.statusCode !== 200) throw new Error(`mfa verify ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json() as { token: string };
}

/**
 * A staff account's first sign-in on an app of a test's own making (password, then set-up with a computed code):
 * the last answer (its cookies included) and the secret.
 */
export async function firstStaffSignIn(app: TestApp['app'], payload: { username: string; password: string; area?: string }) {
  const challenge = await app.inject({ method: 'POST', url: '/api/auth/login', payload });
  if (challenge.json().mfa !== 'setup') throw new Error(`expected the second factor's set-up: ${challenge.body}`);
  const mfa_token = challenge.json().mfa_token as string;
  const { secret } = (await app.inject({ method: 'POST', url: '/api/auth/mfa/setup', payload: { mfa_token } })).json() as { secret: string };
  const res = await app.inject({ method: 'POST', url: '/api/auth/mfa/confirm', payload: { mfa_token, code: totpCode(secret) } });
  if (res.statusCode !== 200) throw new Error(`mfa confirm failed: ${res.statusCode} ${res.body}`);
  return { res, secret, token: res.json().token as string };
}

/**
 * Signs in and answers the session token. Staff answer their second factor too (answerSecondFactor), and their
 * token is kept per app and reused while it is live, since each sign-in uses up a 30-second step's code.
 * `fresh` always starts a new session.
 */
export async function login(t: TestApp, username: string, password: string, area?: 'citizen' | 'police' | 'admin', opts: { fresh?: boolean } = {}) {
  const key = username.toLowerCase();
  const cached = perApp(staffTokens, t).get(key);
  if (cached && !opts.fresh) {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(cached) });
    if (me.statusCode === 200 && (!area || AREA_ROLE[area] === me.json().user.role)) return cached;
  }
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password, area } });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  if (!('mfa' in body)) return body.token as string;
  const { token } = await answerSecondFactor(t, username, body);
  perApp(staffTokens, t).set(key, token);
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A citizen's signup fields; the date of birth is the one the NIC encodes unless given (or the NIC is not one). */
export const validSignupFields = (overrides: Record<string, string | undefined> = {}) => {
  const identityNumber = overrides.identity_number ?? uniqueNic();
  return {
    first_name: 'Nadeesha',
    second_name: 'Jayawardena',
    date_of_birth: decodeNic(identityNumber)?.birthDate ?? '1994-06-21',
    username: unique('citizen'),
    password: 'Str0ngPass!',
    email: 'nadeesha@example.lk',
    mobile_number: '+94771234567',
    identity_type: 'NIC',
    identity_number: identityNumber,
    address: '12 Temple Road, Kandy',
    marital_status: 'Single',
    ...overrides,
  };
};

/** Signs up a citizen with all photos; returns its username, password and token. */
let citizenAddresses = 0;
/** A distinct client address (198.18.0.0/15, the benchmarking range) for each citizen a test creates. */
export const nextCitizenAddress = () => {
  citizenAddresses++;
  return `198.18.${(citizenAddresses >> 8) & 255}.${citizenAddresses & 255}`;
};

export async function createCitizen(t: TestApp, overrides: Record<string, string> = {}) {
  const fields = validSignupFields(overrides);
  const img = await imageFile();
  const body = multipart(fields, { identity_photo_front: img, identity_photo_back: img, live_photo: img });
  // Each citizen signs up from an address of their own, as people do: signup is limited per address.
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup-citizen', remoteAddress: nextCitizenAddress(), ...body });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const token = await login(t, fields.username!, fields.password!);
  return { username: fields.username!, password: fields.password!, identityNumber: fields.identity_number!, token, id: res.json().user.id as number };
}

/** Creates an officer through the admin API; returns its credentials and token. */
export async function createOfficer(t: TestApp, branch: string, opts: { station?: string; adminToken?: string; full_name?: string } = {}) {
  const adminToken = opts.adminToken ?? (await login(t, 'admin', DEMO_ADMIN_PASSWORD));
  const username = unique('officer');
  const payload = {
    username,
    password: DEMO_OFFICER_PASSWORD,
    full_name: opts.full_name ?? `Officer ${username}`,
    officer_id: unique('OF-').toUpperCase(),
    branch,
    station: opts.station,
  };
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/users/create-officer', headers: bearer(adminToken), payload });
  if (res.statusCode !== 201) throw new Error(`create officer failed: ${res.statusCode} ${res.body}`);
  const token = await login(t, username, DEMO_OFFICER_PASSWORD);
  return {
    username,
    password: DEMO_OFFICER_PASSWORD,
    token,
    officer: res.json().officer as { id: number; user_id: number; officer_id: string; station: string; branch: string; full_name: string },
  };
}

/** What a refused request must leave unchanged: user, citizen profile and file rows, and files on disk. */
export async function storedState(t: TestApp) {
  const { db } = t.database;
  const n = async (table: typeof users | typeof citizenProfiles | typeof files) => (await db.select({ n: count() }).from(table))[0]!.n;
  return { users: await n(users), citizenProfiles: await n(citizenProfiles), fileRows: await n(files), filesOnDisk: t.uploadedFiles().length };
}

/** The test administrator signed in to the admin area. */
export const signInAdmin = (t: TestApp) => login(t, TEST_ADMIN.username, TEST_ADMIN.password, 'admin');

/**
 * A suite's app on one database: started before its tests (then `ready` runs, to sign in or set up what
 * every test shares) and closed after them.
 */
export function onTestApp(kind: DbKind, ready: (t: TestApp) => unknown) {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(kind);
    await ready(started);
  });
  afterAll(() => started?.close());
}

/** The paths the app's OpenAPI document lists (the document itself answered 200). */
export async function openApiPaths(t: TestApp) {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  return Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
}

/**
 * Waits until the upload sweep sent at start-up has run: a test that ages files and sweeps them itself would
 * otherwise race it (the job may delete them first).
 */
export async function startUpSweepDone(t: TestApp) {
  await vi.waitFor(
    async () => {
      const result = (await t.database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'upload-sweep' and state in ('created', 'retry', 'active')`,
      )) as unknown as { rows: Array<{ n: number }> };
      if (result.rows[0]!.n > 0) throw new Error('the start-up upload sweep has not run yet');
    },
    { timeout: 15_000, interval: 100 },
  );
}
