import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { createCitizen } from '../../../test/helpers';
import { sessions } from './auth.table';
import { createSessionLastUse } from './sessions.last-used';

describe.each(DB_KINDS)("a citizen session's last use on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('is written on the first request and then at most once a minute per session', async () => {
    const c = await createCitizen(t);
    const [row] = await t.database.db.select({ jti: sessions.jti }).from(sessions).where(eq(sessions.userId, c.id));
    let now = Date.parse('2030-01-01T00:00:00Z');
    const lastUse = createSessionLastUse(t.database.db, { now: () => now });
    const stored = async () => (await t.database.db.select({ at: sessions.lastUsedAt }).from(sessions).where(eq(sessions.jti, row!.jti)))[0]!.at.toISOString();

    await lastUse.touch(row!.jti);
    expect(await stored()).toBe('2030-01-01T00:00:00.000Z');
    now += 59_000;
    await lastUse.touch(row!.jti);
    expect(await stored()).toBe('2030-01-01T00:00:00.000Z');
    now += 1_000;
    await lastUse.touch(row!.jti);
    expect(await stored()).toBe('2030-01-01T00:01:00.000Z');
  });
});
