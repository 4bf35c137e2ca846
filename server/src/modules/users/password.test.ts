import { describe, expect, it, vi } from 'vitest';
import { DEMO_CITIZEN_PASSWORD } from '../../seed/demo-accounts';

describe('password hashing', () => {
  it("hashes with Argon2id at OWASP's minimum unless a test suite asked for its own cost, and verifies either", async () => {
    // A fresh copy of the module: this suite's setup file switched the shared one to the tests' cost.
    vi.resetModules();
    const fresh = await import('./password');
    const standard = await fresh.hashPassword(DEMO_CITIZEN_PASSWORD);
    expect(standard).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    fresh.useTestPasswordHashing();
    const light = await fresh.hashPassword(DEMO_CITIZEN_PASSWORD);
    expect(light).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    for (const made of [standard, light]) {
      expect(await fresh.verifyPassword(made, DEMO_CITIZEN_PASSWORD)).toBe(true);
      expect(await fresh.verifyPassword(made, 'Citizen@124')).toBe(false);
    }
    expect(await fresh.verifyPassword('not a hash', DEMO_CITIZEN_PASSWORD)).toBe(false);
  });
});
