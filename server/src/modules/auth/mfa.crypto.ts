import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Keys of the second factor, each derived (HKDF-SHA-256) from the token secret for one purpose, so neither
 * is the session tokens' key: `secretKey` encrypts the stored TOTP secrets (AES-256-GCM), `tokenKey` signs
 * mfa_tokens (an mfa_token can never pass as a session token). A new TOKEN_SECRET makes the stored secrets
 * unreadable: staff then set their second factor up again (mfa.service answers `setup`).
 */
export function mfaKeys(tokenSecret: string) {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', tokenSecret, 'pes-mfa', info, 32));
  const secretKey = derive('pes-mfa-secret-encryption');
  return {
    tokenKey: new Uint8Array(derive('pes-mfa-token-signing')),
    /** `v1.<iv>.<tag>.<ciphertext>`, base64url; the user id is authenticated data (a row copied to another user fails). */
    encrypt(plain: string, userId: number) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', secretKey, iv);
      cipher.setAAD(Buffer.from(`user:${userId}`));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    /** The secret, or undefined when it was encrypted under another key (or altered). */
    decrypt(stored: string, userId: number): string | undefined {
      const [version, iv, tag, data] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', secretKey, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(`user:${userId}`));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

/** Recovery-code alphabet: no 0/o, 1/l/i look-alikes; 16 characters of 32 symbols = 80 bits. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCode() {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}-${chars.slice(12, 16)}`;
}

/**
 * A recovery code's stored form: SHA-256 of the code without dashes, in lower case. The codes are random
 * with ~79 bits of entropy, so a fast hash cannot be brute-forced (a slow one such as argon2 protects
 * guessable secrets like passwords, and would make checking ten codes cost ten argon2 runs).
 */
export const recoveryCodeHash = (code: string) => createHash('sha256').update(code.replace(/[-\s]/g, '').toLowerCase()).digest('base64url');
