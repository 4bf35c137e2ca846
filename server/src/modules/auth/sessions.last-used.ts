import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from './auth.table';

/** A session's last use is written at most this often: its requests in between touch only memory. */
const WRITE_EVERY_MS = 60_000;
const CAPACITY = 50_000;

/**
 * When each citizen session was last used, for its owner's list of signed-in devices: kept to within a minute,
 * written to the session row (`last_used_at`) at most once a minute per instance. Staff sessions have theirs
 * kept by the idle limit (session-idle.ts), which reads it too. The write does not notify the principal caches
 * (the sessions trigger ignores this column).
 */
export function createSessionLastUse(db: Database, opts: { now?: () => number } = {}) {
  const now = opts.now ?? Date.now;
  const writtenAt = new Map<string, number>();
  return {
    /** True when the session's last use was written within the minute (nothing to do); else `touch` writes it. */
    recentlyWritten(jti: string) {
      const last = writtenAt.get(jti);
      return last !== undefined && now() - last < WRITE_EVERY_MS;
    },

    async touch(jti: string) {
      const at = now();
      const last = writtenAt.get(jti);
      if (last !== undefined && at - last < WRITE_EVERY_MS) return;
      if (last === undefined && writtenAt.size >= CAPACITY) writtenAt.delete(writtenAt.keys().next().value!);
      writtenAt.set(jti, at);
      await db
        .update(sessions)
        .set({ lastUsedAt: new Date(at) })
        .where(eq(sessions.jti, jti));
    },
  };
}
export type SessionLastUse = ReturnType<typeof createSessionLastUse>;
