import { describe, expect, it } from 'vitest';
import { signInPathFor } from '../../paths';
import { devicesPathFor } from './nav-items';

describe('devicesPathFor', () => {
  it("leads each role to the signed-in devices page of its own area, whose 401 goes to that area's sign-in page", () => {
    const cases = [
      { role: 'citizen', branch: null, path: '/account/devices', signIn: '/login' },
      { role: 'police_officer', branch: 'Crime Branch', path: '/police/devices', signIn: '/police/login' },
      { role: 'admin', branch: null, path: '/admin/devices', signIn: '/admin' },
    ] as const;
    for (const { role, branch, path, signIn } of cases) {
      expect(devicesPathFor({ role, branch })).toBe(path);
      expect(signInPathFor(path)).toBe(signIn);
    }
  });
});
