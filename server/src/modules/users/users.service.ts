import type { Branch, Role } from '@pes/contracts';
import type { DbOrTx } from '../../db/client';
import { appError } from '../../app-error';
import type { NewCitizenProfile, NewOfficer, UsersRepository } from './users.repository';

/**
 * Accounts: who exists, under which name and role, and with which profile. The base module: it uses no other
 * module's service; sign-in (auth) and the administrator's console (admin-console) build on it.
 */
export function createUsersService(deps: { users: UsersRepository }) {
  const { users } = deps;
  return {
    findByUsername: (username: string, tx?: DbOrTx) => users.findByUsername(username, tx),
    usernameExists: (username: string, tx?: DbOrTx) => users.usernameExists(username, tx),
    identityExists: (identityType: 'NIC' | 'Passport', identityNumber: string) => users.identityExists(identityType, identityNumber),
    officerCodeExists: (officerCode: string) => users.officerCodeExists(officerCode),
    insertUser: (row: { username: string; passwordHash: string; role: Role; stationId: number | null }, tx?: DbOrTx) => users.insertUser(row, tx),
    insertCitizenProfile: (row: NewCitizenProfile, tx?: DbOrTx) => users.insertCitizenProfile(row, tx),
    insertOfficer: (row: NewOfficer, tx?: DbOrTx) => users.insertOfficer(row, tx),
    setPasswordAndRole: (userId: number, passwordHash: string, role: Role) => users.setPasswordAndRole(userId, passwordHash, role),
    officerView: (officerRowId: number) => users.officerView(officerRowId),
    countByRole: (role: Role) => users.countByRole(role),

    /** Active users by id after `afterId`, optionally of a role and by a name or username prefix. */
    listActive: (filter: { search?: string; role?: Role; afterId?: number }, limit: number) => users.listActive(filter, limit),
    searchOfficers: (filter: { name?: string; branch?: Branch; stationId?: number }, limit: number) => users.searchOfficers(filter, limit),
    activeOfficers: (branch: Branch | undefined) => users.activeOfficers(branch),

    /** An active user's profile; 404 for an unknown or deleted one. */
    async details(userId: number) {
      const found = await users.details(userId);
      if (!found) throw appError('users.not_found');
      return found;
    },

    // A deactivation locks the administrators, then the account, in the caller's transaction.
    lockActiveAdministrators: (tx: DbOrTx) => users.lockActiveAdministrators(tx),
    lockActive: (userId: number, tx: DbOrTx) => users.lockActive(userId, tx),
    deactivate: (userId: number, tx: DbOrTx) => users.deactivate(userId, tx),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
