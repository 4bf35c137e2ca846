import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import { ROLES, type Role } from '@pes/contracts';

export interface TokenClaims {
  userId: number;
  role: Role;
  jti: string;
  exp: number;
}

const MAX_TOKEN_LENGTH = 2048;
/** Three unpadded base64url segments: only the canonical form of a token is accepted. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** Tokens whose signature was already checked; bounded so a flood of tokens cannot grow it. */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Session tokens: HS256 JWTs (jose). The HMAC key is imported once, and a token's signature is checked
 * once per process: the same string carries the same claims, so later requests only re-check its expiry.
 * Revocation does not depend on this: the session behind the token must still be live (principal-cache.ts).
 */
export function createTokenSigner(secret: string, ttlSeconds: number) {
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const verified = new Map<string, TokenClaims>();

  async function checkSignature(token: string, now: number): Promise<TokenClaims | undefined> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], currentDate: new Date(now) }));
    } catch (err) {
      if (err instanceof errors.JOSEError || err instanceof TypeError) return undefined;
      throw err;
    }
    const userId = Number(payload.sub);
    if (typeof payload.sub !== 'string' || !Number.isInteger(userId) || userId <= 0) return undefined;
    if (typeof payload.exp !== 'number' || typeof payload.jti !== 'string') return undefined;
    if (!ROLES.includes(payload.role as Role)) return undefined;
    if (payload.nbf !== undefined && payload.nbf * 1000 > now) return undefined;
    return { userId, role: payload.role as Role, jti: payload.jti, exp: payload.exp };
  }

  /** The claims of a token whose signature this process has already checked, while unexpired; else undefined. */
  function verifiedBefore(token: string, now = Date.now()): TokenClaims | undefined {
    const known = verified.get(token);
    if (!known) return undefined;
    if (known.exp * 1000 > now) return known;
    verified.delete(token);
    return undefined;
  }

  return {
    async issue(userId: number, role: Role, now = Date.now()): Promise<TokenClaims & { token: string }> {
      const jti = randomUUID();
      const iat = Math.floor(now / 1000);
      const exp = iat + ttlSeconds;
      const token = await new SignJWT({ role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setJti(jti)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(await key);
      return { token, userId, role, jti, exp };
    },

    verifiedBefore,

    /** The claims of a valid, unexpired token signed by us; undefined for anything else. */
    async verify(token: string, now = Date.now()): Promise<TokenClaims | undefined> {
      if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH || !TOKEN_SHAPE.test(token)) return undefined;
      if (verified.has(token)) return verifiedBefore(token, now);
      const claims = await checkSignature(token, now);
      if (claims) {
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
      }
      return claims;
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
