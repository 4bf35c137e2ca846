import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { administratorPasswordRefusal, loadConfig, loadMigrationConfig } from '../src/config';
import { officers, users } from '../src/modules/users/users.table';
import { DB_KINDS, startTestApp, type TestApp } from './harness';
import { login, staffSecret, totpCode } from './helpers';
import { DEMO_ADMIN_PASSWORD, DEMO_CITIZEN_PASSWORD } from '../src/seed/demo-accounts';

/** A production configuration that starts: every required setting, each strong enough. */
const PRODUCTION = {
  NODE_ENV: 'production',
  ADMIN_USERNAME: 'chief',
  ADMIN_PASSWORD: 'Station-Commander@2026',
  TOKEN_SECRET: randomBytes(32).toString('hex'),
  ADDRESS_HASH_SECRET: randomBytes(32).toString('base64url'),
  PUBLIC_URL: 'https://eservices.police.lk',
  PAYMENT_GATEWAY: 'sandbox',
};

/** The message of the configuration error `env` causes ('' when it loads). */
function refusal(env: Record<string, string | undefined>) {
  try {
    loadConfig(env);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
}

describe('configuration', () => {
  it('refuses production without ADMIN_USERNAME, ADMIN_PASSWORD, TOKEN_SECRET, ADDRESS_HASH_SECRET and PUBLIC_URL, naming each', () => {
    const message = refusal({ NODE_ENV: 'production' });
    for (const key of ['ADMIN_USERNAME', 'ADMIN_PASSWORD', 'TOKEN_SECRET', 'ADDRESS_HASH_SECRET', 'PUBLIC_URL']) {
      expect(message).toContain(`${key} is required when NODE_ENV=production`);
    }
  });

  it('takes a plain-http PUBLIC_URL in production only with PUBLIC_URL_ALLOW_HTTP=true, and never another scheme', () => {
    expect(loadConfig({ ...PRODUCTION, PUBLIC_URL: 'http://10.0.0.5:3000', PUBLIC_URL_ALLOW_HTTP: 'true' })).toMatchObject({
      publicUrl: 'http://10.0.0.5:3000',
    });
    expect(refusal({ ...PRODUCTION, PUBLIC_URL: 'javascript:alert(1)', PUBLIC_URL_ALLOW_HTTP: 'true' })).toMatch(/absolute http or https address/);
    // Outside production too: the address is followed from what the portal prints.
    expect(refusal({ NODE_ENV: 'development', PUBLIC_URL: 'javascript:alert(1)' })).toMatch(/PUBLIC_URL: PUBLIC_URL must be an absolute http/);
    expect(loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' })).toMatchObject({ publicUrl: 'http://localhost:3000' });
  });

  it('names the one missing production setting', () => {
    expect(() => loadConfig({ ...PRODUCTION, TOKEN_SECRET: undefined })).toThrow(/TOKEN_SECRET/);
    expect(loadConfig(PRODUCTION)).toMatchObject({ production: true, publicUrl: 'https://eservices.police.lk' });
  });

  // Issue 46: the administrator's password passes the estimator every new staff password passes (score 4).
  it('refuses a production administrator password that passes the character rules but is easy to guess, naming ADMIN_PASSWORD', async () => {
    const weak = loadConfig({ ...PRODUCTION, ADMIN_PASSWORD: 'Kandy@1990Kandy' });
    expect((await administratorPasswordRefusal(weak))?.message).toMatch(
      /^Invalid configuration:\n {2}ADMIN_PASSWORD: fails the administrator password policy: This password is too easy to guess/,
    );
    expect(await administratorPasswordRefusal(loadConfig(PRODUCTION))).toBeUndefined();
    // Development keeps its demo administrator whatever its score: the check is production's.
    expect(
      await administratorPasswordRefusal(loadConfig({ NODE_ENV: 'development', ADMIN_PASSWORD: 'Kandy@1990Kandy', ADMIN_USERNAME: 'admin' })),
    ).toBeUndefined();
  });

  // Issue 20, finding 6: production started with these, and certificates' QR codes pointed at localhost.
  it.each([
    ['ADMIN_PASSWORD', 'password', /ADMIN_PASSWORD fails the administrator password policy/],
    ['ADMIN_PASSWORD', 'Admin@12345', /ADMIN_PASSWORD fails the administrator password policy: .*well-known word/],
    ['ADMIN_PASSWORD', DEMO_ADMIN_PASSWORD, /ADMIN_PASSWORD fails the administrator password policy: .*demo password, published in the README/],
    ['ADMIN_PASSWORD', 'chief-Of-Police2026', /ADMIN_PASSWORD fails .*well-known word.*; it must not contain the username/],
    ['TOKEN_SECRET', 'a'.repeat(40), /TOKEN_SECRET is too weak for production: it has too little entropy/],
    ['TOKEN_SECRET', 'password1234567890password1234567890', /TOKEN_SECRET is too weak for production/],
    ['TOKEN_SECRET', 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEF', /TOKEN_SECRET is too weak for production/],
    ['ADDRESS_HASH_SECRET', 'x'.repeat(48), /ADDRESS_HASH_SECRET is too weak for production/],
    ['PUBLIC_URL', undefined, /PUBLIC_URL is required when NODE_ENV=production/],
    // Issue 46: both were accepted, and certificates' QR codes and payment return links pointed there.
    ['PUBLIC_URL', 'javascript:alert(1)', /PUBLIC_URL must be an absolute http or https address/],
    ['PUBLIC_URL', 'file:///etc/passwd', /PUBLIC_URL must be an absolute http or https address/],
    ['PUBLIC_URL', 'https://user:pass@eservices.police.lk', /PUBLIC_URL must be an absolute http or https address/],
    ['PUBLIC_URL', 'http://localhost', /PUBLIC_URL must be an https address when NODE_ENV=production/],
    ['PUBLIC_URL', 'http://eservices.police.lk', /PUBLIC_URL_ALLOW_HTTP=true allows http/],
  ])('refuses production with a weak %s (%s), naming it and never echoing the value', (key, value, expected) => {
    const message = refusal({ ...PRODUCTION, [key]: value });
    expect(message).toMatch(expected);
    expect(message).toContain(`  ${key}: `);
    // (The short passwords are words the message itself uses.)
    if (value && value.length >= 12) expect(message).not.toContain(value);
  });

  it('refuses an address secret that is the token secret', () => {
    expect(refusal({ ...PRODUCTION, ADDRESS_HASH_SECRET: PRODUCTION.TOKEN_SECRET })).toMatch(/ADDRESS_HASH_SECRET must differ from TOKEN_SECRET/);
  });

  it('accepts generated secrets (64 hex digits, 43 base64url characters) whatever chance puts in them', () => {
    for (let i = 0; i < 200; i++) {
      expect(refusal({ ...PRODUCTION, TOKEN_SECRET: randomBytes(32).toString('hex'), ADDRESS_HASH_SECRET: randomBytes(32).toString('base64url') })).toBe('');
    }
  });

  it('keeps the weak-secret checks to production (development generates its own secrets)', () => {
    expect(refusal({ NODE_ENV: 'development', ADMIN_PASSWORD: 'password', TOKEN_SECRET: 'a'.repeat(40) })).toBe('');
  });

  it('refuses a short token secret and bad numbers', () => {
    expect(() => loadConfig({ TOKEN_SECRET: 'too-short' })).toThrow(/TOKEN_SECRET/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '-1' })).toThrow(/TRUST_PROXY_HOPS/);
  });

  it('never seeds demo data in production, whatever SEED_DEMO says', () => {
    const config = loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' });
    expect(config.seedDemo).toBe(false);
    expect(config.admin).toEqual({ username: 'chief', password: 'Station-Commander@2026' });
  });

  it('refuses production on the TEST payment sandbox unless it is chosen explicitly', () => {
    const base = { ...PRODUCTION, PAYMENT_GATEWAY: undefined };
    expect(() => loadConfig(base)).toThrow(/STRIPE_SECRET_KEY is required when NODE_ENV=production/);
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_WEBHOOK_SECRET is required/);
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).stripe?.secretKey).toBe('sk_live_x');
    expect(loadConfig({ ...base, PAYMENT_GATEWAY: 'sandbox' }).stripe).toBeUndefined();
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'sandbox', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/contradicts/);
  });

  // Issue 24: uploaded files in an S3-compatible bucket.
  const S3 = { FILE_STORAGE: 's3', S3_BUCKET: 'pes-uploads', AWS_REGION: 'ap-south-1' };

  it('keeps files on the local disk by default, and reads the bucket settings for FILE_STORAGE=s3', () => {
    expect(loadConfig({ DATA_DIR: '/srv/pes' })).toMatchObject({ uploadsDir: '/srv/pes/uploads', s3Storage: undefined });
    expect(loadConfig(S3).s3Storage).toEqual({
      bucket: 'pes-uploads',
      region: 'ap-south-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    const env = { ...S3, AWS_ENDPOINT_URL_S3: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true', AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(env).s3Storage).toEqual({
      bucket: 'pes-uploads',
      region: 'ap-south-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
  });

  it.each([
    [{ S3_BUCKET: undefined }, /S3_BUCKET: FILE_STORAGE=s3 needs S3_BUCKET/],
    [{ AWS_REGION: undefined }, /AWS_REGION: FILE_STORAGE=s3 needs AWS_REGION/],
    [{ S3_BUCKET: 'Uploads_2026' }, /S3_BUCKET: S3_BUCKET is not a bucket name/],
    [{ AWS_ENDPOINT_URL_S3: 'minio:9000' }, /AWS_ENDPOINT_URL_S3: /],
    [{ AWS_ENDPOINT_URL_S3: 'ftp://minio:9000' }, /AWS_ENDPOINT_URL_S3 must be an http:\/\/ or https:\/\/ URL/],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE: /],
    [{ AWS_ACCESS_KEY_ID: 'id' }, /AWS_SECRET_ACCESS_KEY: AWS_ACCESS_KEY_ID is set without AWS_SECRET_ACCESS_KEY/],
    [{ AWS_SECRET_ACCESS_KEY: 'secret' }, /AWS_ACCESS_KEY_ID: AWS_SECRET_ACCESS_KEY is set without AWS_ACCESS_KEY_ID/],
    [{ FILE_STORAGE: 'disk' }, /FILE_STORAGE: /],
    [{ FILE_STORAGE: undefined }, /FILE_STORAGE: S3_BUCKET is set but FILE_STORAGE is not s3/],
  ])('refuses the file storage settings %o, naming the setting', (change, expected) => {
    expect(refusal({ ...S3, ...change })).toMatch(expected);
  });

  it('gives the staff pages a pool of 3 connections and a 2 s statement timeout by default, never above the main timeout', () => {
    expect(loadConfig({})).toMatchObject({ databasePoolSize: 8, databaseStatementTimeoutMs: 5000, databaseStaffPool: { size: 3, statementMs: 2000 } });
    expect(loadConfig({ DATABASE_STAFF_POOL_SIZE: '5', DATABASE_STAFF_STATEMENT_TIMEOUT_MS: '750' }).databaseStaffPool).toEqual({ size: 5, statementMs: 750 });
    // A main timeout below the staff default takes the staff timeout down with it.
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '1500' }).databaseStaffPool.statementMs).toBe(1500);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '8000', DATABASE_STAFF_STATEMENT_TIMEOUT_MS: '8000' }).databaseStaffPool.statementMs).toBe(8000);
  });

  it.each([
    [{ DATABASE_STAFF_POOL_SIZE: '0' }, /DATABASE_STAFF_POOL_SIZE: /],
    [{ DATABASE_STAFF_POOL_SIZE: '201' }, /DATABASE_STAFF_POOL_SIZE: /],
    [{ DATABASE_STAFF_POOL_SIZE: 'three' }, /DATABASE_STAFF_POOL_SIZE: /],
    [{ DATABASE_STAFF_POOL_SIZE: '2.5' }, /DATABASE_STAFF_POOL_SIZE: /],
    [{ DATABASE_STAFF_STATEMENT_TIMEOUT_MS: '99' }, /DATABASE_STAFF_STATEMENT_TIMEOUT_MS: /],
    [{ DATABASE_STAFF_STATEMENT_TIMEOUT_MS: 'soon' }, /DATABASE_STAFF_STATEMENT_TIMEOUT_MS: /],
    [
      { DATABASE_STAFF_STATEMENT_TIMEOUT_MS: '6000' },
      /DATABASE_STAFF_STATEMENT_TIMEOUT_MS: DATABASE_STAFF_STATEMENT_TIMEOUT_MS \(6000\) must not exceed DATABASE_STATEMENT_TIMEOUT_MS \(5000\)/,
    ],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '1000', DATABASE_STAFF_STATEMENT_TIMEOUT_MS: '1001' }, /must not exceed DATABASE_STATEMENT_TIMEOUT_MS \(1000\)/],
  ])('refuses the staff pool settings %o, naming the setting', (env, expected) => {
    expect(refusal(env)).toMatch(expected);
  });

  it('migrates at start unless MIGRATE_ON_START=false; the migrate command reads where the database is and nothing else', () => {
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ ...PRODUCTION, MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    expect(refusal({ MIGRATE_ON_START: 'no' })).toMatch(/MIGRATE_ON_START: /);
    // Production without a single secret: the migration job is given the owner's URL only.
    const owner = 'postgres://owner@db/pes';
    expect(loadMigrationConfig({ NODE_ENV: 'production', DATABASE_MIGRATION_URL: owner }).ownerUrl).toBe(owner);
    expect(loadMigrationConfig({ DATABASE_URL: 'postgres://app@db/pes', DATABASE_MIGRATION_URL: owner }).ownerUrl).toBe(owner);
    expect(loadMigrationConfig({ DATABASE_URL: owner }).ownerUrl).toBe(owner);
    expect(() => loadMigrationConfig({ DATABASE_URL: 'db' })).toThrow(/DATABASE_URL: /);
  });

  it('uses the documented development defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      production: false,
      port: 3000,
      logLevel: 'info',
      seedDemo: true,
      admin: { username: 'admin', password: DEMO_ADMIN_PASSWORD },
    });
  });
});

