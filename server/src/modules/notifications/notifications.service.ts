import { randomBytes } from 'node:crypto';
import {
  NOTIFICATIONS_PAGE_SIZE,
  workloadClass,
  type AdminNotifications,
  type AdminNotificationsQuery,
  type Language,
  type NotificationChannel,
  type NotificationTemplate,
  type Preferences,
  ACCOUNT_DEVICES_PATH,
  FORGOT_PASSWORD_PATH,
} from '@pes/contracts';
import { appError } from '../../app-error';
import type { Database, DbOrTx } from '../../db/client';
import type { JobContext, JobQueue } from '../jobs/jobs.service';
import type { DomainEvent, RecordedEvent } from '../jobs/domain-events';
import type { StationsService } from '../stations/stations.service';
import type { UsersService } from '../users/users.service';
import { appointmentCalendar, appointmentStart } from './notifications.calendar';
import type { EmailSender, SmsProvider } from './notifications.providers';
import type { MessageRow, NewMessage, NotificationsRepository } from './notifications.repository';
import { calendarTexts, NO_PAYMENT_REFERENCE, renderMessage, type MessageParams, type TemplateValues } from './notifications.templates';

/** An account that never chose: English, both channels (the citizen gave both at sign-up). */
export const DEFAULT_PREFERENCES: Preferences = { language: 'en', notify_email: true, notify_sms: true };

/** What one event sends: a template on some channels, now or at a moment (a reminder). */
interface Planned {
  template: NotificationTemplate;
  channels: NotificationChannel[];
  values: TemplateValues;
  sendAfter?: Date;
  appointment?: MessageParams['appointment'];
  /** The record a later change may cancel it for (a reminder's complaint). */
  about?: string;
  /**
   * A message the account must get whatever its channel choices (a password-reset link): on the first of `channels`
   * the account has an address for, and only that one.
   */
  required?: boolean;
  /** A message the account gets on every one of `channels` it has an address for, whatever its choices (an account notice). */
  always?: boolean;
}

/** An instant as a Colombo wall-clock time, "2026-11-29 16:05" (account notices say "Sri Lanka time" beside it). */
const colomboTime = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Colombo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );

/**
 * Stands in a stored message for a secret part of it (a password-reset link), which is never stored: the row an
 * administrator can read says this, and the sender puts the secret in at the moment of sending (`registerSecret`).
 */
export const WITHHELD_SECRET = '[link sent to the recipient only]';

