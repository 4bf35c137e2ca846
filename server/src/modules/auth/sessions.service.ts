import type { AccountSession } from '@pes/contracts';
import { appError } from '../../app-error';
import type { Database, DbOrTx } from '../../db/client';
import type { EventRecorder } from '../jobs/domain-events';
import { accountNotice } from './account-notices';
import type { Principal } from '../../http/principal';
import type { UsersService } from '../users/users.service';
import { verifyPassword } from '../users/password';
import type { AuthRepository, SessionClient } from './auth.repository';
import { addressHashes, LOGIN_THROTTLE } from './auth.service';
import type { PrincipalCache } from './principal-cache';
import { STAFF_IDLE_MS } from './session-idle';
import type { SessionsRepository } from './sessions.repository';

/** Wrong passwords allowed per account when an action asks for it again (closing the account), per sign-in window. */
export const REAUTH_LIMIT = 5;

/**
 * The sessions a person sees and ends themselves: every live session of their own account, with the device and
 * network each signed in from, and which is the one asking. Ending one revokes its row; the sessions trigger
 * tells every instance's principal cache (this one forgets at once), so its token is refused from the next request.
 */
export function createSessionsService(deps: {
  sessions: SessionsRepository;
  principals: PrincipalCache;
  users: Pick<UsersService, 'findByUsername'>;
  /** The sign-in throttle's counters, shared by every instance. */
  throttle: Pick<AuthRepository, 'reserveAttempts' | 'clearFailures'>;
  addressSecret: string;
  db: Database;
  /** Sessions ended from another device: the owner hears of it (account notices). */
  events: EventRecorder;
}) {
  const { sessions, principals, users, throttle } = deps;
  const { throttleKey } = addressHashes(deps.addressSecret);

  const forget = (jtis: readonly string[]) => {
    for (const jti of jtis) principals.forgetSession(jti);
    return jtis.length;
  };

  return {
    /** The caller's live sessions, most recently used first; staff's idle ones (ended at their next request) are left out. */
    async list(principal: Principal): Promise<AccountSession[]> {
      const usedSince = principal.role === 'citizen' ? undefined : new Date(Date.now() - STAFF_IDLE_MS);
      const rows = await sessions.listLive(principal.userId, usedSince);
      return rows.map((r) => ({
        id: r.jti,
        device: r.device,
        address_class: r.addressClass,
        signed_in_at: r.signedInAt,
        last_used_at: r.lastUsedAt,
        current: r.jti === principal.jti,
      }));
    },

    /** Ends one of the caller's own live sessions (this one included); anything else is 404 and ends nothing. */
    async end(principal: Principal, sessionId: string, client: SessionClient = {}) {
      if (!(await sessions.revokeOwn(principal.userId, sessionId))) throw appError('account.session_not_found');
      if (sessionId !== principal.jti)
        await deps.events.record(deps.db, accountNotice('sessions_ended', { id: principal.userId, username: principal.username }, client));
      return { ended: forget([sessionId]) };
    },

    /** Ends every other live session of the caller's account, keeping the one asking. */
    async endOthers(principal: Principal, client: SessionClient = {}) {
      const ended = forget(await sessions.revokeAllBut(principal.userId, principal.jti));
      if (ended > 0) await deps.events.record(deps.db, accountNotice('sessions_ended', { id: principal.userId, username: principal.username }, client));
      return { ended };
    },

    /**
     * Ends every session of a user inside `tx` (an account closed); call `forgetUser` once it is committed, so this
     * instance does not serve the cached principal meanwhile (other instances hear the trigger at the commit).
     */
    endAll: (userId: number, tx: DbOrTx) => sessions.revokeAllBut(userId, undefined, tx),
    forgetUser: (userId: number) => principals.forgetUser(userId),

    /**
     * The caller's current password, asked again before an irreversible step. Wrong ones are counted per account
     * (REAUTH_LIMIT per sign-in window, shared by every instance), so a session left open cannot be used to guess it.
     */
    async reauthenticate(principal: Principal, password: string) {
      const key = throttleKey(`reauth:${principal.userId}`);
      const wait = await throttle.reserveAttempts([{ key, limit: REAUTH_LIMIT }], LOGIN_THROTTLE.windowSeconds);
      if (wait > 0) {
        throw appError('account.reauth_throttled', { params: { minutes: Math.ceil(wait / 60) }, headers: { 'retry-after': String(wait) } });
      }
      const user = await users.findByUsername(principal.username);
      if (!user || user.id !== principal.userId || !(await verifyPassword(user.passwordHash, password))) throw appError('account.wrong_password');
      await throttle.clearFailures(key);
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
