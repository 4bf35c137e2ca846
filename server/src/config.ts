import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_WEB_DIST_DIR } from './paths';

/**
 * A few connections per core of the database machine. More do not answer faster: the extra queries only
 * wait inside PostgreSQL, where its busy backends take CPU from everything else on the machine (measured
 * on two cores, fines search at 2,000/s: p99 8 ms with 8 connections, 23 to 55 ms with 20).
 */
export const DEFAULT_POOL_SIZE = 8;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    ADMIN_USERNAME: z.string().min(3).optional(),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    TOKEN_SECRET: z.string().min(32).optional(),
    TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(8 * 60 * 60),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PUBLIC_URL: z.string().url().optional(),
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
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_GATEWAY === 'stripe' && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY' });
    }
    if (env.STRIPE_SECRET_KEY && env.PAYMENT_GATEWAY === 'sandbox') {
      ctx.addIssue({ code: 'custom', path: ['PAYMENT_GATEWAY'], message: 'PAYMENT_GATEWAY=sandbox contradicts STRIPE_SECRET_KEY: set one of them' });
    }
    if (env.NODE_ENV === 'production') {
      for (const key of ['ADMIN_USERNAME', 'ADMIN_PASSWORD', 'TOKEN_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when NODE_ENV=production` });
      }
      if (!env.STRIPE_SECRET_KEY && env.PAYMENT_GATEWAY !== 'sandbox') {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_SECRET_KEY'],
          message:
            'STRIPE_SECRET_KEY is required when NODE_ENV=production (or PAYMENT_GATEWAY=sandbox for a test deployment, whose card payments are not real)',
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

export type Config = ReturnType<typeof loadConfig>;

/** Development defaults, documented in the README; never used in production. */
const DEV_ADMIN = { username: 'admin', password: 'Admin@12345' } as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : production ? undefined : DEV_ADMIN,
    tokenSecret: e.TOKEN_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    seedDemo: production ? false : e.SEED_DEMO !== 'false',
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          host: e.STRIPE_API_HOST,
          port: e.STRIPE_API_PORT,
          protocol: e.STRIPE_API_PROTOCOL,
        }
      : undefined,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
  };
}
