import { bigserial, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { officers } from '../users/users.table';

/**
 * Each officer's work by workload class (spec §4), summed over every source: complaints in the slots they serve,
 * clearance applications they handled, fines they issued, anonymous reports assigned to them. The administrator's
 * workload table reads this plus the changes not yet folded in (`officerWorkloadChanges`): exact at every moment,
 * without counting the work itself.
 *
 * Kept by triggers written by hand in the migration (0024_officer_workload): every change of the work writes a
 * change row here in its own transaction, plain inserts that never wait on another transaction's row, and the
 * `workload-fold` job adds them into this table each minute. `officer_workload_rebuild()` computes both tables
 * again from the base tables (after a bulk load with triggers off).
 */
export const officerWorkload = pgTable('officer_workload', {
  officerRowId: integer('officer_row_id')
    .primaryKey()
    .references(() => officers.id),
  pending: integer('pending').notNull().default(0),
  inProgress: integer('in_progress').notNull().default(0),
  completed: integer('completed').notNull().default(0),
  other: integer('other').notNull().default(0),
});

/** A change of one officer's counts, written by the triggers, not yet added into `officerWorkload`. */
export const officerWorkloadChanges = pgTable(
  'officer_workload_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    officerRowId: integer('officer_row_id').notNull(),
    pending: integer('pending').notNull().default(0),
    inProgress: integer('in_progress').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    other: integer('other').notNull().default(0),
  },
  (t) => [index('officer_workload_changes_officer_idx').on(t.officerRowId)],
);
