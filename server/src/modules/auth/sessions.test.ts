import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DB_KINDS, startSecondInstance, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, nextCitizenAddress } from '../../../test/helpers';
import { sessions } from './auth.table';

const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(DB_KINDS)('signed-in devices (GET/DELETE /api/me/sessions) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  /** A citizen's own sign-in from a browser and address of the test's choosing: the session token. */
  const signIn = async (who: { username: string; password: string }, userAgent: string, remoteAddress: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: { 'user-agent': userAgent },
      payload: { username: who.username, password: who.password },
    });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };
  const list = (token: string) => t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: bearer(token) });
  const end = (token: string, id: string) => t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${id}`, headers: bearer(token) });
  const endOthers = (token: string) => t.app.inject({ method: 'POST', url: '/api/me/sessions/end-others', headers: bearer(token) });
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  type Listed = { id: string; device: string | null; address_class: string | null; signed_in_at: string; last_used_at: string; current: boolean };
  const sessionsOf = async (token: string) => {
    const res = await list(token);
    expect(res.statusCode).toBe(200);
    return (res.json() as { sessions: Listed[] }).sessions;
  };

  it("lists the account's live sessions: device, network (never the address), times, and which is this one", async () => {
    const c = await createCitizen(t);
    const phone = await signIn(c, FIREFOX_ANDROID, '203.0.113.77');
    const laptop = await signIn(c, CHROME_WINDOWS, '2001:db8:12:34::99');

    const seenFromLaptop = await sessionsOf(laptop);
    // The sign-up helper's own session, the phone and the laptop.
    expect(seenFromLaptop).toHaveLength(3);
    const current = seenFromLaptop.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ device: 'Chrome 131 on Windows', address_class: '2001:db8:12::/48' });
    expect(seenFromLaptop.find((s) => s.device === 'Firefox 133 on Android')).toMatchObject({ address_class: '203.0.113.0/24', current: false });
    for (const s of seenFromLaptop) {
      expect(Date.parse(s.signed_in_at)).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(s.last_used_at)).toBeGreaterThan(Date.now() - 60_000);
    }
    // The stored row keeps the same summaries, never the address itself.
    const body = (await list(laptop)).body;
    expect(body).not.toContain('203.0.113.77');
    expect(body).not.toContain('2001:db8:12:34');

    // From the phone, the phone's session is "this one".
    const seenFromPhone = await sessionsOf(phone);
    expect(seenFromPhone.find((s) => s.current)?.device).toBe('Firefox 133 on Android');
    // The ids are the same sessions whoever asks.
    expect(new Set(seenFromPhone.map((s) => s.id))).toEqual(new Set(seenFromLaptop.map((s) => s.id)));
  });

  it('lists only the caller’s own sessions, and none that ended', async () => {
    const a = await createCitizen(t);
    const b = await createCitizen(t);
    const bIds = (await sessionsOf(b.token)).map((s) => s.id);
    const aIds = (await sessionsOf(a.token)).map((s) => s.id);
    expect(aIds.some((id) => bIds.includes(id))).toBe(false);
    const extra = await signIn(a, CHROME_WINDOWS, nextCitizenAddress());
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(extra) });
    expect((await sessionsOf(a.token)).map((s) => s.id)).toEqual(aIds);
    expect((await list('not-a-token')).statusCode).toBe(401);
  });

  it("ends one of the caller's own sessions: its token is refused at once; another account's id is 404 and ends nothing", async () => {
    const owner = await createCitizen(t);
    const other = await createCitizen(t);
    const phone = await signIn(owner, FIREFOX_ANDROID, nextCitizenAddress());
    expect((await me(phone)).statusCode).toBe(200); // its principal is now cached on this instance
    const phoneId = (await sessionsOf(phone)).find((s) => s.current)!.id;
    const otherId = (await sessionsOf(other.token)).find((s) => s.current)!.id;

    // Another user's session: 404, the same answer as for a session that does not exist, and it still works.
    const refused = await end(owner.token, otherId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('account.session_not_found');
    expect((await me(other.token)).statusCode).toBe(200);
    const [otherRow] = await t.database.db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.jti, otherId));
    expect(otherRow!.revokedAt).toBeNull();
    expect((await end(owner.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await end(owner.token, 'not-a-session')).statusCode).toBe(404);

    const ended = await end(owner.token, phoneId);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 1 });
    const after = await me(phone);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('auth.unauthenticated');
    expect((await sessionsOf(owner.token)).map((s) => s.id)).not.toContain(phoneId);
    // The session asking is untouched, and an ended session cannot be ended twice.
    expect((await me(owner.token)).statusCode).toBe(200);
    expect((await end(owner.token, phoneId)).statusCode).toBe(404);
  });

  it('ends this session too when asked by its own id', async () => {
    const c = await createCitizen(t);
    const id = (await sessionsOf(c.token)).find((s) => s.current)!.id;
    expect((await end(c.token, id)).statusCode).toBe(200);
    expect((await me(c.token)).statusCode).toBe(401);
  });

  it('ends every other session of the account and keeps this one', async () => {
    const c = await createCitizen(t);
    const bystander = await createCitizen(t);
    const phone = await signIn(c, FIREFOX_ANDROID, nextCitizenAddress());
    const laptop = await signIn(c, CHROME_WINDOWS, nextCitizenAddress());
    expect((await me(phone)).statusCode).toBe(200);

    const res = await endOthers(laptop);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(c.token)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await sessionsOf(laptop)).map((s) => s.current)).toEqual([true]);
    expect((await me(bystander.token)).statusCode).toBe(200);
    expect((await endOthers(laptop)).json()).toEqual({ ended: 0 });
  });

  it("keeps a citizen session's last use as its requests come, written at most once a minute", async () => {
    const c = await createCitizen(t);
    const id = (await sessionsOf(c.token)).find((s) => s.current)!.id;
    const anHourAgo = new Date(Date.now() - 3600_000);
    const lastUsed = async () => (await t.database.db.select({ at: sessions.lastUsedAt }).from(sessions).where(eq(sessions.jti, id)))[0]!.at.getTime();
    // Listing was its first request here: written then. Put it back an hour, and the next request within the minute leaves it.
    expect(Date.now() - (await lastUsed())).toBeLessThan(60_000);
    await t.database.db.update(sessions).set({ lastUsedAt: anHourAgo }).where(eq(sessions.jti, id));
    expect((await me(c.token)).statusCode).toBe(200);
    expect(await lastUsed()).toBe(anHourAgo.getTime());
    expect((await sessionsOf(c.token)).find((s) => s.current)!.last_used_at).toBe(anHourAgo.toISOString());
  });

  it('works for staff as for citizens (an officer sees and ends their own sessions)', async () => {
    const officer = await createOfficer(t, 'Crime Branch');
    const listed = await sessionsOf(officer.token);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect((await endOthers(officer.token)).statusCode).toBe(200);
    expect((await me(officer.token)).statusCode).toBe(200);
  });

  // Two instances share a database only on PostgreSQL (PGlite is one process's); registered there only, never skipped.
  if (kind === 'postgres')
    it('an ended session is refused by every instance, not only the one that ended it', async () => {
      const second = await startSecondInstance(t);
      try {
        const c = await createCitizen(t);
        const phone = await signIn(c, FIREFOX_ANDROID, nextCitizenAddress());
        const onSecond = () => second.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(phone) });
        expect((await onSecond()).statusCode).toBe(200); // cached there now
        const id = (await sessionsOf(phone)).find((s) => s.current)!.id;
        expect((await end(c.token, id)).statusCode).toBe(200);
        // The database's notification reaches the other instance within milliseconds.
        await expect.poll(async () => (await onSecond()).statusCode, { timeout: 2000, interval: 20 }).toBe(401);
      } finally {
        await second.close();
      }
    });
});
