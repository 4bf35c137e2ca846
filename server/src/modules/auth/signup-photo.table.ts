import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { files } from '../files/files.table';

/**
 * A signup's live photo taken on a phone (contracts signup-photo.ts): one row per link a signup page asked for. Both
 * secrets are kept only as SHA-256 hashes (random, 80 and 256 bits: no slow hash needed): the link's token (the phone
 * sends one photo with it until `expires_at`) and the handoff key (the signup page follows, shows and uses the photo).
 * The photo is an unclaimed file without an owner (`file_id`) until the signup claims it (`used_at`); rows are swept
 * with the uploads once SIGNUP_PHOTO_KEEP_SECONDS old, the files of unused ones with them. State lives here and in
 * the file storage, never in a process: the phone, the signup page and the signup may each reach another instance.
 */
export const signupPhotoHandoffs = pgTable(
  'signup_photo_handoffs',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Until when the link takes a photo. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The phone's photo; null until it arrives (and once the sweep deleted an unused one's file). */
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /** When a signup used the photo: the file is the new account's from then on. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('signup_photo_handoffs_token_uq').on(t.tokenHash),
    uniqueIndex('signup_photo_handoffs_key_uq').on(t.keyHash),
    // The sweep's search: the oldest first.
    index('signup_photo_handoffs_created_idx').on(t.createdAt),
  ],
);
