import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { Branch, OfficerSearchResult, Role } from '@pes/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { likeEscape } from '../../db/sql';
import { citizenProfiles, officers, users } from './users.table';
import { stations } from '../stations/stations.table';

export type NewCitizenProfile = typeof citizenProfiles.$inferInsert;
export type NewOfficer = Pick<typeof officers.$inferInsert, 'userId' | 'fullName' | 'officerCode' | 'badgeNumber' | 'rank' | 'branch'>;

/** An officer as the API lists them (joined to its account's station): the contracts' officer shape. */
const officerColumns = {
  id: officers.id,
  full_name: officers.fullName,
  officer_id: officers.officerCode,
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

    async officerCodeExists(officerCode: string, tx: DbOrTx = db) {
      const rows = await tx
        .select({ id: officers.id })
        .from(officers)
        .where(sql`upper(${officers.officerCode}) = upper(${officerCode})`)
        .limit(1);
      return rows.length > 0;
    },

    async insertUser(row: { username: string; passwordHash: string; role: Role; stationId: number | null }, tx: DbOrTx = db) {
      const [user] = await tx.insert(users).values(row).returning();
      return user!;
    },

    async insertCitizenProfile(row: NewCitizenProfile, tx: DbOrTx = db) {
      await tx.insert(citizenProfiles).values(row);
    },

    async insertOfficer(row: NewOfficer, tx: DbOrTx = db) {
      const [officer] = await tx.insert(officers).values(row).returning();
      return officer!;
    },

    async setPasswordAndRole(userId: number, passwordHash: string, role: Role, tx: DbOrTx = db) {
      await tx.update(users).set({ passwordHash, role, active: true, deactivatedAt: null }).where(eq(users.id, userId));
    },

    async countByRole(role: Role) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.role, role));
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

    /** Active officers, optionally by name (contains, any case), branch and station; by name; at most `limit`. */
    searchOfficers(filter: { name?: string; branch?: Branch; stationId?: number }, limit: number): Promise<OfficerSearchResult[]> {
      const conditions = [eq(users.active, true)];
      if (filter.name) conditions.push(ilike(officers.fullName, `%${likeEscape(filter.name)}%`));
      if (filter.branch) conditions.push(eq(officers.branch, filter.branch));
      if (filter.stationId !== undefined) conditions.push(eq(users.stationId, filter.stationId));
      return db
        .select(officerColumns)
        .from(officers)
        .innerJoin(users, eq(users.id, officers.userId))
        .innerJoin(stations, eq(stations.id, users.stationId))
        .where(and(...conditions))
        .orderBy(asc(officers.fullName), asc(officers.id))
        .limit(limit);
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
