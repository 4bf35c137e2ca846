import { describe, expect, it } from 'vitest';
import { DB_KINDS, type TestApp } from '../../../test/harness';
import { bearer, imageFile, multipart, nextCitizenAddress, onTestApp, signInAdmin, unique, validSignupFields } from '../../../test/helpers';
import { isCommonPassword } from './password-policy';

describe('the common-password list', () => {
  it.each(['123456', 'password', 'Password1', 'SECRET12', 'abc123', 'iloveyou', 'qwerty123', 'P@ssw0rd'])('%s is common', async (password) => {
    expect(await isCommonPassword(password)).toBe(true);
  });
  // The published demo passwords must still sign in, and the fixtures' still be set.
  it.each(['Admin@12345', 'Officer@123', 'Citizen@123', 'Citizen@2026', 'Officer@2026', 'Str0ngPass!', 'Sigiriya-Rock-77'])('%s is not', async (password) => {
    expect(await isCommonPassword(password)).toBe(false);
  });
});

describe.each(DB_KINDS)('common passwords refused where a password is set, on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  onTestApp(kind, async (app) => ((t = app), (admin = await signInAdmin(app))));

  it('at citizen signup, naming password, and nothing is stored', async () => {
    const img = await imageFile();
    const fields = validSignupFields({ password: 'Password1' });
    const body = multipart(fields, { identity_photo_front: img, identity_photo_back: img, live_photo: img });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup-citizen', remoteAddress: nextCitizenAddress(), ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('password.common');
    expect(res.json().error.fieldKeys).toEqual({ password: 'passwordCommon' });
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: fields.username, password: 'Password1' } });
    expect(signIn.statusCode).toBe(401);
  });

  it('at officer creation, naming password', async () => {
    const payload = {
      username: unique('officer'),
      password: 'abc123',
      full_name: 'Ruwan Kumara',
      officer_id: unique('PC-').toUpperCase(),
      branch: 'Crime Branch',
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/users/create-officer', headers: bearer(admin), payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fieldKeys).toEqual({ password: 'passwordCommon' });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/create-officer',
      headers: bearer(admin),
      payload: { ...payload, password: 'q7#Lm2' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
