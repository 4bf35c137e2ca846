import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Uploaded files; `path` is the random name under DATA_DIR/uploads and in /uploads/{path}. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: text('original_name'),
    /** What the file belongs to; decides who may read it (see files.access.ts). */
    purpose: text('purpose').notNull(),
    ownerUserId: integer('owner_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('files_path_uq').on(t.path), index('files_owner_idx').on(t.ownerUserId)],
);
