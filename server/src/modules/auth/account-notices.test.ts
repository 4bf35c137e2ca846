import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, unique } from '../../../test/helpers';
import { startMailbox, startSmsGateway } from '../notifications/notifications.fixtures';

const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * Issue 46: the owner of an account hears, by e-mail and SMS in their language, when its password is changed or reset,
 * other sessions are ended, a sign-in comes from a new device, or it is closed: when, from which browser and network,
 * and what to do if it was not them. Never with a secret in it.
 */
describe.each(DB_KINDS)('account notices on %s', (kind) => {
  let t: TestApp;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  beforeAll(async () => {
    mailbox = await startMailbox();
    gateway = await startSmsGateway();
    t = await startTestApp(kind, { env: { SMTP_URL: mailbox.url(), SMS_HTTP_URL: gateway.url, SMS_HTTP_TOKEN: 'gateway-token' } });
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.stop();
    await gateway?.close();
  });

  /** A citizen with an e-mail of their own, reading in `language`, who chose no messages at all (notices come anyway). */
  async function citizenIn(language: 'en' | 'si' | 'ta') {
    const email = `${unique('notice')}@example.lk`;
    const mobile = `+9477${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const citizen = await createCitizen(t, { email, mobile_number: mobile });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/me/preferences',
      headers: bearer(citizen.token),
      payload: { language, notify_email: false, notify_sms: false },
    });
    expect(saved.statusCode).toBe(200);
    return { ...citizen, email, mobile };
  }
  const mailsTo = (email: string) => mailbox.mails.filter((m: ParsedMail) => m.to && !Array.isArray(m.to) && m.to.text === email);
  const smsTo = (mobile: string) => gateway.received.filter((s) => s.to === mobile);
  const signIn = (who: { username: string; password: string }, remoteAddress: string, userAgent: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: { 'user-agent': userAgent },
      payload: { username: who.username, password: who.password },
    });

  /** Nothing the account's secrets could be read from: the passwords given, any token or link with one. */
  function expectNoSecret(text: string, secrets: string[]) {
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/token=|reset-password\?|eyJ[A-Za-z0-9_-]{10,}/);
  }

  it('tells of a password change by e-mail and SMS, in Tamil, with when, the browser and the network, and no password', async () => {
    const citizen = await citizenIn('ta');
    const newPassword = 'Mango-Lagoon-Harbour-61';
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      remoteAddress: '203.0.113.77',
      headers: { ...bearer(citizen.token), 'user-agent': FIREFOX_ANDROID },
      payload: { current_password: citizen.password, new_password: newPassword },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    await expect.poll(() => mailsTo(citizen.email).length, { timeout: 20_000 }).toBe(1);
    const mail = mailsTo(citizen.email)[0]!;
    expect(mail.subject).toBe('உங்கள் கடவுச்சொல் மாற்றப்பட்டது');
    expect(mail.text).toContain(citizen.username);
    expect(mail.text).toContain('Firefox 133 on Android');
    expect(mail.text).toContain('203.0.113.0/24');
    expect(mail.text).not.toContain('203.0.113.77');
    expect(mail.text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(mail.text).toContain(`${t.config.publicUrl}/forgot-password`);
    expectNoSecret(mail.text ?? '', [citizen.password, newPassword, citizen.token]);
    await expect.poll(() => smsTo(citizen.mobile).length, { timeout: 20_000 }).toBe(1);
    expectNoSecret(smsTo(citizen.mobile)[0]!.text, [citizen.password, newPassword, citizen.token]);
  });

  it('tells of a password set through a reset link, without the link', async () => {
    const citizen = await citizenIn('en');
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { username: citizen.username }, remoteAddress: '198.51.100.9' });
    await expect.poll(() => mailsTo(citizen.email).length, { timeout: 20_000 }).toBe(1);
    const token = /\/reset-password\?token=([A-Za-z0-9._-]+)/.exec(mailsTo(citizen.email)[0]!.text ?? '')![1]!;
    const newPassword = 'Kite-Rambutan-Drizzle-47';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      remoteAddress: '198.51.100.9',
      payload: { token, password: newPassword },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expect.poll(() => mailsTo(citizen.email).length, { timeout: 20_000 }).toBe(2);
    const notice = mailsTo(citizen.email)[1]!;
    expect(notice.subject).toBe('Your password was reset');
    expect(notice.text).toContain('198.51.100.0/24');
    expectNoSecret(notice.text ?? '', [token, newPassword, citizen.password]);
    // The stored copy (the administrators' list) holds no secret either.
    const stored = await t.modules.notifications.messagesOf(citizen.id);
    for (const message of stored.filter((m) => m.template === 'account_password_reset')) expectNoSecret(message.body, [token, newPassword]);
  });

  it('tells of a sign-in from a new device (browser and system with the network), not of one already known', async () => {
    const citizen = await citizenIn('si');
    // Known: the same browser family and network again (another version, another address of the /24).
    expect((await signIn(citizen, '192.0.2.10', CHROME_WINDOWS)).statusCode).toBe(200);
    expect((await signIn(citizen, '192.0.2.11', CHROME_WINDOWS.replace('131.0', '132.0'))).statusCode).toBe(200);
    // New: another browser on another network.
    expect((await signIn(citizen, '100.64.7.20', FIREFOX_ANDROID)).statusCode).toBe(200);
    // The account's first device (its sign-up's sign-in) is nobody's news; Chrome on Windows from 192.0.2.0/24 and the
    // Android phone are new: two notices, not three.
    await expect.poll(() => mailsTo(citizen.email).length, { timeout: 20_000 }).toBe(2);
    const android = mailsTo(citizen.email).find((m) => m.text?.includes('Firefox 133 on Android'));
    expect(android?.subject).toBe('ඔබගේ ගිණුමට නව පිවිසුමක්');
    expect(android?.text).toContain('100.64.7.0/24');
  });

  it('tells of sessions ended from another device', async () => {
    const citizen = await citizenIn('en');
    const other = await signIn(citizen, '127.0.0.1', 'test');
    expect(other.statusCode).toBe(200);
    const ended = await t.app.inject({
      method: 'POST',
      url: '/api/me/sessions/end-others',
      remoteAddress: '127.0.0.1',
      headers: { ...bearer(citizen.token), 'user-agent': CHROME_WINDOWS },
    });
    expect(ended.json().ended).toBeGreaterThanOrEqual(1);
    await expect.poll(() => mailsTo(citizen.email).some((m) => m.subject === 'You were signed out on your other devices'), { timeout: 20_000 }).toBe(true);
  });

  it('tells a closed account that it was closed', async () => {
    const citizen = await citizenIn('en');
    const closed = await t.app.inject({ method: 'POST', url: '/api/me/close', headers: bearer(citizen.token), payload: { password: citizen.password } });
    expect(closed.statusCode, closed.body).toBe(200);
    await expect.poll(() => mailsTo(citizen.email).some((m) => m.subject === 'Your account was closed'), { timeout: 20_000 }).toBe(true);
    const mail = mailsTo(citizen.email).find((m) => m.subject === 'Your account was closed')!;
    expect(mail.text).toContain('nearest police station');
    expectNoSecret(mail.text ?? '', [citizen.password, citizen.token]);
  });
});
