import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@pes/contracts';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, login, unique } from '../../../test/helpers';
import { issueFine, post } from '../fines/fines.fixtures';
import { complaintFields, createSlot, dayFromToday, submitComplaint } from '../complaints/complaints.fixtures';
import { startMailbox, startSmsGateway } from './notifications.fixtures';
import { DEMO_ADMIN_PASSWORD } from '../../seed/demo-accounts';

/**
 * Messages in the recipient's language: the one the account was signed up in, and, for a message that waits (a
 * reminder), the one of the moment it is sent. Real SMTP and SMS gateway in the process; a reminder lead of 5,000
 * minutes (about 3.5 days) queues the reminder of a slot 5 days ahead for later.
 */
describe.each(DB_KINDS)('messages in the recipient’s language on %s', (kind) => {
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

  const mailsTo = (email: string) => mailbox.mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === email);
  const messagesOf = (userId: number) => t.modules.notifications.messagesOf(userId);
  async function citizenIn(language: Language) {
    const email = `${unique('amal')}@example.lk`;
    return { ...(await createCitizen(t, { email, language })), email };
  }

  it.each([
    ['si', (reference: string) => `පැමිණිල්ල ${reference} ලැබුණි`, 'කොම්පඤ්ඤවීදිය පොලිසිය', 'පොලිස් හමුවීම: පැමිණිල්ල', 'හැඳුනුම්පත'],
    ['ta', (reference: string) => `முறைப்பாடு ${reference} பெறப்பட்டது`, 'கொம்பனித்தெரு பொலிஸ்', 'பொலிஸ் சந்திப்பு: முறைப்பாடு', 'அடையாள அட்டை'],
  ] as const)(
    'sends the first e-mail of an account signed up in %s in that language, the station named as the pages name it',
    async (language, subject, station, title, bring) => {
      const citizen = await citizenIn(language);
      const slot = await createSlot(t, admin, { branch: 'Traffic Branch', station: 'Slave Island Police', date: dayFromToday(3) });
      const filed = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id, { station: 'Slave Island Police' }));
      expect(filed.statusCode).toBe(201);
      await expect.poll(() => mailsTo(citizen.email).length, { timeout: 20_000 }).toBe(1);
      expect(mailsTo(citizen.email)[0]!.subject).toBe(subject(filed.json().complaint.reference_number));
      expect((await messagesOf(citizen.id)).map((m) => m.language)).toEqual([language, language]);
      const mail = mailsTo(citizen.email)[0]!;
      expect(mail.text).toContain(station);
      expect(mail.text).not.toContain('Slave Island');
      const reference: string = filed.json().complaint.reference_number;
      // The calendar file, its folded lines joined: titled as the appointment (what, where), described (reference, what
      // to bring), with an alarm at the reminder's lead.
      const ics = mail.attachments.map((a) => a.content.toString('utf8').replace(/\r\n /g, '')).find((c) => c.includes('BEGIN:VCALENDAR'))!;
      expect(ics).toContain(`LOCATION:${station}`);
      expect(ics).toContain(`SUMMARY:${title} ${reference}\\, ${station}`);
      expect(ics).toMatch(new RegExp(`DESCRIPTION:[^\r\n]*${reference}[^\r\n]*${bring}`));
      expect(ics).toContain('BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT5000M');
      await expect.poll(() => gateway.received.filter((s) => s.text.includes(reference)).length, { timeout: 20_000 }).toBe(1);
      expect(gateway.received.find((s) => s.text.includes(reference))!.text).toContain(station);
    },
  );

  it('renders a waiting reminder in the language the recipient has when it is sent, not the one they booked in', async () => {
    const citizen = await citizenIn('en');
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch', date: dayFromToday(5), time_from: '11:00', time_to: '11:30' });
    const filed = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id));
    expect(filed.statusCode).toBe(201);
    const reference: string = filed.json().complaint.reference_number;
    const reminders = async () => (await messagesOf(citizen.id)).filter((m) => m.template === 'appointment_reminder');
    await expect.poll(async () => (await reminders()).length, { timeout: 20_000 }).toBe(2);
    // Queued while the account was in English: the stored preview says so.
    expect((await reminders()).map((m) => [m.language, m.state])).toEqual([
      ['en', 'queued'],
      ['en', 'queued'],
    ]);

    const switched = await t.app.inject({
      method: 'PUT',
      url: '/api/me/preferences',
      headers: bearer(citizen.token),
      payload: { language: 'ta', notify_email: true, notify_sms: true },
    });
    expect(switched.statusCode).toBe(200);

    // The reminders' moment comes: their jobs are due now, and the queue's own workers send them.
    const ids = (await reminders()).map((m) => String(m.id));
    await t.database.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'notification-send' and state = 'created' and data->>'messageId' in ${sql.raw(`(${ids.map((id) => `'${Number(id)}'`).join(', ')})`)}`,
    );
    await expect.poll(async () => (await reminders()).map((m) => m.state), { timeout: 20_000 }).toEqual(['sent', 'sent']);

    const mail = mailsTo(citizen.email).find((m) => m.subject?.includes('நினைவூட்டல்'));
    expect(mail?.subject).toBe(`நினைவூட்டல்: ${reference} சந்திப்பு`);
    expect(mail?.text).toContain('இலங்கை பொலிஸ்');
    const smsOf = (words: string) => gateway.received.filter((s) => s.text.includes(reference) && s.text.includes(words));
    expect(smsOf('reminder')).toEqual([]);
    const [sms] = smsOf('இலங்கை பொலிஸ் நினைவூட்டல்');
    expect(sms).toBeDefined();
    // What the administrator reads is what was sent.
    expect((await reminders()).map((m) => m.language)).toEqual(['ta', 'ta']);
    expect((await reminders()).find((m) => m.channel === 'sms')?.body).toBe(sms!.text);
  });

  it('sends the receipt of a paid fine in the payer’s language: vehicle, offence, date, amount and payment reference; a court appearance still required, by e-mail and SMS', async () => {
    const citizen = await citizenIn('ta');
    const officer = await createOfficer(t, 'Traffic Fine Branch', { adminToken: admin });
    const fine = await issueFine(t, officer.token, {
      citizen_identity_number: citizen.identityNumber,
      vehicle_number: 'WP KA-4321',
      amount: '7500',
      offense_type: 'Reckless Driving',
      incident_date: `${dayFromToday(-1)}T18:30`,
      court_required: true,
    });
    const init = await post(t, `/api/fines/${fine.id}/initiate-payment`, citizen.token, {});
    const sessionId = (init.json().url as string).split('/').pop()!;
    const card = { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', cardholder_name: 'Kumaran Selvam' };
    expect((await post(t, `/api/payments/sandbox/sessions/${sessionId}/pay`, undefined, card)).statusCode).toBe(200);
    const receipt = (await post(t, `/api/fines/${fine.id}/mark-paid`, citizen.token, { session_id: sessionId })).json();

    await expect.poll(() => mailsTo(citizen.email).length, { timeout: 20_000 }).toBe(1);
    const mail = mailsTo(citizen.email)[0]!;
    expect(mail.subject).toBe('பற்றுச்சீட்டு: WP KA-4321 அபராதம் செலுத்தப்பட்டது');
    for (const part of ['WP KA-4321', 'பொறுப்பற்ற வாகனச் செலுத்துகை', dayFromToday(-1), 'LKR 7,500.00', 'நீதிமன்றில் ஆஜராவது இன்னும் அவசியம்'])
      expect(mail.text).toContain(part);
    const reference = receipt.payment_reference ?? 'இணைய அட்டைக் கொடுப்பனவு';
    expect(mail.text).toContain(`கொடுப்பனவுக் குறிப்பு இலக்கம்: ${reference}`);
    // Never the fine's internal id.
    expect(mail.text).not.toContain(fine.id);
    await expect.poll(() => gateway.received.filter((s) => s.text.includes('WP KA-4321')).length, { timeout: 20_000 }).toBe(1);
    expect(gateway.received.find((s) => s.text.includes('WP KA-4321'))!.text).toContain('நீதிமன்றில் ஆஜராவது இன்னும் அவசியம்');
  });
});
