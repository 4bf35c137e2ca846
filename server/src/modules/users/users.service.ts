import type { createOfficerRequestSchema, Role } from '@pes/contracts';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Principal } from '../../http/principal';
import { usernameTaken } from '../auth/auth.errors';
import { hashPassword, verifyPassword } from '../auth/password';
import type { StationsRepository } from '../stations/stations.repository';
import type { UsersRepository } from './users.repository';
import { officerIdTaken, unknownStation } from './users.errors';
import type { z } from 'zod';

export function createUsersService(deps: { db: Database; users: UsersRepository; stations: StationsRepository }) {
  const { db, users, stations } = deps;
  return {
    async createOfficer(admin: Pick<Principal, 'stationId'>, input: z.output<typeof createOfficerRequestSchema>) {
      let stationId = admin.stationId;
      if (input.station) {
        const station = await stations.findByName(input.station);
        if (!station) throw unknownStation();
        stationId = station.id;
      }
      if (stationId === null) throw unknownStation();
      if (await users.usernameExists(input.username)) throw usernameTaken();
      if (await users.officerIdExists(input.officer_id)) throw officerIdTaken();
      const passwordHash = await hashPassword(input.password);
      try {
        const officerRowId = await db.transaction(async (tx) => {
          const user = await users.insertUser(tx, { username: input.username, passwordHash, role: 'police_officer', stationId });
          const officer = await users.insertOfficer(tx, {
            userId: user.id,
            fullName: input.full_name,
            officerId: input.officer_id,
            badgeNumber: input.badge_number ?? input.officer_id,
            rank: input.rank ?? null,
            branch: input.branch,
          });
          return officer.id;
        });
        return users.officerView(officerRowId);
      } catch (err) {
        if (isUniqueViolation(err, 'users_username_uq')) throw usernameTaken();
        if (isUniqueViolation(err, 'officers_officer_id_uq')) throw officerIdTaken();
        throw err;
      }
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
          await users.revokeSessions(existing.id);
        }
        return existing.id;
      }
      const station = await stations.findByName(stationName);
      const user = await users.insertUser(db, {
        username,
        passwordHash: await hashPassword(password),
        role: 'admin',
        stationId: station?.id ?? null,
      });
      return user.id;
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
