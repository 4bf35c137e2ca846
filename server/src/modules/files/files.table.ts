import { sql, type SQL } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

/**
 * A page that showed a person's identity files to a staff member (the administrator's user detail, a clearance
 * application's detail) recorded that view once in the audit log; these rows say which files it showed to whom, until
 * when: a read of one of them by that reader before then is the page's own, and is not recorded again. Kept in the
 * database, not in a process: the page and the file's read may reach different instances. Swept hourly once expired.
 */
export const fileViewGrants = pgTable(
  'file_view_grants',
  {
    readerUserId: integer('reader_user_id').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // A file's read looks up its (reader, file) row: one primary-key probe.
    primaryKey({ columns: [t.readerUserId, t.fileId] }),
    // The sweep's search: the expired.
    index('file_view_grants_expires_idx').on(t.expiresAt),
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