describe.each(DB_KINDS)('a production start on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      demo: true,
      env: {
        NODE_ENV: 'production',
        ADMIN_USERNAME: 'chief',
        ADMIN_PASSWORD: PRODUCTION.ADMIN_PASSWORD,
        PUBLIC_URL: PRODUCTION.PUBLIC_URL,
        PAYMENT_GATEWAY: 'sandbox',
      },
    });
  });
  afterAll(() => t?.close());

  it('creates the configured administrator and no demo accounts', async () => {
    const { db } = t.database;
    expect((await db.select({ n: count() }).from(officers))[0]!.n).toBe(0);
    expect((await db.select({ n: count() }).from(users).where(eq(users.role, 'citizen')))[0]!.n).toBe(0);
    const admins = await db.select({ username: users.username }).from(users).where(eq(users.role, 'admin'));
    expect(admins).toEqual([{ username: 'chief' }]);
    // No demo second factor in production: the administrator's first sign-in sets one up.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'chief', password: PRODUCTION.ADMIN_PASSWORD } })).json().mfa,
    ).toBe('setup');
    expect(await login(t, 'chief', PRODUCTION.ADMIN_PASSWORD, 'admin')).toBeTruthy();
    const demo = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'citizen', password: DEMO_CITIZEN_PASSWORD } });
    expect(demo.statusCode).toBe(401);
  });

  it('marks the session cookie Secure and sends HSTS', async () => {
    // The administrator set the second factor up above (login); the session cookie comes with the code's answer.
    const challenge = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'chief', password: PRODUCTION.ADMIN_PASSWORD } });
    expect(challenge.json().mfa).toBe('verify');
    // The next step's code (accepted one step ahead): this step's was used by the sign-in above.
    const code = totpCode(staffSecret(t, 'chief'), Date.now() + 30_000);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload: { mfa_token: challenge.json().mfa_token, code } });
    expect(res.cookies.find((c) => c.name === 'pes_session')).toMatchObject({ secure: true, httpOnly: true });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
