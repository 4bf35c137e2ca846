import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { DB_KINDS, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, login, unique, onTestApp, signInAdmin } from '../../../test/helpers';
import { officers, users } from '../users/users.table';

describe.each(DB_KINDS)('create-officer on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  onTestApp(kind, async (app) => ((t = app), (adminToken = await signInAdmin(app))));

  const validOfficer = (overrides: Record<string, unknown> = {}) => ({
    username: unique('officer'),
    password: 'Wattle-Junction-Papaya-93',
    full_name: 'Ruwan Kumara',
    officer_id: unique('PC-').toUpperCase(),
    branch: 'Crime Branch',
    ...overrides,
  });
  const create = (payload: unknown, headers: Record<string, string> = bearer(adminToken)) =>
    t.app.inject({ method: 'POST', url: '/api/admin/users/create-officer', headers, payload: payload as object });
  const counts = async () => ({
    users: (await t.database.db.select({ n: count() }).from(users))[0]!.n,
    officers: (await t.database.db.select({ n: count() }).from(officers))[0]!.n,
  });

  it('refuses a password of spaces only, and keeps surrounding spaces of a real one', async () => {
    const blank = await create(validOfficer({ password: '      ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fieldKeys).toEqual({ password: 'passwordBlank' });
    const spaced = validOfficer({ password: '  Lagoon-Pelican-Drums-93  ' });
    expect((await create(spaced)).statusCode).toBe(201);
    const signIn = (password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: spaced.username, password } });
    expect((await signIn('Lagoon-Pelican-Drums-93')).statusCode).toBe(401);
    expect((await signIn('  Lagoon-Pelican-Drums-93  ')).statusCode).toBe(200);
  });

  describe('who may call it', () => {
    it('refuses a caller without a token (401)', async () => {
      const res = await create(validOfficer(), {});
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('auth.unauthenticated');
    });

    it('refuses a citizen (403), whatever x-user-role says', async () => {
      const c = await createCitizen(t);
      const before = await counts();
      for (const headers of [bearer(c.token), { ...bearer(c.token), 'x-user-role': 'admin' }]) {
        const res = await create(validOfficer(), headers);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('auth.forbidden');
      }
      expect(await counts()).toEqual(before);
    });

    it('refuses a police officer (403)', async () => {
      const o = await createOfficer(t, 'Admin Branch', { adminToken });
      for (const headers of [bearer(o.token), { ...bearer(o.token), 'x-user-role': 'admin' }]) {
        expect((await create(validOfficer(), headers)).statusCode).toBe(403);
      }
    });

    it('checks the caller before the body (a citizen sending a bad body still gets 403)', async () => {
      const c = await createCitizen(t);
      expect((await create({ nonsense: true }, bearer(c.token))).statusCode).toBe(403);
    });
  });

  describe('validation', () => {
    it.each(['username', 'password', 'full_name', 'officer_id', 'branch'])('requires %s', async (field) => {
      const before = await counts();
      const res = await create(validOfficer({ [field]: undefined }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation.failed',
        fieldKeys: { [field]: 'allRequiredFields' },
        fields: { [field]: 'All required fields must be filled.' },
      });
      expect(await counts()).toEqual(before);
    });

    it.each([
      ['password', 'abc12', 'officerPasswordLength'],
      ['password', 'x'.repeat(129), 'passwordTooLong'],
      ['branch', 'Cyber Branch', 'allRequiredFields'],
      ['username', 'has space', 'usernameFormat'],
      ['full_name', '   ', 'allRequiredFields'],
      ['officer_id', 12345, 'allRequiredFields'],
      ['rank', 'r'.repeat(65), 'tooLong'],
    ])('refuses %s = %j (%s)', async (field, value, key) => {
      const res = await create(validOfficer({ [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fieldKeys).toEqual({ [field]: key });
    });

    it('refuses a 6-character password now: long enough, but under a staff account’s score', async () => {
      const res = await create(validOfficer({ password: 'q7#Lm2' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'password.weak', fieldKeys: { password: 'passwordWeak' } });
    });

    it('refuses an unknown station, naming it', async () => {
      const before = await counts();
      const res = await create(validOfficer({ station: 'Atlantis Police Station' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'stations.unknown', fieldKeys: { station: 'unknownStation' } });
      expect(await counts()).toEqual(before);
    });

    it('names every missing field at once', async () => {
      const res = await create({});
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fieldKeys).sort()).toEqual(['branch', 'full_name', 'officer_id', 'password', 'username']);
    });
  });

  describe('creation', () => {
    it("defaults the badge number to the officer ID and the station to the administrator's", async () => {
      const input = validOfficer({ rank: 'Sergeant' });
      const res = await create(input);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        success: true,
        officer: {
          username: input.username,
          full_name: 'Ruwan Kumara',
          officer_id: input.officer_id,
          badge_number: input.officer_id,
          rank: 'Sergeant',
          branch: 'Crime Branch',
          station: 'Kollupitiya Police Station',
        },
      });
    });

    it('uses the station and badge number given, and a blank badge number counts as none', async () => {
      const res = await create(validOfficer({ station: 'Slave Island Police', badge_number: 'B-778' }));
      expect(res.json().officer).toMatchObject({ station: 'Slave Island Police', badge_number: 'B-778' });
      const blank = validOfficer({ badge_number: '  ' });
      expect((await create(blank)).json().officer.badge_number).toBe(blank.officer_id);
    });

    it('lets the new officer sign in on the police page and shows branch, station and officer ID', async () => {
      const input = validOfficer({ branch: 'Traffic Fine Branch', station: 'Slave Island Police' });
      expect((await create(input)).statusCode).toBe(201);
      const token = await login(t, input.username, input.password, 'police');
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/getCurrentUserInfo', headers: bearer(token) });
      expect(me.json().user).toMatchObject({
        username: input.username,
        role: 'police_officer',
        branch: 'Traffic Fine Branch',
        station: 'Slave Island Police',
        officerId: input.officer_id,
        identity_number: null,
        full_name: 'Ruwan Kumara',
      });
    });

    it('refuses a duplicate username (any letter case, citizens included) and a duplicate officer ID, storing nothing', async () => {
      const first = validOfficer();
      expect((await create(first)).statusCode).toBe(201);
      const citizen = await createCitizen(t);
      const before = await counts();

      for (const username of [first.username.toUpperCase(), citizen.username]) {
        const res = await create(validOfficer({ username }));
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toMatchObject({ code: 'auth.username_taken', fieldKeys: { username: 'usernameTaken' } });
      }
      const dupId = await create(validOfficer({ officer_id: first.officer_id.toLowerCase() }));
      expect(dupId.statusCode).toBe(409);
      expect(dupId.json().error).toMatchObject({ code: 'users.officer_id_taken', fieldKeys: { officer_id: 'officerIdTaken' } });
      expect(await counts()).toEqual(before);
    });

    it('creates exactly one of two identical officers sent together', async () => {
      const input = validOfficer();
      const before = await counts();
      const results = await Promise.all([create(input), create(input)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await counts()).toEqual({ users: before.users + 1, officers: before.officers + 1 });
    });
  });
});
