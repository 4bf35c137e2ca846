import { index, integer, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A complaint's status history (stored complaints and anonymous reports alike): every change, who made it, when,
 * from and to, read in order by complaint, time and id. `complaint` and `changedBy` are the columns referenced:
 * the complaint's id and the changing account's id (given by the owning module: db/ imports no module).
 */
export function complaintStatusHistoryTable<const N extends string>(name: N, complaint: () => AnyPgColumn, changedBy: () => AnyPgColumn) {
  return pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      complaintId: integer('complaint_id').notNull().references(complaint),
      fromStatus: text('from_status'),
      toStatus: text('to_status').notNull(),
      changedByUserId: integer('changed_by_user_id').notNull().references(changedBy),
      changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index(`${name}_complaint_idx`).on(t.complaintId, t.changedAt, t.id)],
  );
}
