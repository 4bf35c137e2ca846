import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { citizenProfiles, officers, users } from './users.schema';
import { stations } from '../stations/stations.schema';
import { sessions } from '../auth/auth.schema';
import type { Branch, Role } from '@pes/contracts';

export type NewCitizenProfile = typeof citizenProfiles.$inferInsert;

/** An officer as the API lists them (joined to its account's station): the contracts' officer shape. */
export const officerColumns = {
  id: officers.id,
  full_name: officers.fullName,
  officer_id: officers.officerId,
  badge_number: officers.badgeNumber,
  rank: officers.rank,
  branch: officers.branch,
  station: stations.name,
};

export function createUsersRepository(db: Database) {
  return {
    async findByUsername(username: string, tx: DbOrTx = db) {
      const rows = await tx
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return rows[0];
    },
    async usernameExists(username: string, tx: DbOrTx = db) {
      return (await this.findByUsername(username, tx)) !== undefined;
    },
    async identityExists(identityType: 'NIC' | 'Passport', identityNumber: string, tx: DbOrTx = db) {
      const rows = await tx
        .select({ id: citizenProfiles.userId })
        .from(citizenProfiles)
        .where(and(eq(citizenProfiles.identityType, identityType), sql`upper(${citizenProfiles.identityNumber}) = upper(${identityNumber})`))
        .limit(1);
      return rows.length > 0;
    },
    async officerIdExists(officerId: string, tx: DbOrTx = db) {
      const rows = await tx
        .select({ id: officers.id })
        .from(officers)
        .where(sql`upper(${officers.officerId}) = upper(${officerId})`)
        .limit(1);
      return rows.length > 0;
    },
    async insertUser(tx: DbOrTx, row: { username: string; passwordHash: string; role: Role; stationId: number | null }) {
      const [user] = await tx.insert(users).values(row).returning();
      return user!;
    },
    async insertCitizenProfile(tx: DbOrTx, row: NewCitizenProfile) {
      await tx.insert(citizenProfiles).values(row);
    },
    async insertOfficer(
      tx: DbOrTx,
      row: { userId: number; fullName: string; officerId: string; badgeNumber: string; rank: string | null; branch: Branch },
    ) {
      const [officer] = await tx.insert(officers).values(row).returning();
      return officer!;
    },
    async revokeSessions(userId: number) {
      await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
    async setPasswordAndRole(userId: number, passwordHash: string, role: Role) {
      await db.update(users).set({ passwordHash, role, active: true, deactivatedAt: null }).where(eq(users.id, userId));
    },
    async countByRole(role: Role) {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.role, role));
      return row!.n;
    },
    async officerView(officerRowId: number) {
      const rows = await db
        .select({ ...officerColumns, user_id: users.id, username: users.username })
        .from(officers)
        .innerJoin(users, eq(users.id, officers.userId))
        .innerJoin(stations, eq(stations.id, users.stationId))
        .where(eq(officers.id, officerRowId));
      return rows[0]!;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
