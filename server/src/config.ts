import path from 'node:path';
import { z } from 'zod';
import {
  ANONYMOUS_REPORT_WINDOW_SECONDS,
  ANONYMOUS_REPORTS_PER_ADDRESS_PER_WINDOW,
  ANONYMOUS_REPORTS_PER_WINDOW,
  adminPasswordProblems,
  validationMessagesEn,
} from '@pes/contracts';
import { DEFAULT_WEB_DIST_DIR } from './paths';
import { secretProblems } from './secret-strength';
import { DEMO_ADMIN_PASSWORD, DEMO_CITIZEN_PASSWORD, DEMO_OFFICER_PASSWORD } from './seed/demo-accounts';
import { newPasswordProblem } from './modules/users/password-policy';

/**
 * A few connections per core of the database machine. More do not answer faster: the extra queries only
 * wait inside PostgreSQL, where its busy backends take CPU from everything else on the machine (measured
 * on two cores, fines search at 2,000/s: p99 8 ms with 8 connections, 23 to 55 ms with 20).
 */
export const DEFAULT_POOL_SIZE = 8;

/**
 * The staff pages' own pool (the bulkhead, DatabaseHandle.staffReads): a few officers' and administrators' reads at
 * a time are plenty for pages people read, and every connection it has is one a slow staff query can hold, on the
 * database's same cores as the citizens' (a third of the default main pool's).
 */
export const DEFAULT_STAFF_POOL_SIZE = 3;

/**
 * A staff read running longer is cancelled (503). Two seconds: eight times the p99 every staff list, search and
 * aggregate must meet at 10 connections (250 ms, issue 43), so a query cut short is a query to fix, not one that was
 * merely unlucky; and short enough that one runaway query holds one of the staff pool's three connections for at most
 * two seconds, and that a staff page waiting behind a full staff pool (a wait bounded by the same timeout) answers
 * within about four, not ten. Never above DATABASE_STATEMENT_TIMEOUT_MS: when that is lower, the staff timeout is too.
 */
export const DEFAULT_STAFF_STATEMENT_TIMEOUT_MS = 2000;

/** An absolute http(s) address with a host and no user or password in it: `javascript:` or `file:` would be followed from certificates' QR codes. */
function isWebAddress(value: string) {
  const url = URL.parse(value);
  return !!url && (url.protocol === 'https:' || url.protocol === 'http:') && !!url.hostname && !url.username && !url.password;
}

