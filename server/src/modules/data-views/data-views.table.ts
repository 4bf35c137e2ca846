import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/**
 * The administrators' attention list: views of a citizen's data (audit entries) that the citizen did not expect and
 * sent to them ("this was not me / I did not expect this"). One flag per entry; an administrator marks it handled.
 */
export const dataViewFlags = pgTable(
  'data_view_flags',
  {
    id: serial('id').primaryKey(),
    // The flagged audit entry. No foreign key: the log is append-only (nothing to cascade or restrict), and a key
    // would change how the log refuses a TRUNCATE (its own trigger's words).
    auditEntryId: bigint('audit_entry_id', { mode: 'number' }).notNull(),
    citizenUserId: integer('citizen_user_id')
      .notNull()
      .references(() => users.id),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledByUserId: integer('handled_by_user_id').references(() => users.id),
  },
  (t) => [
    uniqueIndex('data_view_flags_entry_uq').on(t.auditEntryId),
    // The attention list, newest first, open or handled: keyset pages by id.
    index('data_view_flags_open_idx')
      .on(t.id)
      .where(sql`${t.handledAt} is null`),
    index('data_view_flags_handled_idx')
      .on(t.id)
      .where(sql`${t.handledAt} is not null`),
  ],
);
