import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { parseUserCursor, type AdminUserDetails, type AdminUserRow, type Branch, type OfficerSearchResult, type Role, type UserState } from '@pes/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { isoInstant, likeEscape } from '../../db/sql';
import { files } from '../files/files.table';
import { storedFileUrl } from '../files/files.service';
import { citizenProfiles, officers, users } from './users.table';
import { stations } from '../stations/stations.table';
import { keyset } from '../../db/keyset';
import { searchCount, searchPage } from './users.search';

/** The admin's users table, by id. */
const byId = keyset({ id: users.id, idType: 'int', direction: 'asc' });

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

/** An active officer as the workload table names them. */
export interface ActiveOfficer {
  officer_row_id: number;
  officer: string;
  branch: Branch;
  station: string;
}

export interface AccountFilter {
  state: UserState;
  search?: string;
  role?: Role;
}

/** The whole list's conditions: the state and the role, written as the partial indexes' own predicates (not a bound true/false), so the planner can use them. */
function accountConditions(filter: AccountFilter): SQL[] {
  const conditions: SQL[] = [filter.state === 'active' ? sql`${users.active}` : sql`not ${users.active}`];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  return conditions;
}

/** A row of the users table, with its cursor: by id, or after a search by the text it matched and id. */
export type AccountRow = AdminUserRow & { cursor: string };

