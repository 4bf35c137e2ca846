import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/**
 * Staff's TOTP second factor, one row per account. The secret is kept encrypted (AES-256-GCM under a key
 * derived from the token secret, mfa.crypto.ts) and is never answered again after set-up. `confirmedAt` is
 * null while set-up waits for its first code; `lastStep` is the 30-second time step of the last code
 * accepted, so a code is good once. An administrator's reset deletes the row (and the recovery codes).
 */
export const staffSecondFactors = pgTable('staff_second_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Recovery codes: a SHA-256 of each (80-bit random codes need no slow hash); each is used once. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_user_idx').on(t.userId)],
);

/** Used mfa_tokens (their jti), so each is good once; rows past their expiry are pruned. */
export const usedMfaTokens = pgTable('used_mfa_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Lockouts of an account's second step (wrong codes past the sign-in throttle's limits, 15 minutes each; at most one
 * counted per 15 minutes, however many addresses were locked out) within a day: the third locks the second step
 * (`lockedAt`) until an administrator resets it, which deletes the row.
 */
export const secondStepLockouts = pgTable('second_step_lockouts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  /** Lockouts since `firstLockoutAt`; counting starts again a day after it. */
  lockouts: integer('lockouts').notNull(),
  firstLockoutAt: timestamp('first_lockout_at', { withTimezone: true }).notNull().defaultNow(),
  lastLockoutAt: timestamp('last_lockout_at', { withTimezone: true }).notNull().defaultNow(),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
});
