import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen } from '../../../test/helpers';

describe.each(DB_KINDS)('auth session lifecycle on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('signs up, signs in, reads the current user, signs out and then refuses the old token', async () => {
    const c = await createCitizen(t);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/getCurrentUserInfo', headers: bearer(c.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ username: c.username, role: 'citizen', identity_number: c.identityNumber, branch: null });
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(c.token), payload: {} });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(c.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('auth.unauthenticated');
    expect(t.uploadedFiles()).toHaveLength(3);
  });
});
