import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from './auth.table';

/** Staff sessions end after this long without a request (ASVS 7.3.1). */
export const STAFF_IDLE_MS = 30 * 60_000;
/** A session's last use is written at most this often: its requests in between touch only memory. */
const WRITE_EVERY_MS = 60_000;
const CAPACITY = 50_000;

/**
 * The idle limit of staff sessions, kept cheap: each instance remembers when it last saw a session and when
 * it last wrote that to the session row (`last_used_at`, at most once a minute). Only a session this instance
 * has not seen within the limit reads the row, since another instance may have served it meanwhile; one idle
 * there too is revoked (which every instance hears through the sessions trigger). The limit is thus kept to
 * within a minute.
 */
export function createSessionIdle(db: Database, opts: { now?: () => number } = {}) {
  const now = opts.now ?? Date.now;
  const seen = new Map<string, { usedAt: number; writtenAt: number }>();

  const lastUsedInDb = async (jti: string) => {
    const rows = await db
      .select({ at: sql<number>`(extract(epoch from ${sessions.lastUsedAt}) * 1000)::float8` })
      .from(sessions)
      .where(and(eq(sessions.jti, jti), isNull(sessions.revokedAt)));
    return rows[0] === undefined ? undefined : Number(rows[0].at);
  };

  return {
    /**
     * Records a request of a staff session when that needs no database: this instance saw the session within the
     * limit and wrote its last use within the minute. False when `touch` must decide.
     */
    touchInMemory(jti: string): boolean {
      const at = now();
      const known = seen.get(jti);
      if (!known || at - known.usedAt > STAFF_IDLE_MS || at - known.writtenAt >= WRITE_EVERY_MS) return false;
      known.usedAt = at;
      return true;
    },

    /** Records a request of a staff session; false (and the session revoked) when it had been idle too long. */
    async touch(jti: string): Promise<boolean> {
      const at = now();
      let known = seen.get(jti);
      if (!known || at - known.usedAt > STAFF_IDLE_MS) {
        const usedAt = await lastUsedInDb(jti);
        if (usedAt === undefined || at - usedAt > STAFF_IDLE_MS) {
          seen.delete(jti);
          await db
            .update(sessions)
            .set({ revokedAt: sql`now()` })
            .where(and(eq(sessions.jti, jti), isNull(sessions.revokedAt)));
          return false;
        }
        known = { usedAt, writtenAt: usedAt };
      }
      known.usedAt = at;
      if (at - known.writtenAt >= WRITE_EVERY_MS) {
        known.writtenAt = at;
        await db
          .update(sessions)
          .set({ lastUsedAt: new Date(at) })
          .where(eq(sessions.jti, jti));
      }
      if (!seen.has(jti)) {
        if (seen.size >= CAPACITY) seen.delete(seen.keys().next().value!);
        seen.set(jti, known);
      }
      return true;
    },
  };
}
export type SessionIdle = ReturnType<typeof createSessionIdle>;
