import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DB_KINDS, TEST_ADMIN, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, login, unique, onTestApp, signInAdmin } from '../../../test/helpers';
import { complaintFields, createSlot, dayFromToday, submitComplaint } from '../complaints/complaints.fixtures';
import { slotOfficers } from '../slots/slots.table';
import { users } from '../users/users.table';

describe.each(DB_KINDS)('the administrator’s users area on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  onTestApp(kind, async (app) => ((t = app), (admin = await signInAdmin(app))));

  const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const del = (url: string, token = admin) => t.app.inject({ method: 'DELETE', url, headers: bearer(token) });
  const setStatus = (token: string, id: number, status: string) =>
    t.app.inject({ method: 'PUT', url: `/api/police/complaints/${id}/status`, headers: bearer(token), payload: { status } });
  const assign = async (slotId: number, officerRowId: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/slots/${slotId}/assign-officer`,
      headers: bearer(admin),
      payload: { officerId: officerRowId },
    });
    expect(res.statusCode).toBe(200);
  };
  /** A citizen's crime complaint booked into the slot. */
  const book = async (citizenToken: string, slotId: number) => {
    const res = await submitComplaint(t, citizenToken, 'crime', complaintFields('crime', slotId));
    expect(res.statusCode).toBe(201);
    return res.json().complaint as { id: number; reference_number: string };
  };
  const listIds = async (query: string) => ((await get(`/api/admin/users?${query}`)).json().users as Array<{ id: number }>).map((u) => u.id);

  describe('who may call it', () => {
    const routes = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/users/1'],
      ['DELETE', '/api/admin/users/999999'],
      ['POST', '/api/admin/users/999999/reactivate'],
      ['GET', '/api/admin/users/1/complaints'],
      ['GET', '/api/admin/users/1/assigned-complaints'],
      ['GET', '/api/admin/complaints/1'],
      ['GET', '/api/admin/officer-workload'],
      ['GET', '/api/admin/audit-log'],
    ] as const;

    it.each(routes)('%s %s: 401 without a token, 403 for a citizen and an officer', async (method, url) => {
      const citizen = await createCitizen(t);
      const officer = await createOfficer(t, 'Crime Branch', { adminToken: admin });
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      for (const token of [citizen.token, officer.token]) {
        const res = await t.app.inject({ method, url, headers: { ...bearer(token), 'x-user-role': 'admin' } });
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('auth.forbidden');
      }
    });
  });

  describe('the users table', () => {
    it('lists active users by id with role, name, branch and station, in pages', async () => {
      const officer = await createOfficer(t, 'Traffic Branch', { adminToken: admin, full_name: 'Nimal Jayasuriya' });
      const first = await get('/api/admin/users');
      expect(first.statusCode).toBe(200);
      const page = first.json();
      expect(page.users[0]).toMatchObject({ username: TEST_ADMIN.username, role: 'admin', station: 'Kollupitiya Police Station' });
      const ids = page.users.map((u: { id: number }) => u.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));

      const found = await get(`/api/admin/users?search=${officer.username}`);
      expect(found.json().users).toEqual([
        {
          id: officer.officer.user_id,
          username: officer.username,
          role: 'police_officer',
          name: 'Nimal Jayasuriya',
          branch: 'Traffic Branch',
          station: 'Kollupitiya Police Station',
          deactivated_at: null,
        },
      ]);
      expect(found.json().total).toBe(1);
    });

    it('searches by username or name prefix in any case, and filters by role', async () => {
      const tag = unique('zq').toLowerCase();
      const citizen = await createCitizen(t, { username: `${tag}cit`, first_name: 'Sunethra', second_name: `${tag}Perera` });
      const officer = await createOfficer(t, 'Crime Branch', { adminToken: admin, full_name: `${tag.toUpperCase()} Silva` });
      // A search lists its matches by the text they matched (then id): "<tag> silva" before "<tag>cit".
      expect(await listIds(`search=${tag.toUpperCase()}`)).toEqual([officer.officer.user_id, citizen.id]);
      expect(await listIds(`search=${tag}&role=citizen`)).toEqual([citizen.id]);
      expect(await listIds(`search=${tag}&role=police_officer`)).toEqual([officer.officer.user_id]);
      expect(await listIds(`search=sunethra%20${tag}`)).toEqual([citizen.id]);
      // A prefix, not a substring; and LIKE's wildcards are plain characters.
      expect(await listIds(`search=${tag.slice(1)}`)).toEqual([]);
      expect(await listIds(`search=%25${tag}`)).toEqual([]);
    });

    it('walks every page of a search with the cursor, without repeats, in the order of the text matched', async () => {
      const tag = unique('pg').toLowerCase();
      const made: number[] = [];
      for (let i = 0; i < 27; i++) {
        const [row] = await t.database.db
          .insert(users)
          .values({ username: `${tag}${i}`, passwordHash: 'x', role: 'citizen' })
          .returning({ id: users.id });
        made.push(row!.id);
      }
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const res = await get(`/api/admin/users?search=${tag}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(res.statusCode).toBe(200);
        seen.push(...res.json().users.map((u: { id: number }) => u.id));
        cursor = res.json().next_cursor;
      } while (cursor);
      // Usernames tag0, tag1, tag10, tag11…, tag2, tag20…: in the order of the text (byte by byte), not of the ids.
      const byUsername = made.map((id, i) => ({ id, username: `${tag}${i}` })).sort((a, b) => (a.username < b.username ? -1 : 1));
      expect(seen).toEqual(byUsername.map((u) => u.id));
    });

    it.each([
      ['cursor=abc', 'cursor'],
      ['cursor=-5', 'cursor'],
      ['cursor=99999999999', 'cursor'],
      ['search=(10,000 characters)', 'search'],
      ['role=superuser', 'role'],
    ])('refuses %s naming the field (400)', async (query, field) => {
      const res = await get(`/api/admin/users?${query.startsWith('search=') ? `search=${'a'.repeat(10_000)}` : query}`);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fieldKeys ?? {})).toContain(field);
    });
  });

  describe('details and complaints', () => {
    it("shows a citizen's profile with photos the administrator may open, and splits current from past complaints", async () => {
      const citizen = await createCitizen(t, { first_name: 'Kamala', second_name: 'Wickramasinghe' });
      const res = await get(`/api/admin/users/${citizen.id}`);
      expect(res.statusCode).toBe(200);
      const details = res.json();
      expect(details).toMatchObject({ id: citizen.id, username: citizen.username, role: 'citizen', officer: null });
      expect(details.citizen).toMatchObject({ first_name: 'Kamala', second_name: 'Wickramasinghe', identity_number: citizen.identityNumber });
      for (const photo of ['identity_photo_front', 'identity_photo_back', 'live_photo']) {
        const url = details.citizen[photo].url as string;
        expect((await t.app.inject({ method: 'GET', url, headers: bearer(admin) })).statusCode).toBe(200);
      }

      const officer = await createOfficer(t, 'Crime Branch', { adminToken: admin });
      // One slot each: a citizen books a slot once.
      const slot = () => createSlot(t, admin, { branch: 'Crime Branch' }).then((s) => s.id);
      const a = await book(citizen.token, await slot());
      const b = await book(citizen.token, await slot());
      const c = await book(citizen.token, await slot());
      expect((await setStatus(officer.token, b.id, 'Case Closed')).statusCode).toBe(200);
      expect((await setStatus(officer.token, c.id, 'Waiting for witness')).statusCode).toBe(200);

      const complaints = (await get(`/api/admin/users/${citizen.id}/complaints`)).json();
      expect(complaints.current.map((x: { id: number }) => x.id).sort()).toEqual([a.id, c.id].sort());
      expect(complaints.past.map((x: { id: number }) => x.id)).toEqual([b.id]);
    });

    it("shows an officer's profile and the complaints of the slots they serve", async () => {
      const officer = await createOfficer(t, 'Crime Branch', { adminToken: admin, full_name: 'Asela Gunaratne' });
      const other = await createOfficer(t, 'Crime Branch', { adminToken: admin });
      const citizen = await createCitizen(t);
      const served = await createSlot(t, admin, { branch: 'Crime Branch' });
      const notServed = await createSlot(t, admin, { branch: 'Crime Branch' });
      await assign(served.id, officer.officer.id);
      await assign(notServed.id, other.officer.id);
      const mine = await book(citizen.token, served.id);
      await book(citizen.token, notServed.id);

      const details = (await get(`/api/admin/users/${officer.officer.user_id}`)).json();
      expect(details).toMatchObject({ role: 'police_officer', station: 'Kollupitiya Police Station', citizen: null });
      expect(details.officer).toMatchObject({ id: officer.officer.id, full_name: 'Asela Gunaratne', branch: 'Crime Branch' });
      // A page, as complaints.mine pages (admin-assigned-complaints.test.ts walks the pages).
      const assigned = (await get(`/api/admin/users/${officer.officer.user_id}/assigned-complaints`)).json();
      expect(assigned.complaints.map((x: { id: number }) => x.id)).toEqual([mine.id]);
      expect(assigned).toMatchObject({ total: 1, total_exact: true, next_cursor: null });
    });

    it('opens any complaint with every field, the status history and the attachment', async () => {
      const officer = await createOfficer(t, 'Crime Branch', { adminToken: admin, full_name: 'Ruwan Kumara' });
      const citizen = await createCitizen(t);
      const slot = await createSlot(t, admin, { branch: 'Crime Branch' });
      const complaint = await book(citizen.token, slot.id);
      await setStatus(officer.token, complaint.id, 'In Progress');
      const res = await get(`/api/admin/complaints/${complaint.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: complaint.id,
        reference_number: complaint.reference_number,
        full_name: 'Kamal Perera',
        status: 'In Progress',
        history: [{ from_status: 'Pending', to_status: 'In Progress', changed_by: 'Ruwan Kumara' }],
      });
      expect((await get('/api/admin/complaints/99999999')).json().error.code).toBe('complaints.not_found');
      expect((await get('/api/admin/complaints/abc')).statusCode).toBe(400);
    });

    it('answers 404 for an unknown user and 400 for a malformed id', async () => {
      for (const path of ['', '/complaints', '/assigned-complaints']) {
        const res = await get(`/api/admin/users/99999999${path}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('users.not_found');
      }
      expect((await get('/api/admin/users/1x')).statusCode).toBe(400);
    });
  });

  describe('deactivated accounts', () => {
    const post = (url: string, token = admin) => t.app.inject({ method: 'POST', url, headers: bearer(token) });
    const signIn = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

    it('lists them apart, with when, and counts each list', async () => {
      const officer = await createOfficer(t, 'Crime Branch', { adminToken: admin, full_name: unique('Deactivated Officer ') });
      const page = async (query: string) =>
        (await get(`/api/admin/users?${query}`)).json() as { users: Array<{ id: number; deactivated_at: string | null }>; total: number };
      const before = await page('state=deactivated&role=police_officer');
      expect((await page(`search=${officer.username}`)).total).toBe(1);
      expect((await del(`/api/admin/users/${officer.officer.user_id}`)).statusCode).toBe(200);

      const after = await page('state=deactivated&role=police_officer');
      expect(after.total).toBe(before.total + 1);
      const row = (await page(`state=deactivated&search=${officer.username}`)).users;
      expect(row).toEqual([expect.objectContaining({ id: officer.officer.user_id, deactivated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) })]);
      expect((await page(`search=${officer.username}`)).total).toBe(0);
      expect((await page(`search=${officer.username}`)).users).toEqual([]);
      expect((await get('/api/admin/users?state=gone')).statusCode).toBe(400);
    });

    it('reactivates one (audited): it signs in again with its password and is back on the active list', async () => {
      const citizen = await createCitizen(t);
      expect((await del(`/api/admin/users/${citizen.id}`)).statusCode).toBe(200);
      expect((await signIn(citizen.username, 'Wrong-password1')).json().error.code).toBe('auth.invalid_credentials');
      expect((await signIn(citizen.username, citizen.password)).json().error.code).toBe('auth.account_deactivated');

      const res = await post(`/api/admin/users/${citizen.id}/reactivate`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'User reactivated successfully.' });
      expect((await signIn(citizen.username, citizen.password)).statusCode).toBe(200);
      expect(await listIds(`search=${citizen.username}`)).toEqual([citizen.id]);
      expect((await get(`/api/admin/users/${citizen.id}`)).statusCode).toBe(200);

      const audit = (await get(`/api/admin/audit-log?action=user.reactivate`)).json().entries as Array<{ subject_id: string; actor_username: string }>;
      expect(audit[0]).toMatchObject({ subject_id: String(citizen.id), actor_username: TEST_ADMIN.username });
    });

    it('refuses an active account (409), an unknown one (404), a bad id (400), and changes nothing', async () => {
      const citizen = await createCitizen(t);
      const active = await post(`/api/admin/users/${citizen.id}/reactivate`);
      expect(active.statusCode).toBe(409);
      expect(active.json().error.code).toBe('users.not_deactivated');
      expect((await post('/api/admin/users/999999/reactivate')).statusCode).toBe(404);
      expect((await post('/api/admin/users/abc/reactivate')).statusCode).toBe(400);
      const audit = (await get(`/api/admin/audit-log?action=user.reactivate`)).json().entries as Array<{ subject_id: string }>;
      expect(audit.map((e) => e.subject_id)).not.toContain(String(citizen.id));
    });
  });

  describe('deleting a user', () => {
    it('deactivates a citizen: the token is refused at once, sign-in refused, off the lists, records kept', async () => {
      const citizen = await createCitizen(t);
      const slot = await createSlot(t, admin, { branch: 'Crime Branch' });
      const complaint = await book(citizen.token, slot.id);
      const me = () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(citizen.token) });
      expect((await me()).statusCode).toBe(200);

      const res = await del(`/api/admin/users/${citizen.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'User deleted successfully.' });
      expect((await me()).statusCode).toBe(401);
      // The right password learns the account is deactivated (a wrong one hears what an unknown name hears).
      const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: citizen.username, password: citizen.password } });
      expect(signIn.statusCode).toBe(403);
      expect(signIn.json().error.code).toBe('auth.account_deactivated');
      expect(await listIds(`search=${citizen.username}`)).toEqual([]);
      expect((await get(`/api/admin/users/${citizen.id}`)).statusCode).toBe(404);
      expect((await del(`/api/admin/users/${citizen.id}`)).statusCode).toBe(404);
      // Records stay.
      expect((await get(`/api/admin/complaints/${complaint.id}`)).json().id).toBe(complaint.id);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, citizen.id));
      expect(row).toMatchObject({ active: false });
      expect(row!.deactivatedAt).toBeInstanceOf(Date);
    });

    it('takes a deleted officer off the slots from today on, keeping past ones, and tells the listeners in the transaction', async () => {
      const officer = await createOfficer(t, 'Crime Branch', { adminToken: admin });
      const future = await createSlot(t, admin, { branch: 'Crime Branch', date: dayFromToday(2) });
      // Today's slot is made for a later day and moved to today (late in the evening, 23:00 today would have begun).
      const today = await createSlot(t, admin, { branch: 'Crime Branch', date: dayFromToday(3), time_from: '23:00', time_to: '23:30' });
      await assign(future.id, officer.officer.id);
      await assign(today.id, officer.officer.id);
      // A past slot's assignment (slots cannot be created in the past through the API).
      const past = await createSlot(t, admin, { branch: 'Crime Branch', date: dayFromToday(1) });
      await assign(past.id, officer.officer.id);
      await t.database.db.execute(`update slots set date = current_date - 3 where id = ${past.id}` as never);
      await t.database.db.execute(`update slots set date = '${dayFromToday(0)}' where id = ${today.id}` as never);

      const heard: Array<{ userId: number; officerRowId: number }> = [];
      t.modules.adminConsole.onOfficerDeactivated(async (o) => {
        heard.push({ userId: o.userId, officerRowId: o.officerRowId });
      });
      expect((await del(`/api/admin/users/${officer.officer.user_id}`)).statusCode).toBe(200);
      expect(heard).toContainEqual({ userId: officer.officer.user_id, officerRowId: officer.officer.id });
      const left = await t.database.db.select().from(slotOfficers).where(eq(slotOfficers.officerRowId, officer.officer.id));
      expect(left.map((r) => r.slotId)).toEqual([past.id]);
    });

    it('changes nothing when a listener fails (the deactivation is one transaction)', async () => {
      const officer = await createOfficer(t, 'Crime Branch', { adminToken: admin });
      const slot = await createSlot(t, admin, { branch: 'Crime Branch' });
      await assign(slot.id, officer.officer.id);
      let fail = true;
      t.modules.adminConsole.onOfficerDeactivated(async () => {
        if (fail) throw new Error('hand-over failed');
      });
      expect((await del(`/api/admin/users/${officer.officer.user_id}`)).statusCode).toBe(500);
      fail = false;
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(officer.token) })).statusCode).toBe(200);
      expect(await t.database.db.select().from(slotOfficers).where(eq(slotOfficers.officerRowId, officer.officer.id))).toHaveLength(1);
    });

    it('refuses deleting oneself and the last administrator (409), changing nothing', async () => {
      const [self] = await t.database.db.select().from(users).where(eq(users.username, TEST_ADMIN.username));
      const res = await del(`/api/admin/users/${self!.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('users.cannot_delete_self');

      // A second administrator may be deleted by the first...
      const secondId = await t.modules.adminConsole.ensureAdministrator('chief.two', 'Chief@2026!', 'Kollupitiya Police Station');
      const second = await login(t, 'chief.two', 'Chief@2026!', 'admin');
      expect((await del(`/api/admin/users/${secondId}`)).statusCode).toBe(200);
      expect((await get('/api/admin/users', second)).statusCode).toBe(401);
      // ...but the last one never, whoever asks (here an actor that is no active administrator).
      const principal = { userId: secondId, username: 'chief.two', role: 'admin' as const, branch: null, stationId: null } as never;
      await expect(t.modules.adminConsole.deleteUser(principal, self!.id)).rejects.toMatchObject({ code: 'users.last_administrator', status: 409 });
      expect((await get('/api/admin/users')).statusCode).toBe(200);
    });
  });

  describe('the officer workload', () => {
    const workload = async (query = '') => {
      const res = await get(`/api/admin/officer-workload${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().rows as Array<Record<string, unknown> & { officer_row_id: number }>;
    };

    it('counts the complaints of each officer’s slots by class, listing idle officers with zeros', async () => {
      const busy = await createOfficer(t, 'Minor Offense Branch', { adminToken: admin });
      const idle = await createOfficer(t, 'Minor Offense Branch', { adminToken: admin });
      const slot = await createSlot(t, admin, { branch: 'Minor Offense Branch', available_slots: 10 });
      await assign(slot.id, busy.officer.id);
      const statuses = ['Pending', 'Officer assigned', 'In Progress', 'in progress - pending docs', 'Resolved', 'CLOSED', 'Completed', 'Rejected', 'Pending'];
      for (const status of statuses) {
        // A citizen each: a citizen books a slot once.
        const citizen = await createCitizen(t);
        const res = await submitComplaint(t, citizen.token, 'minor_offense', complaintFields('minor_offense', slot.id));
        expect(res.statusCode).toBe(201);
        if (status !== 'Pending') expect((await setStatus(busy.token, res.json().complaint.id, status)).statusCode).toBe(200);
      }
      const rows = await workload('?branch=Minor%20Offense%20Branch');
      expect(rows.every((r) => r.branch === 'Minor Offense Branch')).toBe(true);
      expect(rows.find((r) => r.officer_row_id === busy.officer.id)).toMatchObject({
        total: 9,
        pending: 3,
        in_progress: 2,
        completed: 3,
        other: 1,
        status: 'balanced',
      });
      expect(rows.find((r) => r.officer_row_id === idle.officer.id)).toMatchObject({
        total: 0,
        pending: 0,
        in_progress: 0,
        completed: 0,
        other: 0,
        status: 'under-utilized',
      });

      // Exactly at the thresholds: overloaded only above (5 = pending + in progress), under-utilized only below (9 = total).
      const at = (q: string) => workload(`?branch=Minor%20Offense%20Branch&${q}`).then((r) => r.find((x) => x.officer_row_id === busy.officer.id)!.status);
      expect(await at('overloaded_above=5&underutilized_below=9')).toBe('balanced');
      expect(await at('overloaded_above=4&underutilized_below=9')).toBe('overloaded');
      expect(await at('overloaded_above=5&underutilized_below=10')).toBe('under-utilized');
      expect(await at('overloaded_above=0&underutilized_below=0')).toBe('overloaded');
      const idleAtZero = (await workload('?branch=Minor%20Offense%20Branch&overloaded_above=0&underutilized_below=0')).find(
        (x) => x.officer_row_id === idle.officer.id,
      );
      expect(idleAtZero!.status).toBe('balanced');
    });

    it('drops a deleted officer', async () => {
      const officer = await createOfficer(t, 'Traffic Branch', { adminToken: admin });
      expect((await workload()).some((r) => r.officer_row_id === officer.officer.id)).toBe(true);
      await del(`/api/admin/users/${officer.officer.user_id}`);
      expect((await workload()).some((r) => r.officer_row_id === officer.officer.id)).toBe(false);
    });

    it.each(['overloaded_above=-1', 'underutilized_below=abc', 'overloaded_above=1.5', 'branch=Cyber%20Branch'])('refuses %s (400)', async (query) => {
      const res = await get(`/api/admin/officer-workload?${query}`);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fieldKeys)).toEqual([query.split('=')[0]]);
    });
  });
});
