import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AdminNotificationsQuery, Language, NotificationChannel, NotificationState, NotificationTemplate, Preferences } from '@pes/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { likeEscape } from '../../db/sql';
import { notificationMessages, notificationPreferences } from './notifications.table';
import type { MessageParams } from './notifications.templates';

export type MessageRow = typeof notificationMessages.$inferSelect;

export interface NewMessage {
  reference: string;
  recipientUserId: number;
  channel: NotificationChannel;
  recipient: string;
  language: Language;
  template: NotificationTemplate;
  subject: string | null;
  body: string;
  calendar: string | null;
  params: MessageParams | null;
  state: NotificationState;
  idempotencyKey: string;
  /** The record a later change may cancel it for (`complaint:12`); null when nothing can. */
  about: string | null;
  sendAfter: Date;
}

export function createNotificationsRepository(db: Database) {
  return {
    async preferences(userId: number): Promise<Preferences | undefined> {
      const rows = await db
        .select({
          language: notificationPreferences.language,
          notify_email: notificationPreferences.notifyEmail,
          notify_sms: notificationPreferences.notifySms,
        })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
      return rows[0];
    },

    async savePreferences(userId: number, p: Preferences, tx: DbOrTx = db) {
      const values = { language: p.language, notifyEmail: p.notify_email, notifySms: p.notify_sms, updatedAt: sql`now()` };
      await tx
        .insert(notificationPreferences)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
    },

    /** Stores the message unless one with its idempotency key exists; answers its id when stored now. */
    async insert(message: NewMessage, tx: DbOrTx) {
      const rows = await tx
        .insert(notificationMessages)
        .values(message)
        .onConflictDoNothing({ target: notificationMessages.idempotencyKey })
        .returning({ id: notificationMessages.id });
      return rows[0]?.id;
    },

    /** Cancels the messages about a record that are still waiting (its reminders); answers how many. */
    async cancelWaiting(about: string, template: string, reason: string, tx: DbOrTx) {
      const rows = await tx
        .update(notificationMessages)
        .set({ state: 'cancelled', providerAnswer: reason, updatedAt: sql`now()` })
        .where(and(eq(notificationMessages.about, about), eq(notificationMessages.template, template), eq(notificationMessages.state, 'queued')))
        .returning({ id: notificationMessages.id });
      return rows.length;
    },

    /**
     * Takes a message to send: queued, or left `sending` by a run that did not record its end (a crash);
     * counts the attempt. Undefined for one sent, failed, kept or unknown.
     */
    async claimForSending(id: number) {
      const rows = await db
        .update(notificationMessages)
        .set({ state: 'sending', attempts: sql`${notificationMessages.attempts} + 1`, updatedAt: sql`now()` })
        .where(and(eq(notificationMessages.id, id), inArray(notificationMessages.state, ['queued', 'sending'])))
        .returning();
      return rows[0];
    },

    /** The text as rendered at sending (the recipient's language then): what the administrator reads from now on. */
    async recordRendering(id: number, text: { language: Language; subject: string | null; body: string; calendar: string | null }) {
      await db
        .update(notificationMessages)
        .set({ language: text.language, subject: text.subject, body: text.body, calendar: text.calendar, updatedAt: sql`now()` })
        .where(eq(notificationMessages.id, id));
    },

    async recordOutcome(id: number, state: NotificationState, providerAnswer: string) {
      await db
        .update(notificationMessages)
        .set({ state, providerAnswer, updatedAt: sql`now()`, ...(state === 'sent' ? { sentAt: sql`now()` } : {}) })
        .where(eq(notificationMessages.id, id));
    },

    /** A failed message back in the queue (the administrator's retry); false when it is not failed. */
    async requeueFailed(id: number, tx: DbOrTx) {
      const rows = await tx
        .update(notificationMessages)
        .set({ state: 'queued', sendAfter: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(notificationMessages.id, id), eq(notificationMessages.state, 'failed')))
        .returning({ id: notificationMessages.id });
      return rows.length > 0;
    },

    async exists(id: number) {
      const rows = await db.select({ id: notificationMessages.id }).from(notificationMessages).where(eq(notificationMessages.id, id));
      return rows.length > 0;
    },

    /** Newest first, by channel, state and recipient prefix; keyset pages by id. */
    async list(filter: Omit<AdminNotificationsQuery, 'cursor'> & { cursor?: number }, limit: number, tx: DbOrTx = db) {
      const m = notificationMessages;
      const conditions = [
        filter.channel && eq(m.channel, filter.channel),
        filter.state && eq(m.state, filter.state),
        filter.recipient && sql`lower(${m.recipient}) like ${`${likeEscape(filter.recipient.toLowerCase())}%`}`,
        filter.cursor !== undefined && lt(m.id, filter.cursor),
      ].filter((c) => !!c);
      return tx
        .select()
        .from(m)
        .where(and(...conditions))
        .orderBy(desc(m.id))
        .limit(limit);
    },

    byRecipientUser: (userId: number) =>
      db.select().from(notificationMessages).where(eq(notificationMessages.recipientUserId, userId)).orderBy(notificationMessages.id),
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
