import { hash, verify } from '@node-rs/argon2';

/** Argon2id (the library's Algorithm.Argon2id, a const enum). */
const ARGON2ID = 2;

/** OWASP's minimum for Argon2id (19 MiB, two passes): about 45 ms a hash on the project's two-core machines. */
const PASSWORD_HASHING = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * The test suites' hashing (test/setup-file.ts): the same algorithm at 1 MiB and one pass, ~1.5 ms. The API tests hash
 * and verify thousands of passwords (every citizen they sign up and sign in): at production cost that was a fifth of
 * the heaviest files' time. A hash names its own parameters, so verifying works whichever cost made it.
 */
const TEST_HASHING = { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

let hashing: typeof PASSWORD_HASHING | typeof TEST_HASHING = PASSWORD_HASHING;

/** For the test suites only: nothing in the server calls it. */
export function useTestPasswordHashing() {
  hashing = TEST_HASHING;
}

export const hashPassword = (password: string) => hash(password, hashing);

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the username is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;
export const timingSafeDummyVerify = async (password: string) => {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
};
