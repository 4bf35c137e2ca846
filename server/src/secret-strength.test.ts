import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { estimateSecretBits, SECRET_MIN_BITS, secretProblems } from './secret-strength';

describe('the entropy estimate of a secret', () => {
  it.each([
    ['forty a’s', 'a'.repeat(40)],
    ['a word and a counting sequence', 'password12345678901234567890abcdefgh'],
    ['a phrase repeated', 'password1234'.repeat(3)],
    ['an alphabet typed in order', 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEF'],
    ['a secret repeated', 'e2e-secret-e2e-secret-e2e-secret-e2e-secret'],
    ['a keyboard run and a descending run', 'zyxwvutsrqponmlkjihgfedcba9876543210'],
  ])('refuses %s', (_name, secret) => {
    expect(estimateSecretBits(secret)).toBeLessThan(SECRET_MIN_BITS);
    expect(secretProblems(secret).join(' ')).toMatch(/too little entropy/);
  });

  it('values generated secrets at their alphabet: 4 bits a hex digit, 6 a base64url character', () => {
    for (let i = 0; i < 500; i++) {
      expect(estimateSecretBits(randomBytes(32).toString('hex'))).toBeGreaterThanOrEqual(200);
      expect(estimateSecretBits(randomBytes(32).toString('base64url'))).toBeGreaterThanOrEqual(200);
      expect(estimateSecretBits(randomBytes(32).toString('base64'))).toBeGreaterThanOrEqual(200);
    }
  });

  it('asks for 32 characters at least, whatever their entropy', () => {
    expect(secretProblems(randomBytes(12).toString('base64url')).join(' ')).toMatch(/at least 32 characters/);
    expect(secretProblems(randomBytes(32).toString('hex'))).toEqual([]);
  });
});
