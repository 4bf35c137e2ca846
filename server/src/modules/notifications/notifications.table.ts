import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LANGUAGES, NOTIFICATION_CHANNELS, NOTIFICATION_STATES } from '@pes/contracts';
import { users } from '../users/users.table';
import type { MessageParams } from './notifications.templates';

export const notificationChannelEnum = pgEnum('notification_channel', NOTIFICATION_CHANNELS);
export const notificationStateEnum = pgEnum('notification_state', NOTIFICATION_STATES);
export const languageEnum = pgEnum('language', LANGUAGES);

/**
 * One message to one address on one channel. Its text is rendered when it is queued (what the administrator reads of
 * a message kept or waiting) and again, in the recipient's language of that moment, when it is sent: `params` keeps
 * what the template is filled with.
 */
export const notificationMessages = pgTable(
  'notification_messages',
  {
    id: serial('id').primaryKey(),
    /** Quoted to the provider and in the text's footer: finds the message from a citizen's question. */
    reference: text('reference').notNull(),
    recipientUserId: integer('recipient_user_id')
      .notNull()
      .references(() => users.id),
    channel: notificationChannelEnum('channel').notNull(),
    /** The e-mail address or phone number it went to. */
    recipient: text('recipient').notNull(),
    language: languageEnum('language').notNull(),
    template: text('template').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** An e-mail's calendar file (.ics), when the message is about an appointment. */
    calendar: text('calendar'),
    /** The template's values (and an appointment's, for its calendar file): the text is rendered from them at sending. */
    params: jsonb('params').$type<MessageParams>(),
    state: notificationStateEnum('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    providerAnswer: text('provider_answer'),
    /** One message per event, template and channel: a retried event queues nothing twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The record it is about (`complaint:12`), where a later change may cancel it: a reminder. */
    about: text('about'),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_messages_reference_uq').on(t.reference),
    uniqueIndex('notification_messages_idempotency_uq').on(t.idempotencyKey),
    // The administrator's list: newest first, by state, by channel, by recipient prefix.
    index('notification_messages_state_idx').on(t.state, t.id),
    index('notification_messages_channel_idx').on(t.channel, t.id),
    index('notification_messages_recipient_prefix_idx').on(sql`lower(${t.recipient}) text_pattern_ops`),
    index('notification_messages_user_idx').on(t.recipientUserId),
    index('notification_messages_about_idx')
      .on(t.about)
      .where(sql`${t.state} = 'queued'`),
  ],
);

/** An account's language (the UI's choice, used for its messages) and the channels it wants messages on. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  language: languageEnum('language').notNull().default('en'),
  notifyEmail: boolean('notify_email').notNull().default(true),
  notifySms: boolean('notify_sms').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
