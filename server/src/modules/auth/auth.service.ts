import { randomBytes } from 'node:crypto';
import { isIPv6 } from 'node:net';
import {
  AREA_ROLE,
  requiredSignupFiles,
  signupCitizenFieldsSchema,
  type CurrentUser,
  type LoginRequest,
} from '@pes/contracts';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { badInput } from '../../http/domain-error';
import { zodFieldKeys } from '../../http/error-handler';
import type { MultipartBody } from '../../http/multipart';
import type { Principal } from '../../http/principal';
import type { FilesService } from '../files/files.service';
import type { UsersRepository } from '../users/users.repository';
import type { AuthRepository } from './auth.repository';
import { identityTaken, invalidCredentials, loginThrottled, usernameTaken, wrongArea } from './auth.errors';
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

export function createAuthService(deps: {
  db: Database;
  auth: AuthRepository;
  users: UsersRepository;
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
      officerId: row.officerId,
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
        throw invalidCredentials();
      }
      await auth.clearFailures(keys[0]!);
      if (input.area && AREA_ROLE[input.area] !== user.role) throw wrongArea(input.area);

      const issued = await tokens.issue(user.id, user.role);
      await auth.createSession(issued.jti, user.id, new Date(issued.exp * 1000));
      // Read through the cache, so the session's first requests find their principal in memory.
      const principal = await principals.getOrLoad(issued.jti, () => loadPrincipal(issued));
      return { token: issued.token, role: user.role, branch: principal?.branch ?? null, expires_at: issued.exp };
    },

    async logout(principal: Principal) {
      await auth.revokeSession(principal.jti);
      // Other instances hear it from the database; this one forgets at once.
      principals.forgetSession(principal.jti);
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
        officerId: p.officerId,
        identity_number: p.identityNumber,
        full_name: p.fullName,
      };
    },

    async signupCitizen(body: MultipartBody) {
      const parsed = signupCitizenFieldsSchema.safeParse(body.fields);
      const fieldKeys: Record<string, string> = parsed.success ? {} : zodFieldKeys(parsed.error.issues);
      for (const [field, key] of Object.entries(requiredSignupFiles(body.fields.identity_type))) {
        if (!body.files[field]) fieldKeys[field] ??= key;
      }
      if (!parsed.success || Object.keys(fieldKeys).length > 0) throw badInput(fieldKeys);
      const input = parsed.data;

      if (await users.usernameExists(input.username)) throw usernameTaken();
      if (await users.identityExists(input.identity_type, input.identity_number)) throw identityTaken();

      const passwordHash = await hashPassword(input.password);
      const uploads = Object.values(body.files).filter(
        (f) => f.field !== 'identity_photo_back' || input.identity_type === 'NIC',
      );
      try {
        return await files.withStagedFiles(uploads, (staged) =>
          db.transaction(async (tx) => {
            const user = await users.insertUser(tx, { username: input.username, passwordHash, role: 'citizen', stationId: null });
            const ids: Record<string, number> = {};
            for (const file of staged) ids[file.field] = (await files.record(tx, file, 'citizen_identity', user.id)).id;
            await users.insertCitizenProfile(tx, {
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
            });
            return { id: user.id, username: user.username };
          }),
        );
      } catch (err) {
        if (isUniqueViolation(err, 'users_username_uq')) throw usernameTaken();
        if (isUniqueViolation(err, 'citizen_identity_uq')) throw identityTaken();
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
