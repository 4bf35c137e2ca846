import { sql, type SQL } from 'drizzle-orm';
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

/** The values of a file row that a form's own statement writes (`insertFormFileSql`); files.service makes them. */
export type FormFileValues = {
  filePath: string;
  fileMimeType: string;
  fileSizeBytes: number;
  fileOriginalName: string;
  filePurpose: string;
  fileOwnerUserId: number;
};

/**
 * The body of a data-modifying CTE that records a form's own file, claimed at once, only when `when`
 * holds (the record it belongs to was stored by the same statement). For hot forms whose record is
 * stored in one statement: the record and its file are kept together in one round trip and one commit,
 * where a transaction would take four. The files module still says how its rows are written.
 */
export function insertFormFileSql(when: SQL): SQL {
  const v = (name: keyof FormFileValues) => sql.placeholder(name);
  return sql`insert into ${files} (path, mime_type, size_bytes, original_name, purpose, owner_user_id, claimed_at)
    select ${v('filePath')}::text, ${v('fileMimeType')}::text, ${v('fileSizeBytes')}::int, ${v('fileOriginalName')}::text,
      ${v('filePurpose')}::text, ${v('fileOwnerUserId')}::int, now()
    where ${when}
    returning id`;
}
