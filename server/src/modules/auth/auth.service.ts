import { createHmac, randomBytes } from 'node:crypto';
import { isIPv6 } from 'node:net';
import {
  AREA_ROLE,
  normaliseIdentity,
  type Branch,
  type CurrentUser,
  type Role,
  type LoginRequest,
  type SignupCitizenFields,
  type SignupFileField,
} from '@pes/contracts';
import { appError } from '../../app-error';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Principal } from '../../http/principal';
import type { AuditService } from '../audit/audit.service';
import type { FilesService } from '../files/files.service';
import type { UploadedFile } from '../../http/uploaded-file';
import type { UsersService } from '../users/users.service';
import type { AuthRepository, SessionClient } from './auth.repository';
import { accountNotice } from './account-notices';
import { addressClass, describeDevice } from './sessions.device';
import type { EventRecorder } from '../jobs/domain-events';
import { hashPassword, timingSafeDummyVerify, verifyPassword } from '../users/password';
import { assertNewPasswordAllowed } from '../users/password-policy';
import type { PrincipalCache } from './principal-cache';
import type { TokenClaims, TokenSigner } from './tokens';
import type { NotificationsService } from '../notifications/notifications.service';
import type { MfaService } from './mfa.service';
import type { SessionIdle } from './session-idle';
import type { SessionLastUse } from './sessions.last-used';
import type { SignupPhotoService } from './signup-photo.service';

/**
 * Sign-in attempts allowed per window. Each is reserved before the password is checked, so parallel guesses
 * cannot pass the limits. One address's failures block that address (on that account, or on all after 30),
 * not the account: only attempts from addresses the account has never signed in from count towards the
 * account-wide limit, so its owner, from an address used before, still signs in.
 */
export const LOGIN_THROTTLE = {
  windowSeconds: 15 * 60,
  perAccountAndAddress: 5,
  perAddress: 30,
  perAccountFromNewAddresses: 10,
} as const;

/**
 * The forms in which sign-in keeps anything derived from a client address, each an HMAC under the address
 * secret (ADDRESS_HASH_SECRET, never the token secret): a known address, bound to the account (the same
 * address hashes differently per account), and the throttling keys ("user:<name>@<address>", "ip:<address>",
 * "user-new:<name>"). Without the secret, a hash cannot be tried against the 2^32 IPv4 addresses.
 */
export function addressHashes(secret: string) {
  const mac = (text: string) => createHmac('sha256', secret).update(text).digest('base64url');
  return {
    knownAddress: (userId: number, address: string) => mac(`pes-login-address:${userId}:${address}`),
    /** A device as new-device notices tell them apart: browser and system without versions, and the network. */
    knownDevice: (userId: number, client: SessionClient) =>
      mac(`pes-login-device:${userId}:${describeDevice(client.userAgent)?.replace(/ \d+/g, '') ?? '?'}:${addressClass(client.ip) ?? '?'}`),
    throttleKey: (key: string) => mac(`pes-login-throttle:${key}`),
  };
}

/**
 * The throttling key of a client address. IPv6 counts by /64 network, the block one subscriber usually
 * holds (counting single addresses would let one attacker use billions); an IPv4-mapped address is its IPv4 one.
 */
