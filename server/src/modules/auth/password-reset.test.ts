import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, login, unique } from '../../../test/helpers';
import { auditLog } from '../audit/audit.table';
import { startMailbox, startSmsGateway } from '../notifications/notifications.fixtures';
import { notificationMessages } from '../notifications/notifications.table';
import { WITHHELD_SECRET } from '../notifications/notifications.service';
import { citizenProfiles, users } from '../users/users.table';
import { passwordResetTokens } from './password-reset.token';
import { DEMO_ADMIN_PASSWORD } from '../../seed/demo-accounts';

const PER_ADDRESS = 4;
const PER_ACCOUNT = 2;

/** Reset links through a real SMTP server (and the SMS gateway) in the process, as the notifications tests do. */
describe.each(DB_KINDS)('password reset on %s', (kind) => {
  let t: TestApp;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  let addresses = 0;
  // Each request from an address of its own unless a test says otherwise: the per-address limit is tested apart.
  const nextAddress = () => `203.0.113.${++addresses}`;
  beforeAll(async () => {
    mailbox = await startMailbox();
    gateway = await startSmsGateway();
    t = await startTestApp(kind, {
      env: {
        SMTP_URL: mailbox.url(),
        SMS_HTTP_URL: gateway.url,
        SMS_HTTP_TOKEN: 'gateway-token',
        RATE_LIMIT_PASSWORD_RESET: String(PER_ADDRESS),
        RATE_LIMIT_PASSWORD_RESET_ACCOUNT: String(PER_ACCOUNT),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.stop();
    await gateway?.close();
  });

  const requestReset = (username: string, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { username }, remoteAddress });
  const confirm = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password }, remoteAddress: nextAddress() });
  const signIn = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  const me = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode;
  const mailsTo = (email: string) => mailbox.mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === email);
  const tokenIn = (text: string | undefined) => /\/reset-password\?token=([A-Za-z0-9._-]+)/.exec(text ?? '')?.[1];

  async function citizenWithMail(overrides: Record<string, string> = {}) {
    const email = `${unique('reset')}@example.lk`;
    return { ...(await createCitizen(t, { email, ...overrides })), email };
  }
  async function linkFor(email: string, nth = 1) {
    await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(nth);
    const token = tokenIn(mailsTo(email)[nth - 1]!.text);
    expect(token).toBeDefined();
    return token!;
  }

  it('e-mails a single-use link in the account language; it sets the password and ends every session', async () => {
    const citizen = await citizenWithMail();
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/preferences',
      headers: bearer(citizen.token),
      payload: { language: 'ta', notify_email: false, notify_sms: false },
    });
    const other = await login(t, citizen.username, citizen.password, 'citizen', { fresh: true });

    const res = await requestReset(citizen.username.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    const token = await linkFor(citizen.email);
    const mail = mailsTo(citizen.email)[0]!;
    // Sent although the citizen chose no messages: it is the answer to their own request. In Tamil, their language.
    expect(mail.subject).toBe('புதிய கடவுச்சொல்லைத் தேர்ந்தெடுக்கவும்');
    expect(mail.text).toContain(`${t.config.publicUrl}/reset-password?token=`);
    expect(gateway.received.filter((s) => s.text.includes(token))).toEqual([]);

    const done = await confirm(token, 'Sigiriya-Rock-77');
    expect(done.statusCode, done.body).toBe(200);
    expect(await me(citizen.token)).toBe(401);
    expect(await me(other)).toBe(401);
    expect((await signIn(citizen.username, citizen.password)).statusCode).toBe(401);
    expect((await signIn(citizen.username, 'Sigiriya-Rock-77')).statusCode).toBe(200);

    // Used once: the same link again is refused, and changes nothing.
    const again = await confirm(token, 'Another-Rock-88');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('password.reset_link_invalid');
    expect((await signIn(citizen.username, 'Sigiriya-Rock-77')).statusCode).toBe(200);
  });

  it('keeps the link out of the stored message an administrator can read', async () => {
    const citizen = await citizenWithMail();
    await requestReset(citizen.username);
    const token = await linkFor(citizen.email);
    const rows = await t.database.db.select().from(notificationMessages).where(eq(notificationMessages.recipientUserId, citizen.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.template).toBe('password_reset');
    expect(rows[0]!.body).toContain(WITHHELD_SECRET);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(token.split('.')[2]);
    const admin = await login(t, 'admin', DEMO_ADMIN_PASSWORD, 'admin');
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/notifications?recipient=${encodeURIComponent(citizen.email)}`,
      headers: bearer(admin),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().messages).toHaveLength(1);
    expect(listed.body).not.toContain(token.split('.')[2]);
  });

  it('answers an unknown username exactly as a known one, and sends nothing', async () => {
    const citizen = await citizenWithMail();
    const known = await requestReset(citizen.username);
    const unknown = await requestReset(unique('nobody'));
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await linkFor(citizen.email);
    const before = mailbox.mails.length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailbox.mails.length).toBe(before);
  });

  it('sends the link by SMS to an account without an e-mail address', async () => {
    const citizen = await citizenWithMail({ mobile_number: '+94771230001' });
    await t.database.db.update(citizenProfiles).set({ email: '' }).where(eq(citizenProfiles.userId, citizen.id));
    await requestReset(citizen.username);
    await expect.poll(() => gateway.received.filter((s) => s.to === '+94771230001').length, { timeout: 20_000 }).toBe(1);
    const sms = gateway.received.find((s) => s.to === '+94771230001')!;
    const token = tokenIn(sms.text);
    expect(token).toBeDefined();
    expect((await confirm(token!, 'Sigiriya-Rock-77')).statusCode).toBe(200);
  });

  it('refuses a common password at the link, naming password, and the link still works afterwards', async () => {
    const citizen = await citizenWithMail();
    await requestReset(citizen.username);
    const token = await linkFor(citizen.email);
    const common = await confirm(token, 'iloveyou1');
    expect(common.statusCode).toBe(400);
    expect(common.json().error.code).toBe('password.common');
    expect(common.json().error.fieldKeys).toEqual({ password: 'passwordCommon' });
    expect((await signIn(citizen.username, citizen.password)).statusCode).toBe(200);
    expect((await confirm(token, 'Sigiriya-Rock-77')).statusCode).toBe(200);
  });

  it('refuses an expired, a forged and a garbage token', async () => {
    const citizen = await citizenWithMail();
    const tokens = passwordResetTokens(t.config.tokenSecret!);
    const [row] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, citizen.id));
    const now = Math.floor(Date.now() / 1000);
    const expired = tokens.issue(citizen.id, now - 1, row!.hash);
    const forged = passwordResetTokens('another-secret-another-secret-another').issue(citizen.id, now + 600, row!.hash);
    for (const token of [expired, forged, 'garbage', `${citizen.id}.${now + 600}.${'A'.repeat(43)}`, 'x'.repeat(200)]) {
      const res = await confirm(token, 'Sigiriya-Rock-77');
      expect(res.statusCode, token).toBe(400);
      expect(res.json().error.code, token).toBe('password.reset_link_invalid');
    }
    expect((await signIn(citizen.username, citizen.password)).statusCode).toBe(200);
    // The same making with a future expiry is accepted: what refused the first one was its age.
    expect((await confirm(tokens.issue(citizen.id, now + 600, row!.hash), 'Sigiriya-Rock-77')).statusCode).toBe(200);
  });

  it('a link asked for before the password changed no longer works', async () => {
    const citizen = await citizenWithMail();
    await requestReset(citizen.username);
    const token = await linkFor(citizen.email);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: bearer(citizen.token),
      payload: { current_password: citizen.password, new_password: 'Lotus-Pond-2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await confirm(token, 'Sigiriya-Rock-77')).statusCode).toBe(400);
  });

  it(`throttles per address (429 after ${PER_ADDRESS}) and per account (the same answer, nothing sent after ${PER_ACCOUNT})`, async () => {
    const address = '198.51.100.7';
    for (let i = 0; i < PER_ADDRESS; i++) expect((await requestReset(unique('nobody'), address)).statusCode).toBe(202);
    const refused = await requestReset(unique('nobody'), address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const citizen = await citizenWithMail();
    for (let i = 0; i < PER_ACCOUNT + 2; i++) {
      const res = await requestReset(citizen.username);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ accepted: true });
    }
    await expect.poll(() => mailsTo(citizen.email).length, { timeout: 20_000 }).toBe(PER_ACCOUNT);
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo(citizen.email)).toHaveLength(PER_ACCOUNT);
  });

  it('staff: nothing is sent (no address on file); a link still sets the password, audited, and sign-in asks the second factor', async () => {
    const officer = await createOfficer(t, 'Traffic Branch');
    expect((await requestReset(officer.username)).statusCode).toBe(202);
    const tokens = passwordResetTokens(t.config.tokenSecret!);
    const [row] = await t.database.db.select({ id: users.id, hash: users.passwordHash }).from(users).where(eq(users.username, officer.username));
    const res = await confirm(tokens.issue(row!.id, Math.floor(Date.now() / 1000) + 600, row!.hash), 'Temple-Trees-9');
    expect(res.statusCode, res.body).toBe(200);
    expect(await me(officer.token)).toBe(401);
    const next = await signIn(officer.username, 'Temple-Trees-9');
    expect(next.json()).toHaveProperty('mfa');
    const audited = await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.password_reset'), eq(auditLog.actorUsername, officer.username)));
    expect(audited).toHaveLength(1);
    const messages = await t.database.db.select().from(notificationMessages).where(eq(notificationMessages.recipientUserId, row!.id));
    expect(messages).toEqual([]);
  });
});
