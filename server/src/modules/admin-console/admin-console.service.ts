import {
  ADMIN_PAGE_SIZE,
  type Branch,
  colomboDate,
  cappedTotal,
  LIST_COUNT_CAP,
  OFFICER_SEARCH_LIMIT,
  workloadStatus,
  type adminUsersQuerySchema,
  IDENTITY_COLLISIONS_PAGE_SIZE,
  type IdentityCollision,
  type IdentityCollisionResolution,
  type IdentityCollisionsPage,
  type identityCollisionsQuerySchema,
  type createOfficerRequestSchema,
  type officerSearchQuerySchema,
  type Role,
  type workloadQuerySchema,
  WORKLOAD_PAGE_SIZE,
  type WorkloadPage,
} from '@pes/contracts';
import type { z } from 'zod';
import { appError } from '../../app-error';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Principal } from '../../http/principal';
import { actorOf, type AuditActor, type AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import type { FilesService } from '../files/files.service';
import type { SlotsService } from '../slots/slots.service';
import type { StationsService } from '../stations/stations.service';
import { hashPassword, verifyPassword } from '../users/password';
import { assertNewPasswordAllowed } from '../users/password-policy';
import type { UsersService } from '../users/users.service';
import { keysetPage } from '../../db/keyset';
import type { WorkloadService } from '../workload/workload.service';

/** An officer account just created. */
export interface CreatedOfficer {
  officerRowId: number;
  branch: Branch;
  stationId: number;
}

export type OfficerDeactivatedListener = (officer: { userId: number; officerRowId: number; today: string }, tx: Tx) => Promise<void>;

/**
 * The administrator's console: officers created and found, users listed, read and deactivated, the officers'
 * workload, and the configured administrator. It sits above the modules it uses and reaches each through its
 * service, so none of them depends on it.
 */
export function createAdminConsoleService(deps: {
  db: Database;
  /** The administrator's lists and searches (users, officers, workload): the staff pages' own pool (DatabaseHandle.staffReads). */
  staffReads: Database;
  users: UsersService;
  stations: StationsService;
  auth: Pick<AuthService, 'revokeUserSessions'>;
  slots: Pick<SlotsService, 'removeOfficerFrom'>;
  workload: Pick<WorkloadService, 'page' | 'countUpTo'>;
  audit: Pick<AuditService, 'record'>;
  files: Pick<FilesService, 'showIdentityFiles'>;
}) {
  const { db, staffReads, users, stations, auth, slots, workload, audit, files } = deps;
  /** Called inside the deactivation's transaction when an officer is deleted (e.g. to hand their open work to others). */
  const officerDeactivatedListeners: OfficerDeactivatedListener[] = [];
  const officerCreatedListeners: Array<(officer: CreatedOfficer) => Promise<unknown>> = [];

  return {
    /** Runs `listener` after each officer account is created (committed); e.g. anonymous reports waiting for a Crime Branch officer. */
    onOfficerCreated(listener: (officer: CreatedOfficer) => Promise<unknown>) {
      officerCreatedListeners.push(listener);
    },

    /** Registers work to do inside the transaction that deactivates an officer. */
    onOfficerDeactivated(listener: OfficerDeactivatedListener) {
      officerDeactivatedListeners.push(listener);
    },

    async createOfficer(admin: AuditActor & Pick<Principal, 'stationId'>, input: z.output<typeof createOfficerRequestSchema>) {
      await assertNewPasswordAllowed(input.password, 'police_officer', 'password', {
        username: input.username,
        names: [input.full_name, input.officer_id, input.badge_number],
      });
      const stationId = await stations.idFor(input.station, admin.stationId);
      if (await users.usernameExists(input.username)) throw appError('auth.username_taken');
      if (await users.officerCodeExists(input.officer_id)) throw appError('users.officer_id_taken');
      const passwordHash = await hashPassword(input.password);
      try {
        const officerRowId = await db.transaction(async (tx) => {
          const user = await users.insertUser({ username: input.username, passwordHash, role: 'police_officer', stationId }, tx);
          const officer = await users.insertOfficer(
            {
              userId: user.id,
              fullName: input.full_name,
              officerCode: input.officer_id,
              badgeNumber: input.badge_number ?? input.officer_id,
              rank: input.rank ?? null,
              branch: input.branch,
            },
            tx,
          );
          const summary = { after: { username: user.username, officer_id: officer.officerCode, branch: officer.branch, station_id: stationId } };
          await audit.record({ actor: actorOf(admin), action: 'officer.create', subject: { type: 'user', id: user.id }, summary }, tx);
          return officer.id;
        });
        for (const listener of officerCreatedListeners) await listener({ officerRowId, branch: input.branch, stationId });
        return users.officerView(officerRowId);
      } catch (err) {
        if (isUniqueViolation(err, 'users_username_uq')) throw appError('auth.username_taken');
        if (isUniqueViolation(err, 'officers_officer_id_uq')) throw appError('users.officer_id_taken');
        throw err;
      }
    },

    async searchOfficers(query: z.output<typeof officerSearchQuerySchema>) {
      const stationId = query.station ? (await stations.byName(query.station)).id : undefined;
      return users.searchOfficers({ name: query.name, branch: query.branch, stationId }, OFFICER_SEARCH_LIMIT, staffReads);
    },

    /**
     * Active (or deactivated) users one page at a time (keyset: by id, or after a search by the text matched and id),
     * and how many match, counted up to LIST_COUNT_CAP.
     */
    async listUsers(query: z.output<typeof adminUsersQuerySchema>) {
      const filter = { state: query.state, search: query.search || undefined, role: query.role };
      const [rows, matched] = await Promise.all([
        users.listAccounts({ ...filter, cursor: query.cursor }, ADMIN_PAGE_SIZE + 1, staffReads),
        users.countAccounts(filter, LIST_COUNT_CAP, staffReads),
      ]);
      const { page, next_cursor } = keysetPage(rows, ADMIN_PAGE_SIZE, (user) => user.cursor);
      return {
        users: page.map((row) => ({
          id: row.id,
          username: row.username,
          role: row.role,
          name: row.name,
          branch: row.branch,
          station: row.station,
          deactivated_at: row.deactivated_at,
        })),
        next_cursor,
        ...cappedTotal(matched),
      };
    },

    details: (userId: number) => users.details(userId, staffReads),

    /**
     * A user's profile as the administrator's user page shows it: a citizen's identity photos with it, so the view is
     * recorded (one audit entry naming the photos shown) before the answer goes out.
     */
    async viewUser(administrator: Principal, userId: number) {
      const user = await users.details(userId, staffReads);
      const citizen = user.citizen;
      if (citizen) {
        const shown = (['identity_photo_front', 'identity_photo_back', 'live_photo'] as const).flatMap((document) => {
          const photo = citizen[document];
          return photo ? [{ path: photo.url, document }] : [];
        });
        await files.showIdentityFiles(administrator, { ownerUserId: user.id, documents: shown });
      }
      return user;
    },

    /**
     * Deleting a user deactivates the account: it cannot sign in, its sessions end at once on every instance,
     * it leaves the lists and its records stay. Never oneself, never the last administrator. An officer is
     * taken off the slots from today on (and the registered listeners hand over their open work).
     */
    async deleteUser(admin: Principal, userId: number) {
      if (userId === admin.userId) throw appError('users.cannot_delete_self');
      await db.transaction(async (tx) => {
        // Administrators are locked first, in id order, so two administrators deleting each other queue up.
        const administrators = await users.lockActiveAdministrators(tx);
        const target = await users.lockActive(userId, tx);
        if (!target) throw appError('users.not_found');
        if (target.role === 'admin' && administrators <= 1) throw appError('users.last_administrator');
        await users.deactivate(userId, tx);
        const summary: Record<string, unknown> = { before: { username: target.username, role: target.role, active: true }, after: { active: false } };
        if (target.officerRowId !== null) {
          const today = colomboDate();
          summary.removed_from_slots = await slots.removeOfficerFrom(target.officerRowId, today, tx);
          for (const listener of officerDeactivatedListeners) await listener({ userId, officerRowId: target.officerRowId, today }, tx);
        }
        await audit.record({ actor: actorOf(admin), action: 'user.delete', subject: { type: 'user', id: userId }, summary }, tx);
      });
      // Sessions end once the deactivation is committed; a token checked meanwhile already finds the user inactive.
      await auth.revokeUserSessions(userId);
    },

    /** A page of the pairs of accounts sharing one identity number: open ones oldest first, resolved ones newest first. */
    async identityCollisions(query: z.output<typeof identityCollisionsQuerySchema>): Promise<IdentityCollisionsPage> {
      const rows = await users.identityCollisions.page(query.state, query.cursor, IDENTITY_COLLISIONS_PAGE_SIZE + 1, staffReads);
      const { page, next_cursor } = keysetPage(rows, IDENTITY_COLLISIONS_PAGE_SIZE, (r) => String(r.id));
      return { collisions: page, next_cursor };
    },

    /**
     * Resolves a pair of accounts sharing one NIC: deactivates one of them (as a deletion does: no sign-in, its
     * sessions ended, its records kept), or records that the administrator looked at both and keeps them. Once;
     * audited, naming the account deactivated (or the newer one, kept).
     */
    async resolveIdentityCollision(admin: Principal, collisionId: number, resolution: IdentityCollisionResolution): Promise<IdentityCollision> {
      const deactivated = await db.transaction(async (tx) => {
        const pair = await users.identityCollisions.lock(collisionId, tx);
        if (!pair) throw appError('users.collision_not_found');
        if (pair.resolvedAt) throw appError('users.collision_resolved');
        const target = resolution === 'deactivated_first' ? pair.firstUserId : resolution === 'deactivated_second' ? pair.secondUserId : undefined;
        // An account already deactivated (from the users list, or closed by its owner) stays so.
        const active = target === undefined ? undefined : await users.lockActive(target, tx);
        if (active) await users.deactivate(active.id, tx);
        await users.identityCollisions.resolve(collisionId, resolution, admin.userId, tx);
        const summary = { collision_id: collisionId, how: target === undefined ? 'collision_reviewed' : 'collision_deactivated', resolution };
        const subject = { type: 'user', id: target ?? pair.secondUserId };
        await audit.record({ actor: actorOf(admin), action: 'identity.collision_resolve', subject, summary }, tx);
        return active?.id;
      });
      if (deactivated !== undefined) await auth.revokeUserSessions(deactivated);
      return (await users.identityCollisions.find(collisionId))!;
    },

    /**
     * Gives a deactivated account back its sign-in (with its old password; its sessions stay ended). An officer is
     * not put back on the slots they were taken off: the administrator assigns them again.
     */
    async reactivateUser(admin: Principal, userId: number) {
      await db.transaction(async (tx) => {
        const target = await users.lockAny(userId, tx);
        if (!target) throw appError('users.not_found');
        if (target.active) throw appError('users.not_deactivated');
        await users.reactivate(userId, tx);
        const summary = { before: { username: target.username, role: target.role, active: false }, after: { active: true } };
        await audit.record({ actor: actorOf(admin), action: 'user.reactivate', subject: { type: 'user', id: userId }, summary }, tx);
      });
    },

    /**
     * A page of active officers by name (of a branch, a station, a status) with their work by workload class and
     * status (spec §4, §9): each branch's own work counts — complaints in the slots they serve, clearance
     * applications they handled, fines they issued (done work), anonymous reports assigned to them. Read from the
     * summary the database keeps as the work changes (modules/workload), so exact at `as_of`; the count stops at
     * LIST_COUNT_CAP. Optionally only the officers of one status (overloaded, balanced, under-utilized).
     */
    async workload(query: z.output<typeof workloadQuerySchema>): Promise<WorkloadPage> {
      const asOf = new Date();
      const stationId = query.station ? (await stations.byName(query.station)).id : undefined;
      const filter = {
        branch: query.branch,
        stationId,
        status: query.status,
        overloadedAbove: query.overloaded_above,
        underutilizedBelow: query.underutilized_below,
        after: query.cursor === undefined ? undefined : Number(query.cursor),
      };
      const [read, counted] = await Promise.all([
        workload.page(filter, WORKLOAD_PAGE_SIZE + 1, staffReads),
        workload.countUpTo(filter, LIST_COUNT_CAP, staffReads),
      ]);
      const rows = read.map((row) => {
        const total = row.pending + row.in_progress + row.completed + row.other;
        return {
          ...row,
          total,
          status: workloadStatus({ total, pending: row.pending, in_progress: row.in_progress }, query.overloaded_above, query.underutilized_below),
        };
      });
      const { page, next_cursor } = keysetPage(rows, WORKLOAD_PAGE_SIZE, (row) => String(row.officer_row_id));
      return {
        rows: page,
        ...cappedTotal(counted),
        page_size: WORKLOAD_PAGE_SIZE,
        next_cursor,
        as_of: asOf.toISOString(),
      };
    },

    /** Makes sure the configured administrator exists, is active and signs in with the configured password. */
    async ensureAdministrator(username: string, password: string, stationName: string): Promise<number> {
      // Instances started together on a new database each find no administrator and insert one: all but the
      // first are refused by the unique username and look again, finding the row the first made (they used to exit).
      for (let attempt = 1; ; attempt++) {
        try {
          return await ensureAdministratorOnce(username, password, stationName);
        } catch (err) {
          if (!isUniqueViolation(err, 'users_username_uq') || attempt === 3) throw err;
        }
      }
    },
  };

  async function ensureAdministratorOnce(username: string, password: string, stationName: string) {
    const existing = await users.findByUsername(username);
    if (existing) {
      // Turning a citizen's or officer's account into an administrator would hand its owner (and its
      // live sessions) administrator rights: the operator must choose another name.
      if (existing.role !== 'admin') {
        throw new Error(`ADMIN_USERNAME "${username}" belongs to an existing ${existing.role} account; choose another administrator username.`);
      }
      const ok = existing.active && (await verifyPassword(existing.passwordHash, password));
      if (!ok) {
        // A new password (or a reactivation) ends every session opened before it.
        await users.setPasswordAndRole(existing.id, await hashPassword(password), 'admin' satisfies Role);
        await auth.revokeUserSessions(existing.id);
      }
      return existing.id;
    }
    const station = await stations.find(stationName);
    const user = await users.insertUser({ username, passwordHash: await hashPassword(password), role: 'admin', stationId: station?.id ?? null });
    return user.id;
  }
}
export type AdminConsoleService = ReturnType<typeof createAdminConsoleService>;