/** Every variable the server reads (the README's table), each with its default. */
const envFields = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** PostgreSQL: the owner role that runs the migrations at start, when DATABASE_URL is a runtime role that may not. */
  DATABASE_MIGRATION_URL: z.string().url().optional(),
  /**
   * `false`: start without migrating, and refuse a database whose schema is behind (the `migrate` command is then a
   * step of its own, run with the owner role before instances start). `true` (the default): migrate at every start.
   */
  MIGRATE_ON_START: z.enum(['true', 'false']).default('true'),
  ADMIN_USERNAME: z.string().min(3).optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  TOKEN_SECRET: z.string().min(32).optional(),
  /** Keys the hashes of client addresses (sign-in's known addresses, the request counters); not the token secret. */
  ADDRESS_HASH_SECRET: z.string().min(32).optional(),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 60 * 60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Answers per second from which an instance counts as busy: its job queue then works one batch per queue every 4 s. */
  JOBS_BUSY_REQUESTS_PER_SECOND: z.coerce.number().int().min(1).default(50),
  /** The portal's public address: an absolute http(s) URL; https in production unless PUBLIC_URL_ALLOW_HTTP=true. */
  PUBLIC_URL: z.string().url().refine(isWebAddress, 'PUBLIC_URL must be an absolute http or https address (no credentials, no other scheme)').optional(),
  /** Production: allow a plain-http PUBLIC_URL (a test deployment on a private network); links and QR codes then go unencrypted. */
  PUBLIC_URL_ALLOW_HTTP: z.enum(['true', 'false']).optional(),
  /** `sandbox` must be chosen explicitly in production: its card payments are not real. */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  WEB_DIST_DIR: z.string().optional(),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** Hops of trusted reverse proxies in front of the server (X-Forwarded-For); 0 = none. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Connections this instance keeps to PostgreSQL. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_SIZE),
  /** The OpenAPI document and its UI at /api/docs: on outside production, off in production unless `true`. */
  API_DOCS: z.enum(['true', 'false']).optional(),
  /** PostgreSQL: a statement running longer is cancelled (and the request answers 503). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** PostgreSQL: connections this instance keeps for the staff pages' reads, apart from DATABASE_POOL_SIZE's. */
  DATABASE_STAFF_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_STAFF_POOL_SIZE),
  /** PostgreSQL: a staff page's read running longer is cancelled (503); at most DATABASE_STATEMENT_TIMEOUT_MS. */
  DATABASE_STAFF_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  /** Request limits of the public doors (requests per window; windows in the README): raise them only for a test that floods. */
  RATE_LIMIT_SIGNUP: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_COMPLAINTS: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_FINE_SEARCH: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_CHECKOUT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_CARD_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_PUBLIC_SLOTS: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_ANONYMOUS_TRACK: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_ANONYMOUS_REPORTS: z.coerce.number().int().min(1).default(ANONYMOUS_REPORTS_PER_WINDOW),
  RATE_LIMIT_ANONYMOUS_REPORTS_PER_ADDRESS: z.coerce.number().int().min(1).default(ANONYMOUS_REPORTS_PER_ADDRESS_PER_WINDOW),
  RATE_LIMIT_VERIFY: z.coerce.number().int().min(1).default(30),
  /** Password-reset requests per client address per 15 minutes (over it: 429). */
  RATE_LIMIT_PASSWORD_RESET: z.coerce.number().int().min(1).default(10),
  /** Password-reset messages per account per hour (over it the request answers the same, and nothing is sent). */
  RATE_LIMIT_PASSWORD_RESET_ACCOUNT: z.coerce.number().int().min(1).default(3),
  /** Signup photo links made, and phone requests on them (each counted apart), per client address per 10 minutes; the signup page's checks get 20 times as many. */
  RATE_LIMIT_SIGNUP_PHOTO: z.coerce.number().int().min(1).default(30),
  /** On SIGTERM: seconds of readiness 503 while requests are still served, before the server closes (behind a load balancer). */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(120).default(0),
  /** E-mail to citizens through this SMTP server (smtp:// or smtps://user:pass@host:port); unset: e-mails are kept, not sent. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Sri Lanka Police e-Services <no-reply@police.lk>'),
  /** SMS through a generic HTTP gateway (POST JSON { to, text, reference }, Bearer token); unset: SMS are kept, not sent. */
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  /** How long before an appointment its reminder is sent (none when that moment has passed at booking). */
  APPOINTMENT_REMINDER_MINUTES: z.coerce.number().int().min(1).max(10_080).default(1440),
  /** Where uploaded files are kept: `local` (DATA_DIR/uploads) or `s3` (an S3-compatible bucket, S3_BUCKET). */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)')
    .optional(),
  /** `true` for most S3-compatible services (MinIO, Ceph, s3rver): the bucket goes in the path, not the host name. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** The AWS SDK's own variables, read here so that a missing one stops the start, not the first upload. */
  AWS_ENDPOINT_URL_S3: z
    .string()
    .url()
    .refine((url) => /^https?:\/\//.test(url), 'AWS_ENDPOINT_URL_S3 must be an http:// or https:// URL')
    .optional(),
  AWS_REGION: z.string().min(1).optional(),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Prometheus metrics on a listener of their own (GET /metrics); unset: none. Never on the public port. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Where that listener binds: the loopback by default, so that only this machine (or a sidecar) scrapes it. */
  METRICS_HOST: z.string().min(1).optional(),
});

