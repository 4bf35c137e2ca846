import type { Branch, Role } from '@pes/contracts';
import type { DbOrTx } from '../../db/client';
import { appError } from '../../app-error';
import { serialIds } from '../../db/sql';
import type { AccountFilter, NewCitizenProfile, NewOfficer, UsersRepository } from './users.repository';
import type { IdentityCollisionsRepository } from './identity-collisions.repository';

/**
 * Accounts: who exists, under which name and role, and with which profile. The base module: it uses no other
 * module's service; sign-in (auth) and the administrator's console (admin-console) build on it.
 */
export function createUsersService(deps: { users: UsersRepository; identityCollisions: IdentityCollisionsRepository }) {
  const { users, identityCollisions } = deps;
  return {
    /** Pairs of accounts sharing one identity number (identity-collisions.repository.ts). */
    identityCollisions,
    findByUsername: (username: string, tx?: DbOrTx) => users.findByUsername(username, tx),
    usernameExists: (username: string, tx?: DbOrTx) => users.usernameExists(username, tx),
    identityExists: (identityType: 'NIC' | 'Passport', identityNumber: string) => users.identityExists(identityType, identityNumber),
    officerCodeExists: (officerCode: string) => users.officerCodeExists(officerCode),
    insertUser: (row: { username: string; passwordHash: string; role: Role; stationId: number | null }, tx?: DbOrTx) => users.insertUser(row, tx),
    insertCitizenProfile: (row: NewCitizenProfile, tx?: DbOrTx) => users.insertCitizenProfile(row, tx),
    insertOfficer: (row: NewOfficer, tx?: DbOrTx) => users.insertOfficer(row, tx),
    setPasswordAndRole: (userId: number, passwordHash: string, role: Role) => users.setPasswordAndRole(userId, passwordHash, role),
    credentialsOf: (userId: number, tx?: DbOrTx) => users.credentialsOf(userId, tx),
    replacePasswordHash: (userId: number, oldHash: string, newHash: string, tx?: DbOrTx) => users.replacePasswordHash(userId, oldHash, newHash, tx),
    officerView: (officerRowId: number) => users.officerView(officerRowId),
    countByRole: (role: Role) => users.countByRole(role),
    contactOf: (userId: number, options?: { includeClosed?: boolean }) => users.contactOf(userId, options),

    /**
     * Active (or deactivated) users after `cursor`, optionally of a role: by id, or by a name, username or identity
     * number prefix in the order of the text matched (users.search.ts). Staff reads: `tx` may be the staff pool.
     */
    listAccounts: (filter: AccountFilter & { cursor?: string }, limit: number, tx?: DbOrTx) => users.listAccounts(filter, limit, tx),
    /** How many accounts match, counted up to `cap + 1`. */
    countAccounts: (filter: AccountFilter, cap: number, tx?: DbOrTx) => users.countAccounts(filter, cap, tx),
    /** The audit log's words for accounts: the person's name and username (audit.details.ts). */
    async describeForAudit(ids: string[]) {
      const rows = await users.namesOf(serialIds(ids));
      return new Map(
        rows.map((r) => [
          String(r.id),
          { person: r.officerName ?? (r.firstName !== null ? `${r.firstName} ${r.secondName}` : r.username), username: r.username },
        ]),
      );
    },
    /** The audit log's words for officers named by their row id (a slot's assignee). */
    async describeOfficersForAudit(ids: string[]) {
      return new Map((await users.officerNamesOf(serialIds(ids))).map((r) => [String(r.id), { person: r.name }]));
    },

    searchOfficers: (filter: { name?: string; branch?: Branch; stationId?: number }, limit: number, tx?: DbOrTx) => users.searchOfficers(filter, limit, tx),
    activeOfficers: (branch: Branch | undefined, tx?: DbOrTx) => users.activeOfficers(branch, tx),

    /** An active user's profile; 404 for an unknown or deleted one. */
    async details(userId: number, tx?: DbOrTx) {
      const found = await users.details(userId, tx);
      if (!found) throw appError('users.not_found');
      return found;
    },

    // A deactivation locks the administrators, then the account, in the caller's transaction.
    lockActiveAdministrators: (tx: DbOrTx) => users.lockActiveAdministrators(tx),
    lockActive: (userId: number, tx: DbOrTx) => users.lockActive(userId, tx),
    deactivate: (userId: number, tx: DbOrTx) => users.deactivate(userId, tx),
    lockAny: (userId: number, tx: DbOrTx) => users.lockAny(userId, tx),
    reactivate: (userId: number, tx: DbOrTx) => users.reactivate(userId, tx),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
