import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { branchEnum, roleEnum, users } from '../users/users.table';

/**
 * Every write by an officer or administrator, and their sign-ins: appended in the transaction of the
 * change it records. Append-only: a trigger (hand-written in the migration) refuses UPDATE, DELETE and TRUNCATE.
 * The actor's username, role and branch are copied, so the entry says who it was even after changes.
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
  },
  (t) => [
    // Newest first is the primary key read backwards; the filters each have their own keyset index.
    index('audit_log_actor_idx').on(sql`lower(${t.actorUsername})`, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
);
