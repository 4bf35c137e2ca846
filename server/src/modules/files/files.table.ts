import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Stored files; `path` is the random name under DATA_DIR/uploads and in /uploads/{path}. A file uploaded
 * ahead of its form is unclaimed (`claimed_at` null) until the form's record claims it; the files
 * module deletes unclaimed ones after a day.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: text('original_name'),
    /** What the file belongs to (contracts FILE_PURPOSES); decides who may read it and what may claim it. */
    purpose: text('purpose').notNull(),
    ownerUserId: integer('owner_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('files_path_uq').on(t.path),
    index('files_owner_idx').on(t.ownerUserId),
    // The sweep's search: the unclaimed, oldest first.
    index('files_unclaimed_idx')
      .on(t.createdAt)
      .where(sql`${t.claimedAt} is null`),
  ],
);