export function addressKey(ip: string) {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return `ip:${mapped[1]}`;
  const bare = ip.split('%')[0]!;
  if (!isIPv6(bare)) return `ip:${ip}`;
  const groupsOf = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const [head = '', tail] = bare.split('::');
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  const groups = tail === undefined ? before : [...before, ...Array(8 - before.length - after.length).fill('0'), ...after];
  return `ip6:${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** A sign-in from a device the account has not used for this many days is from a new device (its owner is told). */
export const NEW_DEVICE_AFTER_DAYS = 90;

/** Refused sign-ins: wait this long (the answer's Retry-After, and its message in minutes). */
const loginThrottled = (retryAfterSeconds: number) =>
  appError('auth.throttled', { params: { minutes: Math.ceil(retryAfterSeconds / 60) }, headers: { 'retry-after': String(retryAfterSeconds) } });

export function createAuthService(deps: {
  db: Database;
  auth: AuthRepository;
  /** Accounts (only what sign-in and sign-up need). */
  users: Pick<UsersService, 'findByUsername' | 'usernameExists' | 'identityExists' | 'insertUser' | 'insertCitizenProfile'>;
  files: FilesService;
  tokens: TokenSigner;
  principals: PrincipalCache;
  audit: Pick<AuditService, 'record'>;
  /** The account's message preferences: a new citizen's language is saved with the account. */
  preferences: Pick<NotificationsService, 'savePreferences'>;
  /** Keys every hash of a client address (`resolveAddressHashSecret`). */
  addressSecret: string;
  /** Staff's second factor: their password answers its next step instead of a session. */
  secondFactor: Pick<MfaService, 'challenge'>;
  /** Staff sessions' idle limit. */
  idle: SessionIdle;
  /** Citizens' sessions' last use, for their list of signed-in devices (staff's is kept by `idle`). */
  lastUse?: SessionLastUse;
  /** Live photos taken on a phone: a signup names one by its handoff key instead of sending the file. */
  livePhotos: Pick<SignupPhotoService, 'useInSignup'>;
  /** A sign-in from a new device: its owner hears of it (account notices). */
  events: EventRecorder;
}) {
  const { db, auth, users, files, tokens, principals, audit } = deps;
  const { knownAddress, knownDevice, throttleKey } = addressHashes(deps.addressSecret);

  /** Officers' and administrators' sign-ins, and refused ones, are audited (citizens' are not). */
  const auditSignIn = async (user: { id: number; username: string; role: Role }, branch: Branch | null, refused?: string) => {
    if (user.role === 'citizen') return;
    const actor = { userId: user.id, username: user.username, role: user.role, branch };
    await audit.record(
      { actor, action: refused ? 'auth.sign_in_refused' : 'auth.sign_in', subject: { type: 'user', id: user.id }, summary: refused ? { reason: refused } : {} },
      db,
    );
  };

  async function loadPrincipal(claims: TokenClaims): Promise<Principal | undefined> {
    const row = await auth.findPrincipal(claims.jti);
    if (!row || row.id !== claims.userId) return undefined;
    return {
      userId: row.id,
      username: row.username,
      role: row.role,
      stationId: row.stationId,
      station: row.station,
      branch: row.branch,
      officerRowId: row.officerRowId,
      officerCode: row.officerCode,
      identityNumber: row.identityNumber,
      identityType: row.identityType,
      fullName: row.officerName ?? (row.citizenFirstName ? `${row.citizenFirstName} ${row.citizenSecondName}` : null),
      address: row.citizenAddress,
      jti: claims.jti,
      exp: claims.exp,
    };
  }

  let lastPrune = 0;
  /** Old failure windows are deleted now and then, so guessing random usernames cannot grow the table forever. */
  const pruneFailures = async () => {
    if (Date.now() - lastPrune < 60_000) return;
    lastPrune = Date.now();
    await auth.pruneFailures(LOGIN_THROTTLE.windowSeconds);
  };

  /** A signed-in session: the token, its session row, its principal read through the cache, and the audit entry. */
  async function startSession(user: { id: number; username: string; role: Role }, client: SessionClient = {}) {
    const issued = await tokens.issue(user.id, user.role);
    await auth.createSession(issued.jti, user.id, new Date(issued.exp * 1000), client);
    // A new device: browser and system (versions ignored) with the network, not seen for the account in 90 days.
    if (client.ip) {
      const device = await auth.rememberDevice(user.id, knownDevice(user.id, client), NEW_DEVICE_AFTER_DAYS);
      if (!device.known && !device.firstEver) await deps.events.record(db, accountNotice('new_device', user, client));
    }
    // Read through the cache, so the session's first requests find their principal in memory.
    const principal = await principals.getOrLoad(issued.jti, () => loadPrincipal(issued));
    await auditSignIn(user, principal?.branch ?? null);
    return { token: issued.token, role: user.role, branch: principal?.branch ?? null, expires_at: issued.exp };
  }

  return {
    async login(input: LoginRequest, ip: string, userAgent?: string) {
      const account = input.username.trim().toLowerCase();
      const address = addressKey(ip);
      const user = await users.findByUsername(input.username);
      const known = user ? await auth.isKnownAddress(user.id, knownAddress(user.id, address)) : false;
      const pairKey = throttleKey(`user:${account}@${address}`);
      const addressOnly = throttleKey(address);
      const fromNewAddresses = throttleKey(`user-new:${account}`);
      const sharedKeys = [addressOnly, ...(known ? [] : [fromNewAddresses])];
      const wait = await auth.reserveAttempts(
        [
          { key: pairKey, limit: LOGIN_THROTTLE.perAccountAndAddress },
          { key: addressOnly, limit: LOGIN_THROTTLE.perAddress },
          ...(known ? [] : [{ key: fromNewAddresses, limit: LOGIN_THROTTLE.perAccountFromNewAddresses }]),
        ],
        LOGIN_THROTTLE.windowSeconds,
      );
      if (wait > 0) throw loginThrottled(wait);

      const ok = user ? await verifyPassword(user.passwordHash, input.password) : await timingSafeDummyVerify(input.password);
      if (!user || !ok) {
        await pruneFailures();
        if (user) await auditSignIn(user, null, 'invalid_credentials');
        throw appError('auth.invalid_credentials');
      }
      // Only the account's own password learns that it is deactivated: anyone else hears "invalid", as for no account.
      if (!user.active) {
        await auditSignIn(user, null, 'deactivated');
        throw appError('auth.account_deactivated');
      }
      // A success: this address's count on the account starts again, and the shared counts get the attempt back.
      await auth.clearFailures(pairKey);
      await auth.releaseAttempts(sharedKeys);
      await auth.rememberAddress(user.id, knownAddress(user.id, address));
      if (input.area && AREA_ROLE[input.area] !== user.role) {
        await auditSignIn(user, null, `wrong_area:${input.area}`);
        throw appError('auth.wrong_area', { params: { area: input.area } });
      }

      // Officers and administrators answer their second factor next (mfa.service.ts); the session starts after it.
      if (user.role !== 'citizen') return deps.secondFactor.challenge(user);
      return startSession(user, { ip, userAgent });
    },

    startSession,

    async logout(principal: Principal) {
      await auth.revokeSessions({ jti: principal.jti });
      // Other instances hear it from the database; this one forgets at once.
      principals.forgetSession(principal.jti);
    },

    /** Ends every session of a user (a new password, a deactivation), on every instance. */
    async revokeUserSessions(userId: number) {
      await auth.revokeSessions({ userId });
      principals.forgetUser(userId);
    },

    /**
     * principalFromToken's answer when this instance holds everything it needs in memory (the token checked before,
     * the session's principal cached, its last use written within the minute): most requests of a session. Undefined
     * when principalFromToken must look further; never a principal it would refuse.
     */
    knownPrincipal(token: string): Principal | undefined {
      const claims = tokens.verifiedBefore(token);
      const principal = claims && principals.get(claims.jti);
      if (!claims || principal?.userId !== claims.userId) return undefined;
      const inMemory = principal.role === 'citizen' ? (deps.lastUse?.recentlyWritten(claims.jti) ?? true) : deps.idle.touchInMemory(claims.jti);
      return inMemory ? principal : undefined;
    },

    /** The principal behind a bearer token: signed by us, unexpired, not revoked, of an active user. */
    async principalFromToken(token: string): Promise<Principal | undefined> {
      const claims = await tokens.verify(token);
      if (!claims) return undefined;
      const principal = await principals.getOrLoad(claims.jti, () => loadPrincipal(claims));
      if (principal?.userId !== claims.userId) return undefined;
      // Staff sessions end after 30 minutes without a request.
      if (principal.role !== 'citizen' && !(await deps.idle.touch(claims.jti))) {
        principals.forgetSession(claims.jti);
        return undefined;
      }
      if (principal.role === 'citizen') await deps.lastUse?.touch(claims.jti);
      return principal;
    },

    currentUser(p: Principal): CurrentUser {
      return {
        id: p.userId,
        username: p.username,
        role: p.role,
        branch: p.branch,
        station: p.station,
        officerId: p.officerCode,
        identity_number: p.identityNumber,
        identity_type: p.identityType,
        full_name: p.fullName,
        address: p.address,
      };
    },

    /** A citizen's account with its identity photos (stored with it, or not at all). */
    async signupCitizen(input: SignupCitizenFields, photos: Partial<Record<SignupFileField, UploadedFile>>) {
      await assertNewPasswordAllowed(input.password, 'citizen', 'password', {
        username: input.username,
        names: [input.first_name, input.second_name, input.email.split('@')[0]],
      });
      if (await users.usernameExists(input.username)) throw appError('auth.username_taken');
      // One person, one account: a NIC in either form is stored and compared in its 12-digit form.
      const identityNumber = normaliseIdentity(input.identity_type, input.identity_number);
      if (await users.identityExists(input.identity_type, identityNumber)) throw appError('auth.identity_taken');

      const passwordHash = await hashPassword(input.password);
      // A passport has one side: a back photo sent with one is not kept. Nor is a live photo sent beside a handoff's.
      const { identity_photo_back, live_photo, ...always } = photos;
      const handoff = input.live_photo_handoff;
      const uploads = [
        ...Object.values(always),
        ...(input.identity_type === 'NIC' && identity_photo_back ? [identity_photo_back] : []),
        ...(!handoff && live_photo ? [live_photo] : []),
      ];
      try {
        return await files.withStagedFiles(uploads, (staged) =>
          db.transaction(async (tx) => {
            const user = await users.insertUser({ username: input.username, passwordHash, role: 'citizen', stationId: null }, tx);
            const ids: Partial<Record<string, number>> = {};
            for (const file of staged) ids[file.field] = (await files.recordClaimed(file, { purpose: 'citizen_identity', ownerUserId: user.id }, tx)).id;
            // The photo taken on the phone becomes this account's, once (refused: nothing of the signup is kept).
            if (handoff) ids.live_photo = await deps.livePhotos.useInSignup(handoff, user.id, tx);
            await users.insertCitizenProfile(
              {
                userId: user.id,
                firstName: input.first_name,
                secondName: input.second_name,
                dateOfBirth: input.date_of_birth,
                email: input.email,
                mobileNumber: input.mobile_number,
                identityType: input.identity_type,
                identityNumber,
                address: input.address,
                maritalStatus: input.marital_status,
                identityPhotoFrontId: ids.identity_photo_front ?? null,
                identityPhotoBackId: ids.identity_photo_back ?? null,
                livePhotoId: ids.live_photo ?? null,
              },
              tx,
            );
            await deps.preferences.savePreferences(user.id, { language: input.language, notify_email: true, notify_sms: true }, tx);
            return { id: user.id, username: user.username };
          }),
        );
      } catch (err) {
        if (isUniqueViolation(err, 'users_username_uq')) throw appError('auth.username_taken');
        if (isUniqueViolation(err, 'citizen_identity_uq')) throw appError('auth.identity_taken');
        throw err;
      }
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

/** The signing secret: from TOKEN_SECRET, or (development only) one generated once and shared through the database. */
export async function resolveTokenSecret(configured: string | undefined, auth: AuthRepository) {
  if (configured) return configured;
  return auth.putSettingIfAbsent('dev_token_secret', randomBytes(48).toString('base64url'));
}

/**
 * The secret that keys every hash of a client address: from ADDRESS_HASH_SECRET (required in production),
 * or (development only) one generated once and shared through the database. The database keeps a
 * fingerprint of the secret its hashes were made with; when the secret is another (the first start after
 * address hashes were keyed, or a new secret), the hashes made with the old one are deleted, not left
 * behind: they could no longer be matched, only reversed by whoever holds the old secret.
 */
export async function resolveAddressHashSecret(configured: string | undefined, auth: AuthRepository) {
  const secret = configured ?? (await auth.putSettingIfAbsent('dev_address_hash_secret', randomBytes(48).toString('base64url')));
  const fingerprint = createHmac('sha256', secret).update('pes-address-hash-secret-fingerprint').digest('base64url');
  const replaced = await auth.adoptAddressHashKey(fingerprint);
  return { secret, replaced };
}
