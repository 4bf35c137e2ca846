import { eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { auditVerification } from './audit.table';

export type VerificationState = typeof auditVerification.$inferSelect;
export type VerificationChange = Partial<Omit<VerificationState, 'id'>>;

/**
 * The one row that says where the verification of the chain stands. Written by the verification jobs only, each
 * change in a short transaction holding the row (FOR UPDATE): the incremental step and the full walk may run at
 * once, and each decides from the row as it is.
 */
export function createVerificationRepository(db: Database) {
  const read = async (tx: DbOrTx) => {
    const [row] = await tx.select().from(auditVerification).where(eq(auditVerification.id, 1));
    // The migration inserts it; a database emptied by hand gets it back.
    if (row) return row;
    await tx.execute(sql`insert into audit_verification (id) values (1) on conflict do nothing`);
    return (await tx.select().from(auditVerification).where(eq(auditVerification.id, 1)))[0]!;
  };
  return {
    /** Where the verification stands (a staff read: one row by its key). */
    state: (tx: DbOrTx = db) => read(tx),

    /** Changes the row as `decide` says from the row as it is, holding it meanwhile; answers the row as it is then. */
    async change(decide: (state: VerificationState) => VerificationChange | undefined, andThen?: (tx: Tx) => Promise<void>): Promise<VerificationState> {
      return db.transaction(async (tx) => {
        await read(tx);
        const [locked] = await tx.select().from(auditVerification).where(eq(auditVerification.id, 1)).for('update');
        const change = decide(locked!);
        const updated =
          change && Object.keys(change).length > 0
            ? (await tx.update(auditVerification).set(change).where(eq(auditVerification.id, 1)).returning())[0]!
            : locked!;
        await andThen?.(tx);
        return updated;
      });
    },
  };
}
export type VerificationRepository = ReturnType<typeof createVerificationRepository>;

/**
 * Puts the verification back to its start: nothing verified, no break known, no walk. The migration's row is this
 * state; after loading a log in bulk (the national benchmark), run it and the jobs verify the log from its first
 * entry (or leave the checkpoint where a generator that chained the entries itself sets it).
 */
export const resetAuditVerificationSql = `insert into audit_verification (id) values (1)
  on conflict (id) do update set checkpoint_position = 0, checkpoint_entry_id = null, checkpoint_hash = repeat('0', 64), checked_at = null,
    break_kind = null, break_entry_id = null, break_position = null, break_found_at = null, break_found_by = null,
    walk_requested_at = null, walk_started_at = null, walk_finished_at = null, walk_checked = 0, walk_total = 0,
    walk_position = 0, walk_entry_id = null, walk_hash = repeat('0', 64), walk_ok = null, walk_first_bad_id = null`;
