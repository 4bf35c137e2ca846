import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { users } from '../users/users.table';
import { secondStepLockouts, staffRecoveryCodes, staffSecondFactors, usedMfaTokens } from './mfa.table';

export function createMfaRepository(db: Database) {
  return {
    async findUser(userId: number, tx: DbOrTx = db) {
      const rows = await tx.select({ id: users.id, username: users.username, role: users.role, active: users.active }).from(users).where(eq(users.id, userId));
      return rows[0];
    },

    async findFactor(userId: number, tx: DbOrTx = db) {
      const rows = await tx.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, userId));
      return rows[0];
    },

    /** A new secret waiting for its first code; refused (false) when the account's factor is already confirmed. */
    async putPendingSecret(userId: number, secretEncrypted: string, tx: DbOrTx = db) {
      const rows = await tx
        .insert(staffSecondFactors)
        .values({ userId, secretEncrypted })
        .onConflictDoUpdate({
          target: staffSecondFactors.userId,
          set: { secretEncrypted, lastStep: null, createdAt: sql`now()` },
          setWhere: isNull(staffSecondFactors.confirmedAt),
        })
        .returning({ userId: staffSecondFactors.userId });
      return rows.length > 0;
    },

    /** A demo account's fixed, confirmed secret (development only), unless it has a factor already. */
    async putConfirmedSecretIfAbsent(userId: number, secretEncrypted: string) {
      await db
        .insert(staffSecondFactors)
        .values({ userId, secretEncrypted, confirmedAt: sql`now()` })
        .onConflictDoNothing();
    },

    /**
     * Accepts the code of time step `step` (and confirms a pending factor): only when no code of this or a later
     * step was accepted before, atomically, so two requests racing with one code cannot both pass.
     */
    async acceptStep(userId: number, step: number, confirming: boolean, tx: DbOrTx = db) {
      const rows = await tx
        .update(staffSecondFactors)
        .set({ lastStep: step, ...(confirming ? { confirmedAt: sql`now()` } : {}) })
        .where(
          and(
            eq(staffSecondFactors.userId, userId),
            confirming ? isNull(staffSecondFactors.confirmedAt) : isNotNull(staffSecondFactors.confirmedAt),
            or(isNull(staffSecondFactors.lastStep), lt(staffSecondFactors.lastStep, step)),
          ),
        )
        .returning({ userId: staffSecondFactors.userId });
      return rows.length > 0;
    },

    async replaceRecoveryCodes(userId: number, hashes: string[], tx: DbOrTx = db) {
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
      await tx.insert(staffRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    },

    /** Marks the unused recovery code with this hash used; false when there is none. */
    async useRecoveryCode(userId: number, codeHash: string, tx: DbOrTx = db) {
      const rows = await tx
        .update(staffRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(staffRecoveryCodes.userId, userId), eq(staffRecoveryCodes.codeHash, codeHash), isNull(staffRecoveryCodes.usedAt)))
        .returning({ id: staffRecoveryCodes.id });
      return rows.length > 0;
    },

    /** Records an mfa_token as used; false when it was used before. */
    async useToken(jti: string, expiresAt: Date, tx: DbOrTx = db) {
      const rows = await tx.insert(usedMfaTokens).values({ jti, expiresAt }).onConflictDoNothing().returning({ jti: usedMfaTokens.jti });
      return rows.length > 0;
    },

    async isTokenUsed(jti: string) {
      const rows = await db.select({ jti: usedMfaTokens.jti }).from(usedMfaTokens).where(eq(usedMfaTokens.jti, jti));
      return rows.length > 0;
    },

    async pruneUsedTokens() {
      await db.delete(usedMfaTokens).where(lt(usedMfaTokens.expiresAt, sql`now()`));
    },

    /** Whether the account's second step is locked (until an administrator resets it). */
    async isLocked(userId: number, tx: DbOrTx = db) {
      const rows = await tx
        .select({ userId: secondStepLockouts.userId })
        .from(secondStepLockouts)
        .where(and(eq(secondStepLockouts.userId, userId), isNotNull(secondStepLockouts.lockedAt)));
      return rows.length > 0;
    },

    /**
     * Counts a lockout of the account's second step, atomically: one per `windowSeconds` (two addresses locked out in
     * one window are one lockout), counting again a day after its first lockout. Answers true when this one locked it
     * (the `limit`th within the day).
     */
    async recordLockout(userId: number, limit: number, windowSeconds: number, tx: DbOrTx = db) {
      const stale = sql`${secondStepLockouts.firstLockoutAt} < now() - interval '1 day'`;
      const sameWindow = sql`${secondStepLockouts.lastLockoutAt} > now() - make_interval(secs => ${windowSeconds})`;
      const counted = sql`case when ${stale} then 1 when ${sameWindow} then ${secondStepLockouts.lockouts} else ${secondStepLockouts.lockouts} + 1 end`;
      const rows = await tx
        .insert(secondStepLockouts)
        .values({ userId, lockouts: 1, lockedAt: limit <= 1 ? sql`now()` : null })
        .onConflictDoUpdate({
          target: secondStepLockouts.userId,
          set: {
            lockouts: counted,
            firstLockoutAt: sql`case when ${stale} then now() else ${secondStepLockouts.firstLockoutAt} end`,
            lastLockoutAt: sql`case when ${sameWindow} and not (${stale}) then ${secondStepLockouts.lastLockoutAt} else now() end`,
            lockedAt: sql`case when ${secondStepLockouts.lockedAt} is not null then ${secondStepLockouts.lockedAt} when ${counted} >= ${limit} then now() end`,
          },
        })
        .returning({
          lockouts: secondStepLockouts.lockouts,
          locked: sql<boolean>`${secondStepLockouts.lockedAt} is not null`,
          lockedNow: sql<boolean>`${secondStepLockouts.lockedAt} = now()`,
        });
      const row = rows[0]!;
      return row.locked && row.lockouts === limit && row.lockedNow;
    },

    /** An administrator's reset: the factor and its recovery codes are gone; the next sign-in sets it up again. */
    async deleteFactor(userId: number, tx: DbOrTx = db) {
      await tx.delete(secondStepLockouts).where(eq(secondStepLockouts.userId, userId));
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
      const rows = await tx.delete(staffSecondFactors).where(eq(staffSecondFactors.userId, userId)).returning({ userId: staffSecondFactors.userId });
      return rows.length > 0;
    },
  };
}
export type MfaRepository = ReturnType<typeof createMfaRepository>;
