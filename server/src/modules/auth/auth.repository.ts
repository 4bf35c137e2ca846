import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSettings, loginFailures, sessions } from './auth.schema';
import { citizenProfiles, officers, users } from '../users/users.schema';
import { stations } from '../stations/stations.schema';

export function createAuthRepository(db: Database) {
  return {
    async createSession(jti: string, userId: number, expiresAt: Date) {
      await db.insert(sessions).values({ jti, userId, expiresAt });
    },

    async revokeSession(jti: string) {
      await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.jti, jti), isNull(sessions.revokedAt)));
    },

    async revokeAllSessions(userId: number) {
      await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    /** The signed-in principal for a live session of an active user, in one indexed query. */
    async findPrincipal(jti: string) {
      const rows = await db
        .select({
          id: users.id,
          username: users.username,
          role: users.role,
          stationId: users.stationId,
          station: stations.name,
          branch: officers.branch,
          officerRowId: officers.id,
          officerId: officers.officerId,
          officerName: officers.fullName,
          identityNumber: citizenProfiles.identityNumber,
          identityType: citizenProfiles.identityType,
          citizenFirstName: citizenProfiles.firstName,
          citizenSecondName: citizenProfiles.secondName,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(stations, eq(stations.id, users.stationId))
        .leftJoin(officers, eq(officers.userId, users.id))
        .leftJoin(citizenProfiles, eq(citizenProfiles.userId, users.id))
        .where(and(eq(sessions.jti, jti), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), eq(users.active, true)))
        .limit(1);
      return rows[0];
    },

    /** Seconds until the window ends when `key` has reached `limit` failures in it; 0 when allowed. */
    async throttledFor(key: string, limit: number, windowSeconds: number): Promise<number> {
      const rows = await db
        .select({
          count: loginFailures.count,
          remaining: sql<number>`ceil(extract(epoch from (${loginFailures.windowStart} + make_interval(secs => ${windowSeconds}) - now())))::int`,
        })
        .from(loginFailures)
        .where(eq(loginFailures.key, key));
      const row = rows[0];
      if (!row || row.remaining <= 0 || row.count < limit) return 0;
      return row.remaining;
    },

    async recordFailure(key: string, windowSeconds: number) {
      await db
        .insert(loginFailures)
        .values({ key, windowStart: sql`now()`, count: 1 })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            count: sql`case when ${loginFailures.windowStart} + make_interval(secs => ${windowSeconds}) < now() then 1 else ${loginFailures.count} + 1 end`,
            windowStart: sql`case when ${loginFailures.windowStart} + make_interval(secs => ${windowSeconds}) < now() then now() else ${loginFailures.windowStart} end`,
          },
        });
    },

    async clearFailures(key: string) {
      await db.delete(loginFailures).where(eq(loginFailures.key, key));
    },

    async getSetting(key: string) {
      const rows = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
      return rows[0]?.value;
    },

    /** Stores the value unless another instance stored one first; returns the stored value. */
    async putSettingIfAbsent(key: string, value: string) {
      await db.insert(appSettings).values({ key, value }).onConflictDoNothing();
      return (await this.getSetting(key))!;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
