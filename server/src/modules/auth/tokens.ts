import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import type { Role } from '@pes/contracts';

export interface TokenClaims {
  userId: number;
  role: Role;
  jti: string;
  exp: number;
}

export function createTokenSigner(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(userId: number, role: Role, now = Date.now()): Promise<TokenClaims & { token: string }> {
      const jti = randomUUID();
      const exp = Math.floor(now / 1000) + ttlSeconds;
      const token = await new SignJWT({ role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setJti(jti)
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(exp)
        .sign(key);
      return { token, userId, role, jti, exp };
    },
    /** The claims of a valid, unexpired token signed by us; undefined for anything else. */
    async verify(token: string): Promise<TokenClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return undefined;
        return { userId, role: payload.role as Role, jti: payload.jti, exp: payload.exp };
      } catch (err) {
        if (err instanceof errors.JOSEError || err instanceof TypeError) return undefined;
        throw err;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
