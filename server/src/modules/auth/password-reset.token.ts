import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const TOKEN_SHAPE = /^([1-9]\d{0,9})\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/;

/**
 * Password-reset links, stateless and single-use: a token is `<user id>.<expiry>.<signature>`, the signature an
 * HMAC (under a key derived from the token secret for this purpose only) over the user, the expiry and the
 * account's password hash at the time. Nothing of the token is stored: setting a new password (by this link,
 * another, or a change) changes the hash, and every link made before stops working. `binding` names the
 * password hash a link is for without revealing it, so a message queued for a password since replaced is not sent.
 */
export function passwordResetTokens(tokenSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', tokenSecret, 'pes-password-reset', 'pes-password-reset-link', 32));
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  const signature = (userId: number, expiresAt: number, passwordHash: string) => mac(`link:${userId}:${expiresAt}:${passwordHash}`);
  return {
    binding: (userId: number, passwordHash: string) => mac(`binding:${userId}:${passwordHash}`).slice(0, 22),
    issue: (userId: number, expiresAt: number, passwordHash: string) => `${userId}.${expiresAt}.${signature(userId, expiresAt, passwordHash)}`,
    /** The user and expiry a token claims (not yet checked); undefined for anything not shaped like a token. */
    parse(token: string) {
      const match = TOKEN_SHAPE.exec(token);
      if (!match) return undefined;
      return { userId: Number(match[1]), expiresAt: Number(match[2]), signature: match[3]! };
    },
    /** Whether the signature is the one for this user, expiry and (current) password hash. */
    verify(claimed: { userId: number; expiresAt: number; signature: string }, passwordHash: string) {
      const expected = Buffer.from(signature(claimed.userId, claimed.expiresAt, passwordHash));
      const given = Buffer.from(claimed.signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type PasswordResetTokens = ReturnType<typeof passwordResetTokens>;