const envSchema = envFields.superRefine((env, ctx) => {
  if (env.DATABASE_MIGRATION_URL && !env.DATABASE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_MIGRATION_URL'],
      message: 'DATABASE_MIGRATION_URL needs DATABASE_URL (the embedded database has no roles)',
    });
  }
  if (env.DATABASE_STAFF_STATEMENT_TIMEOUT_MS !== undefined && env.DATABASE_STAFF_STATEMENT_TIMEOUT_MS > env.DATABASE_STATEMENT_TIMEOUT_MS) {
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_STAFF_STATEMENT_TIMEOUT_MS'],
      message: `DATABASE_STAFF_STATEMENT_TIMEOUT_MS (${env.DATABASE_STAFF_STATEMENT_TIMEOUT_MS}) must not exceed DATABASE_STATEMENT_TIMEOUT_MS (${env.DATABASE_STATEMENT_TIMEOUT_MS}): staff reads are the ones cut short first`,
    });
  }
  if (env.PAYMENT_GATEWAY === 'stripe' && !env.STRIPE_SECRET_KEY) {
    ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY' });
  }
  if (env.STRIPE_SECRET_KEY && env.PAYMENT_GATEWAY === 'sandbox') {
    ctx.addIssue({ code: 'custom', path: ['PAYMENT_GATEWAY'], message: 'PAYMENT_GATEWAY=sandbox contradicts STRIPE_SECRET_KEY: set one of them' });
  }
  if (env.FILE_STORAGE === 's3') {
    for (const key of ['S3_BUCKET', 'AWS_REGION'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `FILE_STORAGE=s3 needs ${key}` });
    }
    // One key without the other is a mistake; neither is the SDK's own chain (an instance or task role).
    for (const [key, other] of [
      ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'],
      ['AWS_SECRET_ACCESS_KEY', 'AWS_ACCESS_KEY_ID'],
    ] as const) {
      if (env[key] && !env[other])
        ctx.addIssue({ code: 'custom', path: [other], message: `${key} is set without ${other}: set both, or neither to use the instance's role` });
    }
  } else if (env.S3_BUCKET) {
    // Files would go to the local disk while the operator expects the bucket.
    ctx.addIssue({ code: 'custom', path: ['FILE_STORAGE'], message: 'S3_BUCKET is set but FILE_STORAGE is not s3: set FILE_STORAGE=s3, or unset S3_BUCKET' });
  }
  if (env.METRICS_HOST && env.METRICS_PORT === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['METRICS_HOST'],
      message: 'METRICS_HOST is set without METRICS_PORT: set the port to serve metrics, or unset METRICS_HOST',
    });
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'METRICS_PORT must differ from PORT (the metrics are never served on the public port)' });
  }
  if (env.NODE_ENV === 'production') {
    for (const key of ['ADMIN_USERNAME', 'ADMIN_PASSWORD', 'TOKEN_SECRET', 'ADDRESS_HASH_SECRET'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when NODE_ENV=production` });
    }
    // Production refuses what would make it unsafe, naming the setting (and never echoing its value).
    if (env.ADMIN_PASSWORD) {
      const problems = adminPasswordProblems(env.ADMIN_PASSWORD, env.ADMIN_USERNAME);
      // The demo passwords pass the policy (the demo must sign in), but they are published in the README.
      if ([DEMO_ADMIN_PASSWORD, DEMO_OFFICER_PASSWORD, DEMO_CITIZEN_PASSWORD].includes(env.ADMIN_PASSWORD))
        problems.push('it is a demo password, published in the README');
      if (problems.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['ADMIN_PASSWORD'],
          message: `ADMIN_PASSWORD fails the administrator password policy: ${problems.join('; ')}`,
        });
      }
    }
    for (const key of ['TOKEN_SECRET', 'ADDRESS_HASH_SECRET'] as const) {
      const problems = env[key] ? secretProblems(env[key]) : [];
      if (problems.length) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is too weak for production: ${problems.join('; ')}` });
    }
    if (env.ADDRESS_HASH_SECRET && env.ADDRESS_HASH_SECRET === env.TOKEN_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADDRESS_HASH_SECRET'],
        message: 'ADDRESS_HASH_SECRET must differ from TOKEN_SECRET (whoever holds the token secret must not be able to recover addresses)',
      });
    }
    if (!env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: "PUBLIC_URL is required when NODE_ENV=production (certificates' QR codes and payment return links point there, not at localhost)",
      });
    } else if (new URL(env.PUBLIC_URL).protocol !== 'https:' && env.PUBLIC_URL_ALLOW_HTTP !== 'true') {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'PUBLIC_URL must be an https address when NODE_ENV=production (people follow it from certificates and payments); PUBLIC_URL_ALLOW_HTTP=true allows http for a test deployment',
      });
    }
    if (!env.STRIPE_SECRET_KEY && env.PAYMENT_GATEWAY !== 'sandbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'STRIPE_SECRET_KEY is required when NODE_ENV=production (or PAYMENT_GATEWAY=sandbox for a test deployment, whose card payments are not real)',
      });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY when NODE_ENV=production',
      });
    }
  }
});

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export type Config = ReturnType<typeof loadConfig>;
export type RateLimits = Config['rateLimits'];

