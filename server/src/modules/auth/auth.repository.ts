import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { appSettings, loginFailures, sessions } from './auth.table';
import { citizenProfiles, officers, users } from '../users/users.table';
import { stations } from '../stations/stations.table';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The principal lookup runs on every authenticated request, so it is planned once, not per request:
 * a named prepared statement per pooled connection on PostgreSQL, and on PGlite through the client's
 * statement cache (db/pglite-statements.ts).
 */
function createPrincipalLookup(db: Database) {
  const selection = {
    id: users.id,
    username: users.username,
    role: users.role,
    stationId: users.stationId,
    station: stations.name,
    branch: officers.branch,
    officerRowId: officers.id,
    officerCode: officers.officerCode,
    officerName: officers.fullName,
    identityNumber: citizenProfiles.identityNumber,
    identityType: citizenProfiles.identityType,
    citizenFirstName: citizenProfiles.firstName,
    citizenSecondName: citizenProfiles.secondName,
  };
  // No limit: jti is the primary key. The jti is the query's only parameter.
  const prepared = db
    .select(selection)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(stations, eq(stations.id, users.stationId))
    .leftJoin(officers, eq(officers.userId, users.id))
    .leftJoin(citizenProfiles, eq(citizenProfiles.userId, users.id))
    .where(and(eq(sessions.jti, sql.placeholder('jti')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), sql`${users.active}`))
    .prepare('auth_find_principal');
  // Only signed tokens reach this, and they carry a UUID jti: anything else names no session.
  return async (jti: string) => (UUID.test(jti) ? (await prepared.execute({ jti }))[0] : undefined);
}

export function createAuthRepository(db: Database) {
  const findPrincipal = createPrincipalLookup(db);
  return {
    async createSession(jti: string, userId: number, expiresAt: Date, tx: DbOrTx = db) {
      await tx.insert(sessions).values({ jti, userId, expiresAt });
    },

    /** Revokes one session, or every live session of a user. */
    async revokeSessions(which: { jti: string } | { userId: number }, tx: DbOrTx = db) {
      const selected = 'jti' in which ? eq(sessions.jti, which.jti) : eq(sessions.userId, which.userId);
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(selected, isNull(sessions.revokedAt)));
    },

    /** The signed-in principal for a live session of an active user, in one indexed query. */
    findPrincipal,

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

    async pruneFailures(windowSeconds: number) {
      await db.delete(loginFailures).where(sql`${loginFailures.windowStart} + make_interval(secs => ${windowSeconds}) < now()`);
    },

    async clearFailures(key: string) {
      await db.delete(loginFailures).where(eq(loginFailures.key, key));
    },

    async getSetting(key: string, tx: DbOrTx = db) {
      const rows = await tx.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
      return rows[0]?.value;
    },

    /** Stores the value unless another instance stored one first; returns the stored value. */
    async putSettingIfAbsent(key: string, value: string, tx: DbOrTx = db) {
      await tx.insert(appSettings).values({ key, value }).onConflictDoNothing();
      return (await this.getSetting(key, tx))!;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
