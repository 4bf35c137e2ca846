import { randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { MFA_TOKEN_TTL_SECONDS, RECOVERY_CODE_COUNT, type MfaChallenge, type Role } from '@pes/contracts';
import { appError } from '../../app-error';
import type { Database } from '../../db/client';
import { actorOf, type AuditService } from '../audit/audit.service';
import type { Principal } from '../../http/principal';
import type { EventRecorder } from '../jobs/domain-events';
import { accountNotice } from './account-notices';
import type { AuthRepository, SessionClient } from './auth.repository';
import { addressHashes, addressKey, LOGIN_THROTTLE } from './auth.service';
import { mfaKeys, newRecoveryCode, recoveryCodeHash } from './mfa.crypto';
import type { MfaRepository } from './mfa.repository';

/** What authenticator apps show the account as. */
const TOTP_ISSUER = 'Sri Lanka Police e-Services';
/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const totpFor = (secret: string, label: string) =>
  new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
/** One step either side of now is accepted (a phone's clock a little off, a code typed as it changed). */
const WINDOW = 1;

/**
 * Lockouts (the sign-in throttle's 15-minute ones, for wrong codes) allowed within a day: the next locks the second
 * step until an administrator resets it. At most about 3 × 10 codes a day are tried then, not 10 every 15 minutes.
 */
export const SECOND_STEP_LOCKOUTS_PER_DAY = 3;

const isStaff = (role: Role) => role === 'admin' || role === 'police_officer';

interface StaffUser {
  id: number;
  username: string;
  role: Role;
}

/**
 * Staff's second factor (TOTP, RFC 6238). After the password, sign-in answers an mfa_token (an HS256 JWT
 * under its own key, 5 minutes, its jti recorded when used so that it is good once) and the step to take:
 * `setup` (no confirmed factor: a new secret, confirmed by a first code, which also gives 10 recovery codes)
 * or `verify` (a code, or a recovery code). Each code is good once (the last accepted time step is stored),
 * and wrong codes count against the sign-in throttle's windows and limits (keys per account and address,
 * and per account). The caller starts the session with the user answered.
 */
export function createMfaService(deps: {
  db: Database;
  mfa: MfaRepository;
  /** The sign-in throttle's counters. */
  throttle: Pick<AuthRepository, 'reserveAttemptsCounting' | 'releaseAttempts' | 'clearFailures' | 'clearFailuresOf'>;
  audit: Pick<AuditService, 'record'>;
  /** The account's owner hears of a second step set up, reset or locked (account notices). */
  events: EventRecorder;
  tokenSecret: string;
  addressSecret: string;
}) {
  const { db, mfa, throttle, audit } = deps;
  const keys = mfaKeys(deps.tokenSecret);
  const { throttleKey } = addressHashes(deps.addressSecret);

  async function issueToken(user: StaffUser, step: MfaChallenge['mfa']) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ step })
      .setProtectedHeader({ alg: 'HS256', typ: 'pes-mfa+jwt' })
      .setSubject(String(user.id))
      .setAudience('pes-mfa')
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + MFA_TOKEN_TTL_SECONDS)
      .sign(keys.tokenKey);
  }

  /** The token's claims when it is ours, for this step, unexpired and unused; otherwise `mfa.token_invalid`. */
  async function readToken(token: string, step: MfaChallenge['mfa']) {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys.tokenKey, { algorithms: ['HS256'], audience: 'pes-mfa', typ: 'pes-mfa+jwt' }));
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) throw appError('mfa.token_invalid');
      throw err;
    }
    const userId = Number(payload.sub);
    if (payload.step !== step || !Number.isInteger(userId) || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') {
      throw appError('mfa.token_invalid');
    }
    if (await mfa.isTokenUsed(payload.jti)) throw appError('mfa.token_invalid');
    const user = await mfa.findUser(userId);
    if (!user || !user.active || !isStaff(user.role)) throw appError('mfa.token_invalid');
    return { user, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
  }

  /**
   * Reserves one code attempt (before the code is checked, as sign-in does with passwords). A locked second step is
   * refused first; an attempt that starts a lockout counts it, and the lockout that makes SECOND_STEP_LOCKOUTS_PER_DAY
   * locks the second step: audited (the administrators' log) and told to the account's owner.
   */
  async function reserveAttempt(user: StaffUser, client: SessionClient) {
    const userId = user.id;
    if (await mfa.isLocked(userId)) throw appError('mfa.locked');
    const pair = throttleKey(`mfa:${userId}@${addressKey(client.ip ?? '')}`);
    const account = throttleKey(`mfa:${userId}`);
    const { wait, lockedOut } = await throttle.reserveAttemptsCounting(
      [
        { key: pair, limit: LOGIN_THROTTLE.perAccountAndAddress, userId },
        { key: account, limit: LOGIN_THROTTLE.perAccountFromNewAddresses, userId },
      ],
      LOGIN_THROTTLE.windowSeconds,
    );
    if (lockedOut) {
      const locked = await db.transaction(async (tx) => {
        if (!(await mfa.recordLockout(userId, SECOND_STEP_LOCKOUTS_PER_DAY, LOGIN_THROTTLE.windowSeconds, tx))) return false;
        const actor = { userId, username: user.username, role: user.role, branch: null };
        const summary = { lockouts: SECOND_STEP_LOCKOUTS_PER_DAY };
        await audit.record({ actor, action: 'auth.mfa_locked', subject: { type: 'user', id: userId }, summary }, tx);
        await deps.events.record(tx, accountNotice('second_step_locked', user, client));
        return true;
      });
      if (locked) throw appError('mfa.locked');
    }
    if (wait > 0) {
      throw appError('mfa.throttled', { params: { minutes: Math.ceil(wait / 60) }, headers: { 'retry-after': String(wait) } });
    }
    return async () => {
      await throttle.clearFailures(pair);
      await throttle.releaseAttempts([account]);
    };
  }

  /** The time step of a code valid now (±1 step), or undefined. */
  function stepOf(secret: string, label: string, code: string) {
    const totp = totpFor(secret, label);
    const delta = totp.validate({ token: code, window: WINDOW });
    return delta === null ? undefined : totp.counter() + delta;
  }

  let lastPrune = 0;
  const pruneTokens = async () => {
    if (Date.now() - lastPrune < 60_000) return;
    lastPrune = Date.now();
    await mfa.pruneUsedTokens();
  };

  const auditFactor = async (user: StaffUser, action: 'auth.mfa_set_up' | 'auth.mfa_recovery_code_used') => {
    const actor = { userId: user.id, username: user.username, role: user.role, branch: null };
    await audit.record({ actor, action, subject: { type: 'user', id: user.id }, summary: {} }, db);
  };

  return {
    /** The password was right: the step staff take next, with its token. */
    async challenge(user: StaffUser): Promise<MfaChallenge> {
      if (await mfa.isLocked(user.id)) throw appError('mfa.locked');
      const factor = await mfa.findFactor(user.id);
      // A secret no longer readable (a new TOKEN_SECRET) is set up again.
      const usable = factor?.confirmedAt && keys.decrypt(factor.secretEncrypted, user.id) !== undefined;
      const step = usable ? 'verify' : 'setup';
      if (!usable && factor?.confirmedAt) await mfa.deleteFactor(user.id);
      return { mfa: step, mfa_token: await issueToken(user, step) };
    },

    /** A new secret for the account (again on each call, until confirmed); never answered after set-up. */
    async setup(token: string) {
      const { user } = await readToken(token, 'setup');
      const secret = new Secret({ size: 20 }).base32;
      if (!(await mfa.putPendingSecret(user.id, keys.encrypt(secret, user.id)))) throw appError('mfa.not_in_setup');
      return { secret, otpauth_url: totpFor(secret, user.username).toString() };
    },

    /** The first code confirms the secret: answers the user (to start a session) and 10 recovery codes, shown once. */
    async confirm(token: string, code: string, client: SessionClient) {
      const { user, jti, expiresAt } = await readToken(token, 'setup');
      const succeeded = await reserveAttempt(user, client);
      const factor = await mfa.findFactor(user.id);
      const secret = factor && !factor.confirmedAt ? keys.decrypt(factor.secretEncrypted, user.id) : undefined;
      if (!secret) throw appError('mfa.not_in_setup');
      const step = stepOf(secret, user.username, code);
      if (step === undefined) throw appError('mfa.invalid_code');
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await db.transaction(async (tx) => {
        if (!(await mfa.useToken(jti, expiresAt, tx))) throw appError('mfa.token_invalid');
        if (!(await mfa.acceptStep(user.id, step, true, tx))) throw appError('mfa.not_in_setup');
        await mfa.replaceRecoveryCodes(user.id, recoveryCodes.map(recoveryCodeHash), tx);
        await deps.events.record(tx, accountNotice('second_step_set_up', user, client));
      });
      await succeeded();
      await pruneTokens();
      await auditFactor(user, 'auth.mfa_set_up');
      return { user, recoveryCodes };
    },

    /** A code (good once) or an unused recovery code: answers the user, to start a session. */
    async verify(input: { mfa_token: string; code?: string | undefined; recovery_code?: string | undefined }, client: SessionClient) {
      const { user, jti, expiresAt } = await readToken(input.mfa_token, 'verify');
      const succeeded = await reserveAttempt(user, client);
      const factor = await mfa.findFactor(user.id);
      const secret = factor?.confirmedAt ? keys.decrypt(factor.secretEncrypted, user.id) : undefined;
      if (!secret) throw appError('mfa.not_in_setup');
      if (input.code !== undefined) {
        const step = stepOf(secret, user.username, input.code);
        if (step === undefined) throw appError('mfa.invalid_code');
        await db.transaction(async (tx) => {
          if (!(await mfa.acceptStep(user.id, step, false, tx))) throw appError('mfa.code_reused');
          if (!(await mfa.useToken(jti, expiresAt, tx))) throw appError('mfa.token_invalid');
        });
      } else {
        await db.transaction(async (tx) => {
          if (!(await mfa.useRecoveryCode(user.id, recoveryCodeHash(input.recovery_code ?? ''), tx))) throw appError('mfa.invalid_recovery_code');
          if (!(await mfa.useToken(jti, expiresAt, tx))) throw appError('mfa.token_invalid');
        });
        await auditFactor(user, 'auth.mfa_recovery_code_used');
      }
      await succeeded();
      await pruneTokens();
      return user;
    },

    /**
     * An administrator's reset of a staff account's second factor, audited in its transaction: the account sets
     * it up again at its next sign-in, its wrong-code counters cleared. The caller ends the account's sessions (a lost phone is the usual reason).
     */
    async resetByAdmin(admin: Principal, userId: number) {
      await db.transaction(async (tx) => {
        const target = await mfa.findUser(userId, tx);
        if (!target) throw appError('users.not_found');
        if (!isStaff(target.role)) throw appError('mfa.not_staff');
        const hadFactor = await mfa.deleteFactor(userId, tx);
        // The owner hears of it; the device and network would be the administrator's, so the notice names neither.
        await deps.events.record(tx, accountNotice('second_step_reset', target));
        // A reset is the way back for an officer locked out by wrong codes: their next set-up starts unthrottled.
        await throttle.clearFailuresOf(userId, tx);
        const summary = { username: target.username, role: target.role, had_factor: hadFactor };
        await audit.record({ actor: actorOf(admin), action: 'auth.mfa_reset', subject: { type: 'user', id: userId }, summary }, tx);
      });
    },

    /** Development only: a demo account's fixed secret (README), confirmed, unless it has a factor. */
    async seedDemoSecret(userId: number, secret: string) {
      await mfa.putConfirmedSecretIfAbsent(userId, keys.encrypt(secret, userId));
    },
  };
}
export type MfaService = ReturnType<typeof createMfaService>;
