import type { ChangePasswordRequest } from '@pes/contracts';
import { appError } from '../../app-error';
import type { Database } from '../../db/client';
import type { Principal } from '../../http/principal';
import { actorOf, type AuditService } from '../audit/audit.service';
import { hashPassword, verifyPassword } from '../users/password';
import { assertNewPasswordAllowed } from '../users/password-policy';
import type { UsersService } from '../users/users.service';
import type { EventRecorder } from '../jobs/domain-events';
import { accountNotice } from './account-notices';
import type { AuthRepository, SessionClient } from './auth.repository';
import { addressHashes, LOGIN_THROTTLE } from './auth.service';
import type { PasswordsRepository } from './passwords.repository';
import type { PrincipalCache } from './principal-cache';

/** Wrong current passwords allowed per account in sign-in's window (15 minutes), as sign-in allows per account and address. */
export const PASSWORD_CHANGE_ATTEMPTS = LOGIN_THROTTLE.perAccountAndAddress;

/**
 * A signed-in user's own password change: the current password first (throttled like sign-in, so a session left
 * open cannot be used to guess it), then the new one through the one policy. The password and the end of every
 * other session of the account are one transaction; this session stays. Staff's changes are audited.
 */
export function createPasswordChangeService(deps: {
  db: Database;
  users: Pick<UsersService, 'credentialsOf' | 'replacePasswordHash'>;
  passwords: PasswordsRepository;
  throttle: Pick<AuthRepository, 'reserveAttempts' | 'clearFailures'>;
  principals: Pick<PrincipalCache, 'forgetUser'>;
  audit: Pick<AuditService, 'record'>;
  /** The owner hears of the change (account notices). */
  events: EventRecorder;
  addressSecret: string;
}) {
  const { throttleKey } = addressHashes(deps.addressSecret);
  return {
    async change(principal: Principal, input: ChangePasswordRequest, client: SessionClient = {}) {
      const key = throttleKey(`password-change:${principal.userId}`);
      const wait = await deps.throttle.reserveAttempts([{ key, limit: PASSWORD_CHANGE_ATTEMPTS }], LOGIN_THROTTLE.windowSeconds);
      if (wait > 0) {
        throw appError('password.throttled', { params: { minutes: Math.ceil(wait / 60) }, headers: { 'retry-after': String(wait) } });
      }
      const account = await deps.users.credentialsOf(principal.userId);
      if (!account?.active || !(await verifyPassword(account.passwordHash, input.current_password))) throw appError('password.current_wrong');
      await deps.throttle.clearFailures(key);
      await assertNewPasswordAllowed(input.new_password, account.role, 'new_password', { username: account.username, names: account.names });

      const newHash = await hashPassword(input.new_password);
      await deps.db.transaction(async (tx) => {
        // Compare-and-set: a change made meanwhile (another session, a reset link) wins, and this one is refused.
        if (!(await deps.users.replacePasswordHash(account.id, account.passwordHash, newHash, tx))) throw appError('password.current_wrong');
        await deps.passwords.revokeSessions(account.id, principal.jti, tx);
        await deps.events.record(tx, accountNotice('password_changed', account, client));
        if (principal.role !== 'citizen') {
          await deps.audit.record({ actor: actorOf(principal), action: 'auth.password_changed', subject: { type: 'user', id: account.id }, summary: {} }, tx);
        }
      });
      // Other instances hear it from the sessions' trigger; this one forgets the account's sessions at once.
      deps.principals.forgetUser(account.id);
      return { success: true as const, message: 'Password changed. You are still signed in here; every other session has ended.' };
    },
  };
}
export type PasswordChangeService = ReturnType<typeof createPasswordChangeService>;
