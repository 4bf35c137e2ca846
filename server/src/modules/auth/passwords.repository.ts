import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { sessions } from './auth.table';

/** The sessions a password change ends. */
export function createPasswordsRepository(db: Database) {
  return {
    /** Revokes every live session of the user but `keepJti` (the one that changed the password), if given. */
    async revokeSessions(userId: number, keepJti: string | undefined, tx: DbOrTx = db) {
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), keepJti === undefined ? undefined : ne(sessions.jti, keepJti), isNull(sessions.revokedAt)));
    },
  };
}
export type PasswordsRepository = ReturnType<typeof createPasswordsRepository>;
