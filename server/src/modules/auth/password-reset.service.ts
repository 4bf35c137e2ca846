import { PASSWORD_RESET_PATH, PASSWORD_RESET_TTL_MINUTES, type PasswordResetConfirm } from '@pes/contracts';
import { appError } from '../../app-error';
import type { Database } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import type { EventRecorder, RecordedEvent } from '../jobs/domain-events';
import { hashPassword } from '../users/password';
import { assertNewPasswordAllowed } from '../users/password-policy';
import type { UsersService } from '../users/users.service';
import { accountNotice } from './account-notices';
import type { SessionClient } from './auth.repository';
import type { PasswordsRepository } from './passwords.repository';
import type { PrincipalCache } from './principal-cache';
import type { PasswordResetTokens } from './password-reset.token';

/**
 * Forgotten passwords. A request records an event in its transaction (the notifications module sends the link,
 * by e-mail, or SMS without one, in the account's language); the link is made only when the message is sent
 * (`linkFor`), so no row an administrator can read holds it. Confirming sets the password through the one
 * policy and ends every session of the account; staff then sign in as always, second factor included.
 */
export function createPasswordResetService(deps: {
  db: Database;
  users: Pick<UsersService, 'findByUsername' | 'contactOf' | 'credentialsOf' | 'replacePasswordHash'>;
  tokens: PasswordResetTokens;
  events: EventRecorder;
  passwords: PasswordsRepository;
  principals: Pick<PrincipalCache, 'forgetUser'>;
  audit: Pick<AuditService, 'record'>;
  publicUrl: string;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const resetUrl = `${deps.publicUrl.replace(/\/+$/, '')}${PASSWORD_RESET_PATH}`;
  return {
    /**
     * Records that a link was asked for this username, unless `send` (the account's own limit) says no. The same
     * work for every name, an account's or not (one job); the account is looked up in the job (`onEvent`). The
     * caller answers the same in every case.
     */
    async request(username: string, send: boolean) {
      if (!send) return;
      await deps.events.record(deps.db, { type: 'password.reset_asked', username });
    },

    /**
     * A reset asked for (in a job): when the name is an active account's with an address to send to, the link's
     * message is recorded (`password.reset_requested`, sent by the notifications module). A retried event may send
     * a second, equally valid link.
     */
    async onEvent(event: RecordedEvent) {
      if (event.type !== 'password.reset_asked') return;
      const user = await deps.users.findByUsername(event.username);
      if (!user?.active) return;
      // Only citizens' accounts hold an e-mail address and a phone number; staff ask their administrator.
      if (!(await deps.users.contactOf(user.id))) return;
      const expiresAt = Math.floor(now() / 1000) + PASSWORD_RESET_TTL_MINUTES * 60;
      const binding = deps.tokens.binding(user.id, user.passwordHash);
      await deps.events.record(deps.db, { type: 'password.reset_requested', userId: user.id, username: user.username, expiresAt, binding });
    },

    /**
     * The link of a queued reset message, made as it is sent: undefined (not sent) once expired, or when the
     * account's password is no longer the one it was asked for, or the account is deactivated.
     */
    async linkFor(message: { recipientUserId: number; about: string | null }) {
      const [kind, expiry, binding] = (message.about ?? '').split(':');
      const expiresAt = Number(expiry);
      if (kind !== 'password-reset' || !Number.isInteger(expiresAt) || expiresAt * 1000 <= now()) return undefined;
      const account = await deps.users.credentialsOf(message.recipientUserId);
      if (!account?.active || deps.tokens.binding(account.id, account.passwordHash) !== binding) return undefined;
      return `${resetUrl}?token=${deps.tokens.issue(account.id, expiresAt, account.passwordHash)}`;
    },

    async confirm(input: PasswordResetConfirm, client: SessionClient = {}) {
      const claimed = deps.tokens.parse(input.token);
      if (!claimed || claimed.expiresAt * 1000 <= now()) throw appError('password.reset_link_invalid');
      const account = await deps.users.credentialsOf(claimed.userId);
      if (!account?.active || !deps.tokens.verify(claimed, account.passwordHash)) throw appError('password.reset_link_invalid');
      await assertNewPasswordAllowed(input.password, account.role, 'password', { username: account.username, names: account.names });

      const newHash = await hashPassword(input.password);
      await deps.db.transaction(async (tx) => {
        // Compare-and-set on the hash the link was made for: of two uses at once, one sets the password.
        if (!(await deps.users.replacePasswordHash(account.id, account.passwordHash, newHash, tx))) throw appError('password.reset_link_invalid');
        // Every session of the account ends with it (other instances hear it through the sessions' trigger).
        await deps.passwords.revokeSessions(account.id, undefined, tx);
        await deps.events.record(tx, accountNotice('password_reset', account, client));
        if (account.role !== 'citizen') {
          const actor = { userId: account.id, username: account.username, role: account.role, branch: account.branch };
          await deps.audit.record({ actor, action: 'auth.password_reset', subject: { type: 'user', id: account.id }, summary: {} }, tx);
        }
      });
      deps.principals.forgetUser(account.id);
      return { success: true as const, message: 'Your password has been changed. Sign in with it.' };
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
