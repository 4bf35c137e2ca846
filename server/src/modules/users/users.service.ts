import { OFFICER_SEARCH_LIMIT, type createOfficerRequestSchema, type officerSearchQuerySchema, type Role } from '@pes/contracts';
import type { z } from 'zod';
import { appError } from '../../app-error';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Principal } from '../../http/principal';
import { hashPassword, verifyPassword } from '../auth/password';
import type { StationsService } from '../stations/stations.service';
import type { UsersRepository } from './users.repository';

/** Accounts: officers (created by an administrator, and found by the admin's search) and the configured administrator. */
export function createUsersService(deps: {
  db: Database;
  users: UsersRepository;
  stations: StationsService;
  /** Ends every session of a user (auth's revocation). */
  revokeSessions: (userId: number) => Promise<void>;
}) {
  const { db, users, stations, revokeSessions } = deps;

  return {
    // Sign-in and sign-up (auth) read and write accounts through these: auth owns sessions, users owns accounts.
    findByUsername: (username: string) => users.findByUsername(username),
    usernameExists: (username: string) => users.usernameExists(username),
    identityExists: (identityType: 'NIC' | 'Passport', identityNumber: string) => users.identityExists(identityType, identityNumber),
    insertUser: users.insertUser,
    insertCitizenProfile: users.insertCitizenProfile,

    async createOfficer(admin: Pick<Principal, 'stationId'>, input: z.output<typeof createOfficerRequestSchema>) {
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
          return officer.id;
        });
        return users.officerView(officerRowId);
      } catch (err) {
        if (isUniqueViolation(err, 'users_username_uq')) throw appError('auth.username_taken');
        if (isUniqueViolation(err, 'officers_officer_id_uq')) throw appError('users.officer_id_taken');
        throw err;
      }
    },

    async searchOfficers(query: z.output<typeof officerSearchQuerySchema>) {
      const stationId = query.station ? (await stations.byName(query.station)).id : undefined;
      return users.searchOfficers({ name: query.name, branch: query.branch, stationId }, OFFICER_SEARCH_LIMIT);
    },

    /** Makes sure the configured administrator exists, is active and signs in with the configured password. */
    async ensureAdministrator(username: string, password: string, stationName: string) {
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
          await revokeSessions(existing.id);
        }
        return existing.id;
      }
      const station = await stations.find(stationName);
      const user = await users.insertUser({ username, passwordHash: await hashPassword(password), role: 'admin', stationId: station?.id ?? null });
      return user.id;
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
