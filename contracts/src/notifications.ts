import { z } from 'zod';
import { LANGUAGES } from './enums';
import { msg } from './messages';

// Messages to citizens (e-mail and SMS, in their language) and their delivery states; the account's preferences.

export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * queued: waiting to be sent (or for its moment: a reminder); sending: handed to the provider, answer not yet
 * recorded; sent: the provider accepted it; failed: every attempt failed (an administrator may retry);
 * kept: no provider is configured for its channel, so it is kept for the administrator to read (dev mailbox);
 * cancelled: no longer true before its moment came (a reminder of an appointment whose complaint was closed).
 */
export const NOTIFICATION_STATES = ['queued', 'sending', 'sent', 'failed', 'kept', 'cancelled'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

export const NOTIFICATION_TEMPLATES = [
  'complaint_filed',
  'complaint_status',
  'appointment_reminder',
  'clearance_paid',
  'clearance_status',
  'clearance_certificate_ready',
  'clearance_withdrawn',
  'fine_paid',
  'password_reset',
  // Account notices (issue 46): told to the account's owner whatever their message choices, never with a secret.
  'account_password_changed',
  'account_password_reset',
  'account_second_step_set_up',
  'account_second_step_reset',
  'account_second_step_locked',
  'account_sessions_ended',
  'account_new_device',
  'account_closed',
] as const;
export type NotificationTemplate = (typeof NOTIFICATION_TEMPLATES)[number];
/** The notice an account template is about (`account_closed` → `closed`). */
type NoticeOf<T> = T extends `account_${infer N}` ? N : never;
/** What an account notice is about: its template is `account_<notice>`. */
export const ACCOUNT_NOTICES = [
  'password_changed',
  'password_reset',
  'second_step_set_up',
  'second_step_reset',
  'second_step_locked',
  'sessions_ended',
  'new_device',
  'closed',
] as const satisfies ReadonlyArray<NoticeOf<NotificationTemplate>>;
export type AccountNotice = (typeof ACCOUNT_NOTICES)[number];

/** Rows per page of the administrator's message list. */
export const NOTIFICATIONS_PAGE_SIZE = 50;

export const preferencesSchema = z.object({
  language: z.enum(LANGUAGES, msg('invalidChoice')),
  notify_email: z.boolean(msg('invalidChoice')),
  notify_sms: z.boolean(msg('invalidChoice')),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const adminNotificationsQuerySchema = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS, msg('invalidChoice')).optional(),
  state: z.enum(NOTIFICATION_STATES, msg('invalidChoice')).optional(),
  /** An e-mail address or phone number, or its beginning. */
  recipient: z.string().trim().max(254, msg('tooLong')).optional(),
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, msg('invalidCursor'))
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, msg('invalidCursor'))
    .optional(),
});
export type AdminNotificationsQuery = z.input<typeof adminNotificationsQuerySchema>;

export const notificationMessageSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  recipient: z.string(),
  language: z.enum(LANGUAGES),
  template: z.enum(NOTIFICATION_TEMPLATES),
  state: z.enum(NOTIFICATION_STATES),
  attempts: z.number().int(),
  provider_answer: z.string().nullable(),
  subject: z.string().nullable(),
  /** The text as sent (or kept): shown to the administrator, the dev mailbox. */
  body: z.string(),
  send_after: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;

export const adminNotificationsSchema = z.object({
  messages: z.array(notificationMessageSchema),
  next_cursor: z.string().nullable(),
});
export type AdminNotifications = z.infer<typeof adminNotificationsSchema>;

export const notificationIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A failed message put back in the queue. */
export const notificationRetrySchema = z.object({ queued: z.literal(true) });