/** Development defaults, documented in the README; never used in production. */
const DEV_ADMIN = { username: 'admin', password: DEMO_ADMIN_PASSWORD } as const;

/**
 * Production's administrator password through the password estimator every new password passes (password-policy.ts:
 * a staff account's score), after `loadConfig`'s own checks: an Error in loadConfig's form, naming ADMIN_PASSWORD,
 * or undefined. Asynchronous, as the estimator's dictionaries are read on first use.
 */
export async function administratorPasswordRefusal(config: Pick<Config, 'production' | 'admin'>) {
  if (!config.production || !config.admin) return undefined;
  const problem = await newPasswordProblem(config.admin.password, 'admin', 'ADMIN_PASSWORD', { username: config.admin.username });
  if (!problem) return undefined;
  const why = [...Object.values(problem.fieldKeys ?? {}), ...(problem.fieldHints?.ADMIN_PASSWORD ?? [])]
    .map((key) => (validationMessagesEn as Record<string, string>)[key] ?? key)
    .join(' ');
  return new Error(`Invalid configuration:\n  ADMIN_PASSWORD: fails the administrator password policy: ${why}`);
}

function invalidConfiguration(error: z.ZodError) {
  const lines = error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  return new Error(`Invalid configuration:\n${lines.join('\n')}`);
}

/**
 * The `migrate` command's settings: only where the database is. It needs none of the serving settings (secrets,
 * payments), so a migration job is given the owner role's URL and nothing else.
 */