const BOTH: NotificationChannel[] = ['email', 'sms'];
const hhmm = (time: string) => time.slice(0, 5);
const rupees = (cents: number) => `LKR ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

function plan(event: DomainEvent, reminderMinutes: number, now: Date): Planned[] {
  switch (event.type) {
    case 'complaint.filed': {
      const a = event.appointment;
      const values = { reference: event.reference, ...(a && { date: a.date, time: hhmm(a.time_from), station: a.station }) };
      const filed: Planned = { template: 'complaint_filed', channels: BOTH, values, ...(a && { appointment: a }) };
      if (!a) return [filed];
      const remindAt = new Date(appointmentStart(a).getTime() - reminderMinutes * 60_000);
      // No reminder when its moment has passed already: the appointment is sooner than the reminder's lead.
      const reminder: Planned = { template: 'appointment_reminder', channels: BOTH, values, sendAfter: remindAt, about: complaintKey(event.complaintId) };
      return remindAt > now ? [filed, reminder] : [filed];
    }
    case 'complaint.status_changed':
      return [{ template: 'complaint_status', channels: BOTH, values: { reference: event.reference, status: event.status } }];
    case 'clearance.paid':
      return [{ template: 'clearance_paid', channels: BOTH, values: { reference: event.reference } }];
    case 'clearance.status_changed':
      return [{ template: 'clearance_status', channels: BOTH, values: { reference: event.reference, status: event.status } }];
    case 'clearance.certificate_ready':
      return [{ template: 'clearance_certificate_ready', channels: BOTH, values: { reference: event.reference } }];
    case 'clearance.withdrawn':
      return [{ template: 'clearance_withdrawn', channels: BOTH, values: { reference: event.reference } }];
    case 'fine.paid': {
      const r = event.receipt;
      const values = {
        reference: r.paymentReference ?? '',
        amount: rupees(event.amountCents),
        vehicle: r.vehicleNumber,
        offense: r.offenseType,
        date: r.incidentDate,
        ...(r.courtRequired && { court: 'required' }),
      };
      // A receipt, by e-mail; by SMS too when a court appearance is still required, which the payer must not miss.
      return [{ template: 'fine_paid', channels: r.courtRequired ? BOTH : ['email'], values }];
    }
    case 'password.reset_asked':
      return [];
    case 'account.notice':
      return [
        {
          template: `account_${event.notice}`,
          channels: BOTH,
          always: true,
          values: {
            reference: event.username,
            username: event.username,
            when: colomboTime(event.at),
            device: event.device ?? '',
            network: event.network ?? '',
          },
        },
      ];
    case 'password.reset_requested': {
      const minutes = String(Math.max(1, Math.round((event.expiresAt * 1000 - now.getTime()) / 60_000)));
      return [
        {
          template: 'password_reset',
          channels: BOTH,
          required: true,
          values: { reference: event.username, username: event.username, minutes, link: WITHHELD_SECRET },
          about: `password-reset:${event.expiresAt}:${event.binding}`,
        },
      ];
    }
  }
}

const complaintKey = (id: number) => `complaint:${id}`;

/** What an event makes untrue among the messages still waiting: a closed complaint's appointment reminder. */
function cancelledBy(event: DomainEvent): { about: string; template: NotificationTemplate; reason: string } | null {
  if (event.type === 'complaint.status_changed' && workloadClass(event.status) === 'completed')
    return { about: complaintKey(event.complaintId), template: 'appointment_reminder', reason: `complaint closed: ${event.status}` };
  return null;
}

/** The account an event's messages go to; undefined for an event that tells nobody (a reset asked for a name). */
const recipientOf = (event: DomainEvent) =>
  'citizenUserId' in event ? event.citizenUserId : 'payerUserId' in event ? event.payerUserId : 'userId' in event ? event.userId : undefined;
const newReference = () => `N${randomBytes(6).toString('hex').toUpperCase()}`;

function toView(row: MessageRow) {
  return {
    id: row.id,
    reference: row.reference,
    channel: row.channel,
    recipient: row.recipient,
    language: row.language,
    template: row.template as NotificationTemplate,
    state: row.state,
    attempts: row.attempts,
    provider_answer: row.providerAnswer,
    subject: row.subject,
    body: row.body,
    send_after: row.sendAfter.toISOString(),
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * Messages to citizens about their own records, in their language, on the channels they chose: queued from
 * domain events (one message per event, template and channel), sent by jobs with retries; kept for the
 * administrator to read when no provider serves the channel. Never to an anonymous reporter: anonymous
 * reports record no events, and every event names a citizen account.
 */
export function createNotificationsService(deps: {
  db: Database;
  /** The administrator's list: the staff pages' own pool (DatabaseHandle.staffReads). */
  staffReads: Database;
  notifications: NotificationsRepository;
  users: Pick<UsersService, 'contactOf'>;
  stations: Pick<StationsService, 'localisedName'>;
  jobs: JobQueue;
  email?: EmailSender;
  sms?: SmsProvider;
  publicUrl: string;
  reminderMinutes: number;
}) {
  const { db, staffReads, notifications, users, jobs } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');
  const settingsUrl = `${base}/settings`;
  /** Where an account notice sends its reader when it was not them. */
  const noticeLinks = { forgot: `${base}${FORGOT_PASSWORD_PATH}`, devices: `${base}${ACCOUNT_DEVICES_PATH}` };
  const providerFor = (channel: NotificationChannel) => (channel === 'email' ? deps.email : deps.sms);
  /** Per template, what makes its withheld secret at sending (undefined: no longer valid, the message is not sent). */
  const secrets = new Map<NotificationTemplate, (message: { recipientUserId: number; about: string | null }) => Promise<string | undefined>>();

  /**
   * A message's text in a language: the subject and calendar file are an e-mail's only. A station is named as the pages
   * name it in that language (events carry its English name).
   */
  async function compose(template: NotificationTemplate, channel: NotificationChannel, language: Language, params: MessageParams, reference: string) {
    const stationIn = (name: string | undefined) => (name === undefined ? undefined : deps.stations.localisedName(name, language));
    const values = {
      ...params.values,
      station: await stationIn(params.values.station),
      ...(template === 'fine_paid' && !params.values.reference && { reference: NO_PAYMENT_REFERENCE[language] }),
      ...(template.startsWith('account_') && noticeLinks),
    };
    const text = renderMessage(template, language, values, { message: reference, settings: settingsUrl });
    const appointment = params.appointment && { ...params.appointment, station: (await stationIn(params.appointment.station))! };
    const calendar =
      channel === 'email' && appointment
        ? appointmentCalendar({
            reference: params.values.reference,
            ...appointment,
            ...calendarTexts(language, { ...values, date: appointment.date, time: appointment.time_from.slice(0, 5) }),
            reminderMinutes: deps.reminderMinutes,
          })
        : null;
    return { language, subject: channel === 'email' ? text.subject : null, body: channel === 'email' ? text.email : text.sms, calendar };
  }

  async function preferencesOf(userId: number) {
    return (await notifications.preferences(userId)) ?? DEFAULT_PREFERENCES;
  }

  /** Queues the event's messages (and their jobs) in one transaction; a retried event adds nothing. */
  async function onEvent(event: RecordedEvent) {
    const userId = recipientOf(event);
    if (userId === undefined) return;
    // A closed account still hears that it was closed; anything else goes to active accounts only.
    const contact = await users.contactOf(userId, { includeClosed: event.type === 'account.notice' && event.notice === 'closed' });
    if (!contact) return;
    const prefs = await preferencesOf(userId);
    const wanted = (c: NotificationChannel) => (c === 'email' ? prefs.notify_email : prefs.notify_sms);
    const reachable = (c: NotificationChannel) => (c === 'email' ? !!contact.email : !!contact.mobileNumber);
    const now = new Date();
    const messages: NewMessage[] = [];
    for (const p of plan(event, deps.reminderMinutes, now)) {
      const channels = p.required ? p.channels.filter(reachable).slice(0, 1) : p.always ? p.channels.filter(reachable) : p.channels.filter(wanted);
      const params: MessageParams = { values: p.values, ...(p.appointment && { appointment: p.appointment }) };
      for (const channel of channels) {
        const reference = newReference();
        messages.push({
          reference,
          recipientUserId: userId,
          channel,
          recipient: channel === 'email' ? contact.email : contact.mobileNumber,
          template: p.template,
          // Rendered now for the administrator's list (a kept message is never sent); rendered again at sending.
          ...(await compose(p.template, channel, prefs.language, params, reference)),
          params,
          state: providerFor(channel) ? 'queued' : 'kept',
          idempotencyKey: `${event.id}:${p.template}:${channel}`,
          about: p.about ?? null,
          sendAfter: p.sendAfter ?? now,
        });
      }
    }
    const cancels = cancelledBy(event);
    await db.transaction(async (tx) => {
      // Their jobs still run at the moment, find the message no longer queued and send nothing.
      if (cancels) await notifications.cancelWaiting(cancels.about, cancels.template, cancels.reason, tx);
      for (const message of messages) {
        const id = await notifications.insert(message, tx);
        if (id !== undefined && message.state === 'queued') await jobs.enqueue(tx, 'notification-send', { messageId: id }, { startAfter: message.sendAfter });
      }
    });
  }

  /**
   * Sends one message. The attempt is recorded before the provider is called, and its answer after: a crash
   * in between leaves it `sending`, and the job's retry sends it again. The SMS gateway gets the same
   * idempotency key and drops the repeat; SMTP has no such key, so an e-mail may arrive twice then (at
   * most once more per crash, with the same Message-ID).
   */
  async function deliver(data: Record<string, unknown>, job: JobContext) {
    const message = await notifications.claimForSending(Number(data.messageId));
    if (!message) return;
    const provider = providerFor(message.channel);
    if (!provider) {
      await notifications.recordOutcome(message.id, 'kept', 'no provider configured for this channel');
      return;
    }
    // In the recipient's language now, which may have changed since the message was queued (a reminder days later).
    const current = message.params
      ? await compose(
          message.template as NotificationTemplate,
          message.channel,
          (await preferencesOf(message.recipientUserId)).language,
          message.params,
          message.reference,
        )
      : message;
    if (message.params) await notifications.recordRendering(message.id, current);
    let text = current.body;
    const secretOf = secrets.get(message.template as NotificationTemplate);
    if (secretOf) {
      const secret = await secretOf(message);
      if (secret === undefined) {
        await notifications.recordOutcome(message.id, 'cancelled', 'no longer valid at sending');
        return;
      }
      text = text.replaceAll(WITHHELD_SECRET, secret);
    }
    try {
      const answer =
        message.channel === 'email'
          ? await deps.email!.send({
              to: message.recipient,
              subject: current.subject ?? '',
              text,
              calendar: current.calendar,
              key: message.idempotencyKey,
            })
          : await deps.sms!.send({ to: message.recipient, text, reference: message.idempotencyKey });
      await notifications.recordOutcome(message.id, 'sent', answer);
    } catch (err) {
      const answer = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      await notifications.recordOutcome(message.id, job.lastAttempt ? 'failed' : 'queued', answer);
      throw err;
    }
  }

  return {
    onEvent,
    deliver,
    /**
     * Makes a template's secret part (stored as WITHHELD_SECRET) at the moment each of its messages is sent, from
     * the message's recipient and `about`; undefined cancels the message.
     */
    registerSecret(template: NotificationTemplate, make: (message: { recipientUserId: number; about: string | null }) => Promise<string | undefined>) {
      secrets.set(template, make);
    },
    preferencesOf,
    /** In `tx` where given: a new account's language is saved with the account. */
    savePreferences: (userId: number, p: Preferences, tx?: DbOrTx) => notifications.savePreferences(userId, p, tx),

    async list(query: Omit<AdminNotificationsQuery, 'cursor'> & { cursor?: number }): Promise<AdminNotifications> {
      const rows = await notifications.list(query, NOTIFICATIONS_PAGE_SIZE + 1, staffReads);
      const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
      return { messages: page.map(toView), next_cursor: rows.length > NOTIFICATIONS_PAGE_SIZE ? String(page[page.length - 1]!.id) : null };
    },

    /** A failed message queued again, with its job, in one transaction. */
    async retry(id: number) {
      const requeued = await db.transaction(async (tx) => {
        if (!(await notifications.requeueFailed(id, tx))) return false;
        await jobs.enqueue(tx, 'notification-send', { messageId: id });
        return true;
      });
      if (requeued) return;
      throw (await notifications.exists(id)) ? appError('notifications.not_retryable') : appError('notifications.not_found');
    },

    /** A citizen's messages, oldest first (tests and support). */
    messagesOf: async (userId: number) => (await notifications.byRecipientUser(userId)).map(toView),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
