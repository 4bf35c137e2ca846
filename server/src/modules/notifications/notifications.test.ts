import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, login, unique } from '../../../test/helpers';
import { complaintFields, createSlot, dayFromToday, submitComplaint } from '../complaints/complaints.fixtures';
import { startMailbox, startSmsGateway } from './notifications.fixtures';
import { notificationMessages } from './notifications.table';
import { DEMO_ADMIN_PASSWORD } from '../../seed/demo-accounts';

/**
 * Messages through real protocol servers in the process: SMTP (smtp-server, parsed by mailparser) and the
 * generic HTTP SMS gateway. A reminder lead of 5,000 minutes (about 3.5 days) puts the reminder of a slot
 * 3 days ahead in the past (none sent) and that of a slot 5 days ahead in the future (queued).
 */
describe.each(DB_KINDS)('notifications on %s', (kind) => {
  let t: TestApp;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  let admin: string;
  beforeAll(async () => {
    mailbox = await startMailbox();
    gateway = await startSmsGateway();
    t = await startTestApp(kind, {
      env: { SMTP_URL: mailbox.url(), SMS_HTTP_URL: gateway.url, SMS_HTTP_TOKEN: 'gateway-token', APPOINTMENT_REMINDER_MINUTES: '5000' },
    });
    admin = await login(t, 'admin', DEMO_ADMIN_PASSWORD, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.stop();
    await gateway?.close();
  });

  async function sinhalaCitizen() {
    const email = `${unique('kamal')}@example.lk`;
    const citizen = await createCitizen(t, { email });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/me/preferences',
      headers: bearer(citizen.token),
      payload: { language: 'si', notify_email: true, notify_sms: true },
    });
    expect(saved.statusCode).toBe(200);
    return { ...citizen, email };
  }
  const mailsTo = (email: string) => mailbox.mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === email);
  const messagesOf = (userId: number) => t.modules.notifications.messagesOf(userId);

  it('tells a Sinhala reader of the complaint by e-mail with a calendar file (UTC, stable UID) and by SMS, and of each status change', async () => {
    const citizen = await sinhalaCitizen();
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch', date: dayFromToday(3), time_from: '09:00', time_to: '09:30' });
    const filed = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id));
    expect(filed.statusCode).toBe(201);
    const reference: string = filed.json().complaint.reference_number;

    await expect.poll(() => mailsTo(citizen.email).length, { timeout: 20_000 }).toBe(1);
    const mail = mailsTo(citizen.email)[0]!;
    expect(mail.subject).toBe(`පැමිණිල්ල ${reference} ලැබුණි`);
    expect(mail.text).toContain('ශ්‍රී ලංකා පොලිසිය');
    expect(mail.text).toContain('/settings');
    const ics = [...mail.attachments.map((a) => a.content.toString('utf8')), ...(mail.text?.includes('BEGIN:VCALENDAR') ? [mail.text] : [])].find((c) =>
      c.includes('BEGIN:VCALENDAR'),
    );
    expect(ics).toBeDefined();
    // 09:00 in Colombo (UTC+05:30) is 03:30 UTC.
    expect(ics).toContain(`DTSTART:${dayFromToday(3).replace(/-/g, '')}T033000Z`);
    expect(ics).toContain(`UID:complaint-${reference}@eservices.police.lk`);

    await expect.poll(() => gateway.received.filter((s) => s.text.includes(reference)).length, { timeout: 20_000 }).toBe(1);
    const sms = gateway.received.find((s) => s.text.includes(reference))!;
    expect(sms.authorization).toBe('Bearer gateway-token');
    expect(sms.text.startsWith('ශ්‍රී ලංකා පොලිසිය')).toBe(true);
    // Two UCS-2 segments at most.
    expect(sms.text.length).toBeLessThanOrEqual(134);
    expect(sms.idempotencyKey).toBe(sms.reference);

    // The slot is 3 days ahead, the reminder lead about 3.5 days: its moment has passed, so none is queued.
    expect((await messagesOf(citizen.id)).filter((m) => m.template === 'appointment_reminder')).toEqual([]);

    const officer = await createOfficer(t, 'Traffic Branch', { station: 'Kollupitiya Police Station', adminToken: admin });
    const id = filed.json().complaint.id;
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/police/complaints/${id}/status`,
      headers: bearer(officer.token),
      payload: { status: 'In Progress' },
    });
    expect(changed.statusCode).toBe(200);
    await expect.poll(() => mailsTo(citizen.email).length, { timeout: 20_000 }).toBe(2);
    expect(mailsTo(citizen.email)[1]!.subject).toBe(`පැමිණිල්ල ${reference}: ක්‍රියාත්මක වෙමින්`);
    await expect.poll(() => gateway.received.filter((s) => s.text.includes(reference)).length, { timeout: 20_000 }).toBe(2);
    // The provider's acceptance is recorded just after it answers: the states are read once they have settled.
    await expect.poll(async () => (await messagesOf(citizen.id)).map((m) => m.state), { timeout: 20_000 }).toEqual(['sent', 'sent', 'sent', 'sent']);
  });

  it("saves the language a citizen signed up in as their account's language; refuses an unknown one, naming the field", async () => {
    const tamil = await createCitizen(t, { language: 'ta' });
    const preferences = await t.app.inject({ method: 'GET', url: '/api/me/preferences', headers: bearer(tamil.token) });
    expect(preferences.json()).toEqual({ language: 'ta', notify_email: true, notify_sms: true });
    // Without one (an older client): English.
    const plain = await createCitizen(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/preferences', headers: bearer(plain.token) })).json().language).toBe('en');
    await expect(createCitizen(t, { language: 'fr' })).rejects.toThrow(/"fields":\{"language"/);
  });

  it('queues the appointment reminder for its moment when that is still ahead, and cancels it when the complaint is closed first', async () => {
    const citizen = await sinhalaCitizen();
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch', date: dayFromToday(5), time_from: '10:00', time_to: '10:30' });
    const filed = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id));
    expect(filed.statusCode).toBe(201);
    await expect.poll(async () => (await messagesOf(citizen.id)).filter((m) => m.template === 'appointment_reminder').length, { timeout: 20_000 }).toBe(2);
    const reminders = (await messagesOf(citizen.id)).filter((m) => m.template === 'appointment_reminder');
    const start = Date.parse(`${dayFromToday(5)}T10:00:00+05:30`);
    for (const r of reminders) {
      expect(r.state).toBe('queued');
      expect(Date.parse(r.send_after)).toBe(start - 5000 * 60_000);
    }

    // A status that is not a closure leaves the reminders queued; a closure cancels them (its own message still goes).
    const officer = await createOfficer(t, 'Traffic Branch', { station: 'Kollupitiya Police Station', adminToken: admin });
    const setStatus = (status: string) =>
      t.app.inject({ method: 'PUT', url: `/api/police/complaints/${filed.json().complaint.id}/status`, headers: bearer(officer.token), payload: { status } });
    const reminderStates = async () => (await messagesOf(citizen.id)).filter((m) => m.template === 'appointment_reminder').map((m) => m.state);
    expect((await setStatus('In Progress')).statusCode).toBe(200);
    await expect.poll(async () => (await messagesOf(citizen.id)).filter((m) => m.template === 'complaint_status').length, { timeout: 20_000 }).toBe(2);
    expect(await reminderStates()).toEqual(['queued', 'queued']);
    expect((await setStatus('Resolved')).statusCode).toBe(200);
    await expect.poll(reminderStates, { timeout: 20_000 }).toEqual(['cancelled', 'cancelled']);
    await expect.poll(async () => (await messagesOf(citizen.id)).filter((m) => m.template === 'complaint_status').length, { timeout: 20_000 }).toBe(4);
  });

  it('keeps e-mails while the SMTP server is down and delivers each once when it is back', async () => {
    const citizen = await sinhalaCitizen();
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch', date: dayFromToday(3) });
    await mailbox.stop();
    const filed = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id));
    expect(filed.statusCode).toBe(201);
    const email = async () => (await messagesOf(citizen.id)).find((m) => m.channel === 'email' && m.template === 'complaint_filed');
    // The first attempt failed and was recorded: back in the queue for a retry, with the refusal kept.
    await expect
      .poll(
        async () => {
          const m = await email();
          return m && m.attempts >= 1 && m.state;
        },
        { timeout: 20_000 },
      )
      .toBe('queued');
    expect((await email())!.provider_answer).toBeTruthy();
    expect(mailsTo(citizen.email)).toEqual([]);

    await mailbox.start();
    await expect.poll(async () => (await email())?.state, { timeout: 60_000, interval: 500 }).toBe('sent');
    // Nothing more arrives after it was sent.
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo(citizen.email)).toHaveLength(1);
  }, 90_000);
  it("lets an administrator retry a failed message, which is then sent once; refuses others' retries and other states", async () => {
    const citizen = await sinhalaCitizen();
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch', date: dayFromToday(3) });
    const filed = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id));
    expect(filed.statusCode).toBe(201);
    const email = async () => (await messagesOf(citizen.id)).find((m) => m.channel === 'email' && m.template === 'complaint_filed');
    await expect.poll(async () => (await email())?.state, { timeout: 20_000 }).toBe('sent');
    const sent = (await email())!;
    const retry = (id: number, token: string) => t.app.inject({ method: 'POST', url: `/api/admin/notifications/${id}/retry`, headers: bearer(token) });

    // A sent message is not retried; nor one that does not exist; nor by anyone but an administrator.
    expect((await retry(sent.id, admin)).json().error.code).toBe('notifications.not_retryable');
    expect((await retry(2_000_000_000, admin)).statusCode).toBe(404);
    expect((await retry(sent.id, citizen.token)).statusCode).toBe(403);

    // As after its last attempt failed: the administrator's retry queues it, and it goes out once more.
    await t.database.db
      .update(notificationMessages)
      .set({ state: 'failed', providerAnswer: '421 service not available' })
      .where(eq(notificationMessages.id, sent.id));
    const before = mailsTo(citizen.email).length;
    const retried = await retry(sent.id, admin);
    expect(retried.statusCode).toBe(202);
    await expect.poll(async () => (await email())?.state, { timeout: 20_000 }).toBe('sent');
    expect((await email())!.attempts).toBe(sent.attempts + 1);
    await expect.poll(() => mailsTo(citizen.email).length, { timeout: 20_000 }).toBe(before + 1);
    // A second retry of the same message, now sent again, is refused.
    expect((await retry(sent.id, admin)).statusCode).toBe(409);
  }, 60_000);
});