export function loadMigrationConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envFields.pick({ DATA_DIR: true, DATABASE_URL: true, DATABASE_MIGRATION_URL: true }).safeParse(env);
  if (!parsed.success) throw invalidConfiguration(parsed.error);
  const e = parsed.data;
  // The owner role's URL when given (DATABASE_URL may then be the runtime role's, which may not migrate).
  return { dataDir: path.resolve(e.DATA_DIR), ownerUrl: e.DATABASE_MIGRATION_URL ?? e.DATABASE_URL };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw invalidConfiguration(parsed.error);
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    /** The local disk's upload directory (FILE_STORAGE=local, the default). */
    uploadsDir: path.join(dataDir, 'uploads'),
    /** The bucket that keeps the uploaded files instead (FILE_STORAGE=s3). */
    s3Storage:
      e.FILE_STORAGE === 's3'
        ? {
            bucket: e.S3_BUCKET!,
            region: e.AWS_REGION!,
            endpoint: e.AWS_ENDPOINT_URL_S3,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
            credentials:
              e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY } : undefined,
          }
        : undefined,
    databaseUrl: e.DATABASE_URL,
    databaseMigrationUrl: e.DATABASE_MIGRATION_URL,
    /** false: the migrations are their own step (`migrate`); the server only checks the schema is current. */
    migrateOnStart: e.MIGRATE_ON_START === 'true',
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    /** The staff pages' pool (the bulkhead): its size, and its statement timeout (never above the main one). */
    databaseStaffPool: {
      size: e.DATABASE_STAFF_POOL_SIZE,
      statementMs: e.DATABASE_STAFF_STATEMENT_TIMEOUT_MS ?? Math.min(DEFAULT_STAFF_STATEMENT_TIMEOUT_MS, e.DATABASE_STATEMENT_TIMEOUT_MS),
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    /** The Prometheus metrics' own listener; undefined: no metrics. */
    metrics: e.METRICS_PORT !== undefined ? { port: e.METRICS_PORT, host: e.METRICS_HOST ?? '127.0.0.1' } : undefined,
    apiDocs: e.API_DOCS ? e.API_DOCS === 'true' : !production,
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : production ? undefined : DEV_ADMIN,
    tokenSecret: e.TOKEN_SECRET,
    addressHashSecret: e.ADDRESS_HASH_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
    jobsBusyRequestsPerSecond: e.JOBS_BUSY_REQUESTS_PER_SECOND,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    seedDemo: production ? false : e.SEED_DEMO !== 'false',
    notifications: {
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      sms: e.SMS_HTTP_URL ? { url: e.SMS_HTTP_URL, token: e.SMS_HTTP_TOKEN ?? '' } : undefined,
      reminderMinutes: e.APPOINTMENT_REMINDER_MINUTES,
    },
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          host: e.STRIPE_API_HOST,
          port: e.STRIPE_API_PORT,
          protocol: e.STRIPE_API_PROTOCOL,
        }
      : undefined,
    /**
     * Limits per caller (account when signed in, else address; card attempts per checkout session), shared
     * by every instance through the database. None is ever reached by one citizen using the portal.
     */
    rateLimits: {
      signup: { max: e.RATE_LIMIT_SIGNUP, windowMs: HOUR_MS },
      complaints: { max: e.RATE_LIMIT_COMPLAINTS, windowMs: HOUR_MS },
      fineSearch: { max: e.RATE_LIMIT_FINE_SEARCH, windowMs: MINUTE_MS },
      checkout: { max: e.RATE_LIMIT_CHECKOUT, windowMs: 10 * MINUTE_MS },
      cardAttempts: { max: e.RATE_LIMIT_CARD_ATTEMPTS, windowMs: 10 * MINUTE_MS },
      publicSlots: { max: e.RATE_LIMIT_PUBLIC_SLOTS, windowMs: MINUTE_MS },
      anonymousTrack: { max: e.RATE_LIMIT_ANONYMOUS_TRACK, windowMs: MINUTE_MS },
      verify: { max: e.RATE_LIMIT_VERIFY, windowMs: MINUTE_MS },
      passwordReset: { max: e.RATE_LIMIT_PASSWORD_RESET, windowMs: 15 * MINUTE_MS },
      passwordResetAccount: { max: e.RATE_LIMIT_PASSWORD_RESET_ACCOUNT, windowMs: HOUR_MS },
      /** Signup photo links made per address; and, counted apart, the phones' requests on links (a wrong token too). */
      signupPhoto: { max: e.RATE_LIMIT_SIGNUP_PHOTO, windowMs: 10 * MINUTE_MS },
      /** The signup page's checks on its link (one every 2 s for its 10 minutes is 300). */
      signupPhotoFollow: { max: e.RATE_LIMIT_SIGNUP_PHOTO * 20, windowMs: 10 * MINUTE_MS },
      /** Anonymous reports per browser (its reporter key; without one, per address): the flood limit. */
      anonymousReport: { max: e.RATE_LIMIT_ANONYMOUS_REPORTS, windowMs: ANONYMOUS_REPORT_WINDOW_SECONDS * 1000 },
      /** Anonymous reports per address, whatever the keys: a crowd behind a carrier's NAT fits, a script rotating keys does not. */
      anonymousReportAddress: { max: e.RATE_LIMIT_ANONYMOUS_REPORTS_PER_ADDRESS, windowMs: ANONYMOUS_REPORT_WINDOW_SECONDS * 1000 },
    },
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
  };
}