export function createUsersRepository(db: Database) {
  const frontPhoto = alias(files, 'front_photo');
  const backPhoto = alias(files, 'back_photo');
  const livePhoto = alias(files, 'live_photo');
  const photoUrl = (path: string | null) => (path ? { url: storedFileUrl(path) } : null);

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

    /** What a password change or reset needs of an account: its role, password hash and whether it is active. */
    async credentialsOf(userId: number, tx: DbOrTx = db) {
      const rows = await tx
        .select({
          id: users.id,
          username: users.username,
          role: users.role,
          branch: officers.branch,
          passwordHash: users.passwordHash,
          active: users.active,
          officerName: officers.fullName,
          firstName: citizenProfiles.firstName,
          secondName: citizenProfiles.secondName,
          email: citizenProfiles.email,
        })
        .from(users)
        .leftJoin(officers, eq(officers.userId, users.id))
        .leftJoin(citizenProfiles, eq(citizenProfiles.userId, users.id))
        .where(eq(users.id, userId));
      const row = rows[0];
      if (!row) return undefined;
      const { officerName, firstName, secondName, email, ...account } = row;
      /** What a new password must not be built on: the account's names and its e-mail's local part. */
      return { ...account, names: [officerName, firstName, secondName, email?.split('@')[0]].filter((n): n is string => !!n) };
    },

    /**
     * Replaces the password hash only if it is still `oldHash` (compare-and-set): of two changes or resets made
     * with the same proof at once, one wins. Answers whether it was replaced.
     */
    async replacePasswordHash(userId: number, oldHash: string, newHash: string, tx: DbOrTx = db) {
      const rows = await tx
        .update(users)
        .set({ passwordHash: newHash })
        .where(and(eq(users.id, userId), eq(users.passwordHash, oldHash), eq(users.active, true)))
        .returning({ id: users.id });
      return rows.length > 0;
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

    /** Names of accounts for the audit log's reader (officers: full name; citizens: first and second name), deactivated ones too. */
    namesOf(userIds: number[]) {
      return db
        .select({
          id: users.id,
          username: users.username,
          officerName: officers.fullName,
          firstName: citizenProfiles.firstName,
          secondName: citizenProfiles.secondName,
        })
        .from(users)
        .leftJoin(officers, eq(officers.userId, users.id))
        .leftJoin(citizenProfiles, eq(citizenProfiles.userId, users.id))
        .where(inArray(users.id, userIds));
    },

    /** Officers' full names by officer row id, for the audit log's reader. */
    officerNamesOf(officerRowIds: number[]) {
      return db.select({ id: officers.id, name: officers.fullName }).from(officers).where(inArray(officers.id, officerRowIds));
    },

    /**
     * Active (or deactivated) users, optionally of one role: without a search by id, after `cursor` (the id);
     * with one, the matches of users.search.ts by the text they matched and id, after `cursor` (`<key>_<id>`).
     */
    async listAccounts(filter: AccountFilter & { cursor?: string }, limit: number, tx: DbOrTx = db): Promise<AccountRow[]> {
      const columns = {
        id: users.id,
        username: users.username,
        role: users.role,
        officerName: officers.fullName,
        firstName: citizenProfiles.firstName,
        secondName: citizenProfiles.secondName,
        branch: officers.branch,
        station: stations.name,
        // to_char of null is null: an active account's is null.
        deactivatedAt: sql<string | null>`${isoInstant(users.deactivatedAt)}`,
      };
      const selectAccounts = () =>
        tx
          .select(columns)
          .from(users)
          .leftJoin(officers, eq(officers.userId, users.id))
          .leftJoin(citizenProfiles, eq(citizenProfiles.userId, users.id))
          .leftJoin(stations, eq(stations.id, users.stationId));
      let rows: Awaited<ReturnType<typeof selectAccounts>>;
      const cursorOf: string[] = [];
      if (filter.search) {
        const after = filter.cursor ? parseUserCursor(filter.cursor) : undefined;
        const page = {
          rows: await searchPage(
            tx,
            { state: filter.state, role: filter.role, search: filter.search },
            after?.key !== undefined ? { key: after.key, id: after.id } : undefined,
            limit,
          ),
        };
        if (page.rows.length === 0) return [];
        // The page's accounts by primary key, put back in the search's order.
        const found = await selectAccounts().where(
          inArray(
            users.id,
            page.rows.map((r) => r.id),
          ),
        );
        const byId = new Map(found.map((r) => [r.id, r]));
        rows = page.rows.map((r) => byId.get(r.id)!);
        cursorOf.push(...page.rows.map((r) => `${r.key}_${r.id}`));
      } else {
        const conditions = accountConditions(filter);
        const past = byId.after(filter.cursor);
        if (past) conditions.push(past);
        rows = await selectAccounts()
          .where(and(...conditions))
          .orderBy(...byId.orderBy)
          .limit(limit);
        cursorOf.push(...rows.map((r) => String(r.id)));
      }
      return rows.map((r, i) => ({
        id: r.id,
        username: r.username,
        role: r.role,
        name: r.officerName ?? (r.firstName !== null ? `${r.firstName} ${r.secondName}` : null),
        branch: r.branch,
        station: r.station,
        deactivated_at: r.deactivatedAt,
        cursor: cursorOf[i]!,
      }));
    },

    /** How many accounts match the filter, every page together, counted up to `cap + 1` (over the same indexes as the list). */
    async countAccounts(filter: AccountFilter, cap: number, tx: DbOrTx = db): Promise<number> {
      if (filter.search) {
        return searchCount(tx, { state: filter.state, role: filter.role, search: filter.search }, cap);
      }
      const matched = tx
        .select({ one: sql`1` })
        .from(users)
        .where(and(...accountConditions(filter)))
        // In the order of the (role, id) partial indexes: read from them, not from a table scan that stops early.
        .orderBy(users.role, users.id)
        .limit(cap + 1)
        .as('matched');
      const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(matched);
      return row?.n ?? 0;
    },

    /** An active user's profile: a citizen's with identity and photos, an officer's with officer details. */
    /** An active citizen's e-mail address and mobile number (messages about their records). */
    /** A citizen's e-mail and mobile number; of an active account only, unless `includeClosed` (the notice of its closing). */
    async contactOf(userId: number, options: { includeClosed?: boolean } = {}) {
      const rows = await db
        .select({ email: citizenProfiles.email, mobileNumber: citizenProfiles.mobileNumber })
        .from(citizenProfiles)
        .innerJoin(users, eq(users.id, citizenProfiles.userId))
        .where(and(eq(citizenProfiles.userId, userId), options.includeClosed ? undefined : eq(users.active, true)));
      return rows[0];
    },

    async details(userId: number, tx: DbOrTx = db): Promise<AdminUserDetails | undefined> {
      const rows = await tx
        .select({
          id: users.id,
          username: users.username,
          role: users.role,
          station: stations.name,
          created_at: isoInstant(users.createdAt),
          citizen: citizenProfiles,
          officer: officers,
          front: frontPhoto.path,
          back: backPhoto.path,
          live: livePhoto.path,
        })
        .from(users)
        .leftJoin(stations, eq(stations.id, users.stationId))
        .leftJoin(citizenProfiles, eq(citizenProfiles.userId, users.id))
        .leftJoin(officers, eq(officers.userId, users.id))
        .leftJoin(frontPhoto, eq(frontPhoto.id, citizenProfiles.identityPhotoFrontId))
        .leftJoin(backPhoto, eq(backPhoto.id, citizenProfiles.identityPhotoBackId))
        .leftJoin(livePhoto, eq(livePhoto.id, citizenProfiles.livePhotoId))
        .where(and(eq(users.id, userId), eq(users.active, true)))
        .limit(1);
      const r = rows[0];
      if (!r) return undefined;
      const c = r.citizen;
      const o = r.officer;
      return {
        id: r.id,
        username: r.username,
        role: r.role,
        station: r.station,
        created_at: r.created_at,
        citizen: c
          ? {
              first_name: c.firstName,
              second_name: c.secondName,
              date_of_birth: c.dateOfBirth,
              email: c.email,
              mobile_number: c.mobileNumber,
              identity_type: c.identityType,
              identity_number: c.identityNumber,
              address: c.address,
              marital_status: c.maritalStatus,
              identity_photo_front: photoUrl(r.front),
              identity_photo_back: photoUrl(r.back),
              live_photo: photoUrl(r.live),
            }
          : null,
        officer: o ? { id: o.id, full_name: o.fullName, officer_id: o.officerCode, badge_number: o.badgeNumber, rank: o.rank, branch: o.branch } : null,
      };
    },

    /** The active user, locked for a deactivation (with their officer row). */
    async lockActive(userId: number, tx: DbOrTx) {
      const rows = await tx
        .select({ id: users.id, username: users.username, role: users.role, officerRowId: officers.id })
        .from(users)
        .leftJoin(officers, eq(officers.userId, users.id))
        .where(and(eq(users.id, userId), eq(users.active, true)))
        .for('update', { of: users });
      return rows[0];
    },

    /** Locks every active administrator's row (in id order) and counts them: two deletions cannot both take the last two. */
    async lockActiveAdministrators(tx: DbOrTx) {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.active, true)))
        .orderBy(asc(users.id))
        .for('update');
      return rows.length;
    },

    async deactivate(userId: number, tx: DbOrTx) {
      await tx
        .update(users)
        .set({ active: false, deactivatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    /** Any user, locked for a reactivation, with whether it is active. */
    async lockAny(userId: number, tx: DbOrTx) {
      const rows = await tx
        .select({ id: users.id, username: users.username, role: users.role, active: users.active })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return rows[0];
    },

    async reactivate(userId: number, tx: DbOrTx) {
      await tx.update(users).set({ active: true, deactivatedAt: null }).where(eq(users.id, userId));
    },

    /** Every active officer (of a branch), by name: the rows of the workload table. */
    activeOfficers(branch: Branch | undefined, tx: DbOrTx = db): Promise<ActiveOfficer[]> {
      return (
        tx
          .select({ officer_row_id: officers.id, officer: officers.fullName, branch: officers.branch, station: stations.name })
          .from(officers)
          // Active officers through the (role, id) index of active users.
          .innerJoin(users, and(eq(users.id, officers.userId), eq(users.active, true), eq(users.role, 'police_officer')))
          .innerJoin(stations, eq(stations.id, users.stationId))
          .where(branch ? eq(officers.branch, branch) : undefined)
          .orderBy(asc(officers.fullName), asc(officers.id))
      );
    },

    /** Active officers, optionally by name (contains, any case), branch and station; by name; at most `limit`. */
    searchOfficers(filter: { name?: string; branch?: Branch; stationId?: number }, limit: number, tx: DbOrTx = db): Promise<OfficerSearchResult[]> {
      const conditions = [eq(users.active, true)];
      if (filter.name) conditions.push(ilike(officers.fullName, `%${likeEscape(filter.name)}%`));
      if (filter.branch) conditions.push(eq(officers.branch, filter.branch));
      if (filter.stationId !== undefined) conditions.push(eq(users.stationId, filter.stationId));
      return tx
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
