import { randomBytes } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { AREA_ROLE, type CurrentUser, type LoginRequest, type SignupCitizenFields, type SignupFileField } from '@pes/contracts';
import { appError } from '../../app-error';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Principal } from '../../http/principal';
import type { FilesService } from '../files/files.service';
import type { UploadedFile } from '../files/uploaded-file';
import type { UsersService } from '../users/users.service';
import type { AuthRepository } from './auth.repository';
import { hashPassword, timingSafeDummyVerify, verifyPassword } from './password';
import type { PrincipalCache } from './principal-cache';
import type { TokenClaims, TokenSigner } from './tokens';

export const LOGIN_THROTTLE = {
  windowSeconds: 15 * 60,
  perAccount: 5,
  perAddress: 30,
} as const;

/**
 * The throttling key of a client address. IPv6 counts by /64 network, the block one subscriber usually
 * holds (counting single addresses would let one attacker use billions); an IPv4-mapped address is its IPv4 one.
 */
function addressKey(ip: string) {
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
}) {
  const { db, auth, users, files, tokens, principals } = deps;

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
      jti: claims.jti,
      exp: claims.exp,
    };
  }

  const accountKey = (username: string) => `user:${username.trim().toLowerCase()}`;
  let lastPrune = 0;
  /** Old failure windows are deleted now and then, so guessing random usernames cannot grow the table forever. */
  const pruneFailures = async () => {
    if (Date.now() - lastPrune < 60_000) return;
    lastPrune = Date.now();
    await auth.pruneFailures(LOGIN_THROTTLE.windowSeconds);
  };

  return {
    async login(input: LoginRequest, ip: string) {
      const keys = [accountKey(input.username), addressKey(ip)];
      const waits = await Promise.all([
        auth.throttledFor(keys[0]!, LOGIN_THROTTLE.perAccount, LOGIN_THROTTLE.windowSeconds),
        auth.throttledFor(keys[1]!, LOGIN_THROTTLE.perAddress, LOGIN_THROTTLE.windowSeconds),
      ]);
      const wait = Math.max(...waits);
      if (wait > 0) throw loginThrottled(wait);

      const user = await users.findByUsername(input.username);
      const ok = user && user.active ? await verifyPassword(user.passwordHash, input.password) : await timingSafeDummyVerify(input.password);
      if (!user || !ok) {
        await Promise.all(keys.map((k) => auth.recordFailure(k, LOGIN_THROTTLE.windowSeconds)));
        await pruneFailures();
        throw appError('auth.invalid_credentials');
      }
      await auth.clearFailures(keys[0]!);
      if (input.area && AREA_ROLE[input.area] !== user.role) throw appError('auth.wrong_area', { params: { area: input.area } });

      const issued = await tokens.issue(user.id, user.role);
      await auth.createSession(issued.jti, user.id, new Date(issued.exp * 1000));
      // Read through the cache, so the session's first requests find their principal in memory.
      const principal = await principals.getOrLoad(issued.jti, () => loadPrincipal(issued));
      return { token: issued.token, role: user.role, branch: principal?.branch ?? null, expires_at: issued.exp };
    },

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

    /** The principal behind a bearer token: signed by us, unexpired, not revoked, of an active user. */
    async principalFromToken(token: string): Promise<Principal | undefined> {
      const claims = await tokens.verify(token);
      if (!claims) return undefined;
      const principal = await principals.getOrLoad(claims.jti, () => loadPrincipal(claims));
      return principal?.userId === claims.userId ? principal : undefined;
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
        full_name: p.fullName,
      };
    },

    /** A citizen's account with its identity photos (stored with it, or not at all). */
    async signupCitizen(input: SignupCitizenFields, photos: Partial<Record<SignupFileField, UploadedFile>>) {
      if (await users.usernameExists(input.username)) throw appError('auth.username_taken');
      if (await users.identityExists(input.identity_type, input.identity_number)) throw appError('auth.identity_taken');

      const passwordHash = await hashPassword(input.password);
      // A passport has one side: a back photo sent with one is not kept.
      const { identity_photo_back, ...always } = photos;
      const uploads = [...Object.values(always), ...(input.identity_type === 'NIC' && identity_photo_back ? [identity_photo_back] : [])];
      try {
        return await files.withStagedFiles(uploads, (staged) =>
          db.transaction(async (tx) => {
            const user = await users.insertUser({ username: input.username, passwordHash, role: 'citizen', stationId: null }, tx);
            const ids: Partial<Record<string, number>> = {};
            for (const file of staged) ids[file.field] = (await files.recordClaimed(file, { purpose: 'citizen_identity', ownerUserId: user.id }, tx)).id;
            await users.insertCitizenProfile(
              {
                userId: user.id,
                firstName: input.first_name,
                secondName: input.second_name,
                dateOfBirth: input.date_of_birth,
                email: input.email,
                mobileNumber: input.mobile_number,
                identityType: input.identity_type,
                identityNumber: input.identity_number.toUpperCase(),
                address: input.address,
                maritalStatus: input.marital_status,
                identityPhotoFrontId: ids.identity_photo_front ?? null,
                identityPhotoBackId: ids.identity_photo_back ?? null,
                livePhotoId: ids.live_photo ?? null,
              },
              tx,
            );
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
