import { sql, type SQL } from 'drizzle-orm';
import { DATA_VIEW_ACTIONS } from '@pes/contracts';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branchEnum, roleEnum, users } from '../users/users.table';

/**
 * The entries that record staff opening a citizen's data (contracts DATA_VIEW_ACTIONS; the citizen is their subject), as
 * written literally: the partial index below and the queries that read through it share this predicate, so the planner
 * can match them.
 */
export const dataViewEntries = (columns: { subjectType: unknown; action: unknown }): SQL =>
  sql`${columns.subjectType} = 'user' and ${columns.action} in (${sql.raw(DATA_VIEW_ACTIONS.map((action) => `'${action}'`).join(', '))})`;

/**
 * Every write by an officer or administrator, and their sign-ins: appended in the transaction of the
 * change it records. Append-only: a trigger (hand-written in the migration) refuses UPDATE, DELETE and TRUNCATE.
 * The actor's username, role and branch are copied, so the entry says who it was even after changes.
 * Tamper-evident: each entry carries a SHA-256 hash over its content and the previous entry's hash
 * (audit.chain.ts), appended under a lock so the chain has one order (position 1, 2, 3...).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for a refused sign-in under a username that has no account. */
    actorUserId: integer('actor_user_id').references(() => users.id),
    actorUsername: text('actor_username').notNull(),
    actorRole: roleEnum('actor_role'),
    actorBranch: branchEnum('actor_branch'),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    /** A short before/after summary, never a password, token or card data. */
    summary: jsonb('summary').notNull().default({}),
    /**
     * Place in the hash chain: 1, 2, 3... in the order entries were appended, without gaps. Not the id: ids
     * come from a sequence before the lock is taken, so they are not in commit order. The three chain
     * columns are null only on entries written before the chain existed, until the first start chains them
     * (the check below is NOT VALID until then: hand-written in the migration).
     */
    position: bigint('position', { mode: 'number' }),
    /** The previous entry's hash (64 zeros for the first entry); hex. */
    prevHash: text('prev_hash'),
    /** SHA-256 of the entry's canonical form (audit.chain.ts), previous hash included; hex. */
    hash: text('hash'),
  },
  (t) => [
    // Newest first is the primary key read backwards; the filters each have their own keyset index.
    index('audit_log_actor_idx').on(sql`lower(${t.actorUsername})`, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_at_idx').on(t.at),
    // "Who has looked at my data?": one citizen's views of their data, newest first (keyset by id), at any size of log.
    index('audit_log_data_views_idx').on(t.subjectId, t.id).where(dataViewEntries(t)),
    // The chain is walked (and its head read) by position.
    uniqueIndex('audit_log_position_uq').on(t.position),
    // Rows outside the chain (put in with its check dropped), found without reading the table: the index holds none
    // while the log is intact.
    index('audit_log_unchained_idx')
      .on(t.id)
      .where(sql`${t.position} is null or ${t.prevHash} is null or ${t.hash} is null`),
    check('audit_log_chained', sql`${t.position} is not null and ${t.prevHash} is not null and ${t.hash} is not null`),
  ],
);

/**
 * Where the verification of the chain stands (one row, id 1), kept by the jobs that verify it (audit.verification.ts)
 * so that no request walks the chain. Not a summary of the log: a fresh row (the migration's, or
 * `resetAuditVerificationSql`) means "nothing verified yet", and the jobs verify the chain again from its start.
 */
export const auditVerification = pgTable(
  'audit_verification',
  {
    id: integer('id').primaryKey().default(1),
    /** The last entry verified in chain order (0: none yet) and its hash: the next step continues from it. */
    checkpointPosition: bigint('checkpoint_position', { mode: 'number' }).notNull().default(0),
    checkpointEntryId: bigint('checkpoint_entry_id', { mode: 'number' }),
    checkpointHash: text('checkpoint_hash').notNull().default('0'.repeat(64)),
    /** When a step last reached the head of the chain (or stopped at a break). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /**
     * The first place the chain was found broken, reported until a later check finds it whole there again (the rows
     * restored): `entry` an entry that does not follow (edited, moved, put in, or the one after an entry removed);
     * `checkpoint` the last verified entry removed or changed (the newest entries removed, or the chain recomputed);
     * `unchained` a row without position or hash. The chain is not verified past it.
     */
    breakKind: text('break_kind'),
    breakEntryId: bigint('break_entry_id', { mode: 'number' }),
    breakPosition: bigint('break_position', { mode: 'number' }),
    breakFoundAt: timestamp('break_found_at', { withTimezone: true }),
    breakFoundBy: text('break_found_by'),
    /** The full walk from the first entry: asked for (nightly, or by an administrator), its progress and its outcome. */
    walkRequestedAt: timestamp('walk_requested_at', { withTimezone: true }),
    walkStartedAt: timestamp('walk_started_at', { withTimezone: true }),
    walkFinishedAt: timestamp('walk_finished_at', { withTimezone: true }),
    /** Entries walked so far, of the chain's length when the walk started. */
    walkChecked: bigint('walk_checked', { mode: 'number' }).notNull().default(0),
    walkTotal: bigint('walk_total', { mode: 'number' }).notNull().default(0),
    /** Where the walk stands (a walk interrupted by a restart continues from here): the last entry walked. */
    walkPosition: bigint('walk_position', { mode: 'number' }).notNull().default(0),
    walkEntryId: bigint('walk_entry_id', { mode: 'number' }),
    walkHash: text('walk_hash').notNull().default('0'.repeat(64)),
    walkOk: boolean('walk_ok'),
    walkFirstBadId: bigint('walk_first_bad_id', { mode: 'number' }),
  },
  (t) => [check('audit_verification_one_row', sql`${t.id} = 1`)],
);
