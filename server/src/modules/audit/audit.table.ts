import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branchEnum, roleEnum, users } from '../users/users.table';

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
    // The chain is walked (and its head read) by position.
    uniqueIndex('audit_log_position_uq').on(t.position),
    check('audit_log_chained', sql`${t.position} is not null and ${t.prevHash} is not null and ${t.hash} is not null`),
  ],
);
