import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { appSettings, loginFailures, loginKnownAddresses, loginKnownDevices, sessions } from './auth.table';
import { citizenProfiles, officers, users } from '../users/users.table';
import { stations } from '../stations/stations.table';
import { addressClass, describeDevice } from './sessions.device';

/** Where a sign-in came from, as the request says: only a summary of each is stored (sessions.device.ts). */
export interface SessionClient {
  ip?: string;
  userAgent?: string;
}

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
    citizenAddress: citizenProfiles.address,
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
  /**
   * reserveAttempts, also answering whether this attempt started a lockout: the first one over a key's limit in its
   * window (the second step counts its lockouts: mfa.service.ts).
   */
  async function reserveAttemptsCounting(
    limits: ReadonlyArray<{ key: string; limit: number; userId?: number }>,
    windowSeconds: number,
    tx: DbOrTx = db,
  ): Promise<{ wait: number; lockedOut: boolean }> {
    // Always the same order, so two attempts sharing keys never lock them in opposite orders.
    const sorted = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const expired = sql`${loginFailures.windowStart} + make_interval(secs => ${windowSeconds}) < now()`;
    const rows = await tx
      .insert(loginFailures)
      .values(sorted.map(({ key, userId }) => ({ key, windowStart: sql`now()`, count: 1, userId })))
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          count: sql`case when ${expired} then 1 else ${loginFailures.count} + 1 end`,
          windowStart: sql`case when ${expired} then now() else ${loginFailures.windowStart} end`,
        },
      })
      .returning({
        key: loginFailures.key,
        count: loginFailures.count,
        remaining: sql<number>`ceil(extract(epoch from (${loginFailures.windowStart} + make_interval(secs => ${windowSeconds}) - now())))::int`,
      });
    let wait = 0;
    let lockedOut = false;
    for (const row of rows) {
      const limit = sorted.find((l) => l.key === row.key)!.limit;
      if (row.count > limit) wait = Math.max(wait, Math.max(1, row.remaining));
      if (row.count === limit + 1) lockedOut = true;
    }
    return { wait, lockedOut };
  }

  return {
    /** A session row, with what its owner is shown of the device and network it signed in from (sessions.device.ts). */
    async createSession(jti: string, userId: number, expiresAt: Date, client: SessionClient = {}, tx: DbOrTx = db) {
      await tx.insert(sessions).values({ jti, userId, expiresAt, device: describeDevice(client.userAgent), addressClass: addressClass(client.ip) });
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

    /**
     * Reserves one attempt on every key, atomically per key (one statement; concurrent attempts queue on the
     * rows' locks), and answers the seconds to wait when any key is now over its limit (0 when allowed).
     */
    async reserveAttempts(limits: ReadonlyArray<{ key: string; limit: number; userId?: number }>, windowSeconds: number, tx: DbOrTx = db): Promise<number> {
      return (await reserveAttemptsCounting(limits, windowSeconds, tx)).wait;
    },

    reserveAttemptsCounting,

    /** Gives reserved attempts back (a successful sign-in is not counted against the address). */
    async releaseAttempts(keys: string[], tx: DbOrTx = db) {
      if (keys.length === 0) return;
      await tx
        .update(loginFailures)
        .set({ count: sql`greatest(${loginFailures.count} - 1, 0)` })
        .where(inArray(loginFailures.key, keys));
    },

    async isKnownAddress(userId: number, addressHash: string) {
      const rows = await db
        .select({ userId: loginKnownAddresses.userId })
        .from(loginKnownAddresses)
        .where(and(eq(loginKnownAddresses.userId, userId), eq(loginKnownAddresses.addressHash, addressHash)));
      return rows.length > 0;
    },

    async rememberAddress(userId: number, addressHash: string, tx: DbOrTx = db) {
      await tx
        .insert(loginKnownAddresses)
        .values({ userId, addressHash })
        .onConflictDoUpdate({ target: [loginKnownAddresses.userId, loginKnownAddresses.addressHash], set: { lastSeenAt: sql`now()` } });
    },

    /**
     * Records a sign-in from a device (its keyed hash) and answers whether the account knew it, seen within `days`,
     * and whether the account had signed in from any device before (its first sign-in is nobody's news). Devices not
     * seen for `days` are forgotten, so an account keeps a handful of rows.
     */
    async rememberDevice(userId: number, deviceHash: string, days: number) {
      const recent = sql`${loginKnownDevices.lastSeenAt} > now() - make_interval(days => ${days})`;
      const rows = await db
        .select({ deviceHash: loginKnownDevices.deviceHash, recent: sql<boolean>`${recent}` })
        .from(loginKnownDevices)
        .where(eq(loginKnownDevices.userId, userId));
      if (rows.some((r) => !r.recent)) await db.delete(loginKnownDevices).where(and(eq(loginKnownDevices.userId, userId), sql`not (${recent})`));
      await db
        .insert(loginKnownDevices)
        .values({ userId, deviceHash })
        .onConflictDoUpdate({ target: [loginKnownDevices.userId, loginKnownDevices.deviceHash], set: { lastSeenAt: sql`now()` } });
      return { known: rows.some((r) => r.recent && r.deviceHash === deviceHash), firstEver: rows.length === 0 };
    },

    async pruneFailures(windowSeconds: number) {
      await db.delete(loginFailures).where(sql`${loginFailures.windowStart} + make_interval(secs => ${windowSeconds}) < now()`);
    },

    async clearFailures(key: string) {
      await db.delete(loginFailures).where(eq(loginFailures.key, key));
    },

    /** Forgets every counter reserved against an account (its second step's, from any address). */
    async clearFailuresOf(userId: number, tx: DbOrTx = db) {
      await tx.delete(loginFailures).where(eq(loginFailures.userId, userId));
    },

    async getSetting(key: string, tx: DbOrTx = db) {
      const rows = await tx.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
      return rows[0]?.value;
    },

    /**
     * Records the fingerprint of the secret that keys the address hashes. When another was recorded (or
     * none), deletes every hash made under it (known addresses, sign-in throttling counts) in the same
     * transaction, and answers true.
     */
    async adoptAddressHashKey(fingerprint: string) {
      return db.transaction(async (tx) => {
        const key = 'address_hash_key_fingerprint';
        const [current] = await tx.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)).for('update');
        if (current?.value === fingerprint) return false;
        await tx.delete(loginKnownAddresses);
        await tx.delete(loginKnownDevices);
        await tx.delete(loginFailures);
        await tx
          .insert(appSettings)
          .values({ key, value: fingerprint })
          .onConflictDoUpdate({ target: appSettings.key, set: { value: fingerprint } });
        return true;
      });
    },

    /** Stores the value unless another instance stored one first; returns the stored value. */
    async putSettingIfAbsent(key: string, value: string, tx: DbOrTx = db) {
      await tx.insert(appSettings).values({ key, value }).onConflictDoNothing();
      return (await this.getSetting(key, tx))!;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
