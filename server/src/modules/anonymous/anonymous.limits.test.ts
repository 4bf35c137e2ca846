import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { rateLimitCounters } from '../rate-limits/rate-limits.table';
import { ANONYMOUS_REPORTER_HEADER } from '@pes/contracts';
import { reportFields, submitReport } from './anonymous.fixtures';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Short windows, so that a test sees them end (the real ones: a minute for tracking, ten for reports). */
const WINDOW_MS = 1500;

/**
 * The anonymous reporter's two doors are limited per client address, and what the limits keep of an
 * address (a keyed hash) is deleted when the window ends, never kept longer (issue 20, findings 2 and 7).
 */
describe.each(DB_KINDS)("anonymous reporters' addresses on %s", (kind) => {
  let t: TestApp;
  const track = (remoteAddress: string, code = 'A'.repeat(32)) =>
    t.app.inject({ method: 'POST', url: '/api/anonymous/track', payload: { tracking_code: code }, remoteAddress });
  const storedKeys = async () => (await t.modules.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((r) => r.key);
  /** The forms a counter of `address` on `limit` could be stored under: keyed by the address secret, or (before issue 20) by the token secret. */
  const keysOf = (limit: string, address: string) => ({
    addressSecret: t.modules.rateLimits.storedKey(`${limit}|ip:${address}`),
    tokenSecret: createHmac('sha256', `rate-limit:${t.config.tokenSecret}`).update(`${limit}|ip:${address}`).digest('base64url'),
  });

  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: { RATE_LIMIT_ANONYMOUS_TRACK: '3' },
      config: (c) => ({
        ...c,
        rateLimits: {
          ...c.rateLimits,
          anonymousTrack: { ...c.rateLimits.anonymousTrack, windowMs: WINDOW_MS },
          anonymousReport: { max: 5, windowMs: WINDOW_MS },
          anonymousReportAddress: { max: 12, windowMs: WINDOW_MS },
        },
      }),
    });
  });
  afterAll(() => t?.close());

  it('limits tracking per client address: 429 request.rate_limited with Retry-After, other addresses unaffected', async () => {
    const code = (await submitReport(t, reportFields())).json().tracking_code as string;
    for (let i = 0; i < 3; i++) expect((await track('198.51.100.1', code)).statusCode).toBe(200);
    const over = await track('198.51.100.1', code);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('request.rate_limited');
    // The wait is sent as a value too, so the browser fills its own translation (not only the English message).
    expect(over.json().error.params).toEqual({ minutes: 1 });
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Guesses count too: an unknown code is a 404, counted like a found one.
    for (let i = 0; i < 3; i++) expect((await track('198.51.100.2')).statusCode).toBe(404);
    expect((await track('198.51.100.2')).statusCode).toBe(429);
    expect((await track('198.51.100.3', code)).statusCode).toBe(200);
  });

  it('lets a crowd behind one address (a carrier NAT) report, five per browser key, up to the address limit', async () => {
    const crowd = '198.51.100.80';
    const browser = (n: number) => ({ [ANONYMOUS_REPORTER_HEADER]: `browser-${n}-${'k'.repeat(24)}` });
    const from = (headers: Record<string, string>) => submitReport(t, reportFields(), {}, crowd, headers);
    for (let i = 0; i < 5; i++) expect((await from(browser(1))).statusCode).toBe(201);
    const sixth = await from(browser(1));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('request.rate_limited');
    // Other phones behind the same address go on, until the address has sent its 12.
    for (let i = 0; i < 5; i++) expect((await from(browser(2))).statusCode).toBe(201);
    // A request with no key (or a malformed one) counts on the address's own allowance of five.
    expect((await from({ [ANONYMOUS_REPORTER_HEADER]: 'short' })).statusCode).toBe(201);
    // Reports sent from the address: 11 (the refused sixth is not one). The 12th goes, the 13th does not, whatever its key.
    expect((await from(browser(3))).statusCode).toBe(201);
    const overAddress = await from(browser(4));
    expect(overAddress.statusCode).toBe(429);
    // Another address is not touched; a browser's key counts wherever it goes (a phone moving to Wi-Fi).
    expect((await submitReport(t, reportFields(), {}, '198.51.100.81', browser(5))).statusCode).toBe(201);
    expect((await submitReport(t, reportFields(), {}, '198.51.100.81', browser(1))).statusCode).toBe(429);
  });

  it('keys the counters by a secret of their own, not the token secret, and deletes them when the window ends', async () => {
    await sleep(WINDOW_MS + 600);
    const reporter = '198.51.100.50';
    expect((await submitReport(t, reportFields(), {}, reporter)).statusCode).toBe(201);
    expect((await track(reporter)).statusCode).toBe(404);
    const report = keysOf('anonymous-report', reporter);
    const tracking = keysOf('anonymous-track', reporter);
    const during = await storedKeys();
    expect(during).toEqual(expect.arrayContaining([report.addressSecret, tracking.addressSecret]));
    expect(during).not.toContain(report.tokenSecret);
    expect(during).not.toContain(tracking.tokenSecret);
    expect(JSON.stringify(await t.modules.db.select().from(rateLimitCounters))).not.toContain('198.51.100');

    // Once the window has passed, nothing derived from the address is left (deleted, not merely expired),
    // with no request arriving to trigger it.
    await sleep(WINDOW_MS + 100);
    const after = await storedKeys();
    expect(after).not.toContain(report.addressSecret);
    expect(after).not.toContain(tracking.addressSecret);
    expect(after).toEqual([]);
  });
});
