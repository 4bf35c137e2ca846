import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import {
  createCitizen,
  createOfficer,
  imageFile,
  multipart,
  nextCitizenAddress,
  storedState,
  uniqueNic,
  uniqueOldNic,
  validSignupFields,
  type FilePart,
} from '../../../test/helpers';

describe.each(DB_KINDS)('citizen signup conflicts on %s', (kind) => {
  let t: TestApp;
  let photo: FilePart;
  beforeAll(async () => {
    t = await startTestApp(kind);
    photo = await imageFile();
  });
  afterAll(() => t?.close());

  const signup = (fields: Record<string, string | undefined>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signup-citizen',
      remoteAddress: nextCitizenAddress(),
      ...multipart(fields, { identity_photo_front: photo, identity_photo_back: photo, live_photo: photo }),
    });

  it('refuses a username taken in another letter case, storing nothing', async () => {
    const c = await createCitizen(t);
    const before = await storedState(t);
    const res = await signup(validSignupFields({ username: c.username.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'auth.username_taken', fieldKeys: { username: 'usernameTaken' } });
    expect(await storedState(t)).toEqual(before);
  });

  it("refuses an officer's or the administrator's username", async () => {
    const officer = await createOfficer(t, 'Crime Branch');
    for (const username of [officer.username, 'ADMIN']) {
      const res = await signup(validSignupFields({ username }));
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('auth.username_taken');
    }
  });

  it('refuses an identity number already registered (an old NIC in either letter case), storing nothing', async () => {
    const nic = uniqueOldNic();
    expect((await signup(validSignupFields({ identity_number: nic }))).statusCode).toBe(201);
    const before = await storedState(t);
    for (const identity_number of [nic, nic.toLowerCase()]) {
      const res = await signup(validSignupFields({ identity_number }));
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'auth.identity_taken', fieldKeys: { identity_number: 'identityTaken' } });
    }
    expect(await storedState(t)).toEqual(before);
  });

  it('allows the same number as a passport and as a NIC (different documents)', async () => {
    const number = uniqueNic();
    expect((await signup(validSignupFields({ identity_number: number }))).statusCode).toBe(201);
    expect((await signup(validSignupFields({ identity_type: 'Passport', identity_number: number }))).statusCode).toBe(201);
  });

  it('lets exactly one of two identical signups racing each other succeed, and leaves no trace of the other', async () => {
    const before = await storedState(t);
    const fields = validSignupFields();
    const results = await Promise.all([signup(fields), signup(fields)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(['auth.username_taken', 'auth.identity_taken']).toContain(results.find((r) => r.statusCode === 409)!.json().error.code);
    const after = await storedState(t);
    expect(after).toEqual({
      users: before.users + 1,
      citizenProfiles: before.citizenProfiles + 1,
      fileRows: before.fileRows + 3,
      filesOnDisk: before.filesOnDisk + 3,
    });
  });

  it('lets one of two signups racing for the same identity number succeed', async () => {
    const identity_number = uniqueNic();
    const results = await Promise.all([signup(validSignupFields({ identity_number })), signup(validSignupFields({ identity_number }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.code).toBe('auth.identity_taken');
  });
});
