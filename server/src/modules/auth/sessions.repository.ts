import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { isoInstant } from '../../db/sql';
import { sessions } from './auth.table';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A user's live sessions: not revoked, not expired (and, for staff, used within their idle limit). */
const live = (userId: number, usedSince?: Date) =>
  and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), usedSince ? gt(sessions.lastUsedAt, usedSince) : undefined);

/** The sessions a person sees and ends themselves (their "signed-in devices"), each through sessions_user_idx. */
export function createSessionsRepository(db: Database) {
  return {
    async listLive(userId: number, usedSince?: Date) {
      return db
        .select({
          jti: sessions.jti,
          device: sessions.device,
          addressClass: sessions.addressClass,
          signedInAt: isoInstant(sessions.createdAt),
          lastUsedAt: isoInstant(sessions.lastUsedAt),
        })
        .from(sessions)
        .where(live(userId, usedSince))
        .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
    },

    /** Revokes one live session of this user; false when the user has no such session (another's, ended, unknown). */
    async revokeOwn(userId: number, jti: string, tx: DbOrTx = db) {
      if (!UUID.test(jti)) return false;
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.jti, jti), live(userId)))
        .returning({ jti: sessions.jti });
      return rows.length === 1;
    },

    /** Revokes every live session of the user but `keep` (none kept when it is undefined); answers the ended ones. */
    async revokeAllBut(userId: number, keep: string | undefined, tx: DbOrTx = db) {
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(live(userId), keep === undefined ? undefined : ne(sessions.jti, keep)))
        .returning({ jti: sessions.jti });
      return rows.map((r) => r.jti);
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
