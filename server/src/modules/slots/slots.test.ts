import { describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DB_KINDS, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, unique, onTestApp, openApiPaths, signInAdmin } from '../../../test/helpers';
import { users } from '../users/users.table';
import { complaintFields, createSlot, dayFromToday, HOME_STATION, OTHER_STATION, submitComplaint } from '../complaints/complaints.fixtures';
import { slots } from './slots.table';

describe.each(DB_KINDS)('appointment slots on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  onTestApp(kind, async (app) => ((t = app), (admin = await signInAdmin(app))));

  const slotCount = async () => (await t.modules.db.select({ n: sql<number>`count(*)::int` }).from(slots))[0]!.n;
  const post = (payload: unknown, token = admin) =>
    t.app.inject({ method: 'POST', url: '/api/admin/slots', headers: bearer(token), payload: payload as object });

  it("creates a slot at the admin's station by default and lists it for the admin and the public, by time", async () => {
    const date = dayFromToday(5);
    const late = await createSlot(t, admin, { branch: 'Crime Branch', date, time_from: '14:00', time_to: '15:30', available_slots: 3 });
    const early = await createSlot(t, admin, { branch: 'Crime Branch', date, time_from: '08:30', time_to: '09:00', available_slots: 2 });
    await createSlot(t, admin, { branch: 'Traffic Branch', date, time_from: '10:00', time_to: '11:00' });
    expect(late).toMatchObject({
      date,
      time_from: '14:00:00',
      time_to: '15:30:00',
      capacity: 3,
      available_slots: 3,
      booked: 0,
      branch: 'Crime Branch',
      station: HOME_STATION,
      officers: [],
    });

    const list = await t.app.inject({ method: 'GET', url: `/api/admin/slots?date=${date}`, headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((s: { time_from: string }) => s.time_from)).toEqual(['08:30:00', '10:00:00', '14:00:00']);

    const pub = await t.app.inject({ method: 'GET', url: `/api/slots/public?date=${date}&branch=Crime%20Branch&station=${encodeURIComponent(HOME_STATION)}` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual([
      { id: early.id, date, time_from: '08:30:00', time_to: '09:00:00', available_slots: 2 },
      { id: late.id, date, time_from: '14:00:00', time_to: '15:30:00', available_slots: 3 },
    ]);
    const otherStation = await t.app.inject({
      method: 'GET',
      url: `/api/admin/slots?date=${date}&station=${encodeURIComponent(OTHER_STATION)}`,
      headers: bearer(admin),
    });
    expect(otherStation.json()).toEqual([]);
  });

  it('creates a slot at another station when one is named', async () => {
    const slot = await createSlot(t, admin, { branch: 'Minor Offense Branch', station: OTHER_STATION });
    expect(slot.station).toBe(OTHER_STATION);
  });

  it.each([
    ['missing times', { time_from: undefined, time_to: '' }, 'time_from', 'timeFieldsRequired'],
    ['end before start', { time_from: '10:00', time_to: '09:59' }, 'time_to', 'timeOrder'],
    ['equal times', { time_from: '10:00', time_to: '10:00' }, 'time_to', 'timeOrder'],
    ['a bad time', { time_from: '25:00' }, 'time_from', 'invalidTime'],
    ['a past date', { date: dayFromToday(-1) }, 'date', 'dateNotPast'],
    ['an impossible date', { date: '2031-02-30' }, 'date', 'invalidDate'],
    ['zero capacity', { available_slots: 0 }, 'available_slots', 'slotCapacityRange'],
    ['too much capacity', { available_slots: 501 }, 'available_slots', 'slotCapacityRange'],
    ['a fractional capacity', { available_slots: 2.5 }, 'available_slots', 'slotCapacityRange'],
    ['a text capacity', { available_slots: 'ten' }, 'available_slots', 'slotCapacityRange'],
    ['a missing branch', { branch: undefined }, 'branch', 'required'],
    ['a branch without complaints', { branch: 'Traffic Fine Branch' }, 'branch', 'invalidChoice'],
    ['an unknown station', { station: 'Atlantis Police' }, 'station', 'unknownStation'],
  ])('refuses %s with 400 naming the field and creates nothing', async (_name, change, field, key) => {
    const before = await slotCount();
    const res = await post({ date: dayFromToday(2), time_from: '09:00', time_to: '10:00', available_slots: 4, branch: 'Traffic Branch', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fieldKeys[field]).toBe(key);
    expect(await slotCount()).toBe(before);
  });

  it('accepts a capacity typed as text and a slot dated today', async () => {
    // Late in the evening in Colombo 23:00 today has begun: the clock is then set back to 22:00 (never forward, which
    // would expire the administrator's session).
    const tenPm = new Date(`${dayFromToday(0)}T22:00:00+05:30`);
    if (Date.now() > tenPm.getTime()) vi.useFakeTimers({ toFake: ['Date'], now: tenPm });
    try {
      const res = await post({ date: dayFromToday(0), time_from: '23:00', time_to: '23:59', available_slots: '7', branch: 'Traffic Branch' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ capacity: 7, available_slots: 7 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets only administrators manage slots; the public lookup needs no sign-in', async () => {
    const citizen = await createCitizen(t);
    const officer = await createOfficer(t, 'Traffic Branch', { adminToken: admin });
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch' });
    const calls = [
      { method: 'GET' as const, url: `/api/admin/slots?date=${slot.date}` },
      {
        method: 'POST' as const,
        url: '/api/admin/slots',
        payload: { date: slot.date, time_from: '09:00', time_to: '10:00', available_slots: 1, branch: 'Traffic Branch' },
      },
      { method: 'DELETE' as const, url: `/api/admin/slots/${slot.id}` },
      { method: 'POST' as const, url: `/api/admin/slots/${slot.id}/assign-officer`, payload: { officerId: officer.officer.id } },
      { method: 'DELETE' as const, url: `/api/admin/slots/${slot.id}/remove-officer/${officer.officer.id}` },
      { method: 'GET' as const, url: '/api/admin/police-officers/search?name=a' },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode, `${call.method} ${call.url} anonymous`).toBe(401);
      for (const token of [citizen.token, officer.token]) {
        const res = await t.app.inject({ ...call, headers: bearer(token) });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      }
    }
    const pub = await t.app.inject({
      method: 'GET',
      url: `/api/slots/public?date=${slot.date}&branch=Traffic%20Branch&station=${encodeURIComponent(HOME_STATION)}`,
    });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().some((s: { id: number }) => s.id === slot.id)).toBe(true);
  });

  it('refuses a bad public lookup with 400 naming the field', async () => {
    const station = encodeURIComponent(HOME_STATION);
    const cases: Array<[string, string]> = [
      [`/api/slots/public?branch=Traffic%20Branch&station=${station}`, 'date'],
      [`/api/slots/public?date=2030-13-01&branch=Traffic%20Branch&station=${station}`, 'date'],
      [`/api/slots/public?date=2030-01-01&branch=Police&station=${station}`, 'branch'],
      [`/api/slots/public?date=2030-01-01&branch=Traffic%20Branch`, 'station'],
      [`/api/slots/public?date=2030-01-01&branch=Traffic%20Branch&station=Nowhere`, 'station'],
    ];
    for (const [url, field] of cases) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().error.fieldKeys), url).toContain(field);
    }
  });

  it('refuses an identical slot (station, branch, date, times) with 409, and allows it again once the first is deleted', async () => {
    const payload = { date: dayFromToday(6), time_from: '11:00', time_to: '11:45', available_slots: 3, branch: 'Minor Offense Branch' };
    const first = await post(payload);
    expect(first.statusCode).toBe(201);
    const before = await slotCount();
    const twins = await Promise.all([post(payload), post({ ...payload, available_slots: 9 })]);
    for (const twin of twins) {
      expect(twin.statusCode).toBe(409);
      expect(twin.json().error.code).toBe('slots.duplicate');
    }
    expect(await slotCount()).toBe(before);
    // Other times, another branch or another station are other slots.
    expect((await post({ ...payload, time_to: '12:00' })).statusCode).toBe(201);
    expect((await post({ ...payload, branch: 'Crime Branch' })).statusCode).toBe(201);
    expect((await post({ ...payload, station: OTHER_STATION })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/slots/${first.json().id}`, headers: bearer(admin) })).statusCode).toBeLessThan(300);
    expect((await post(payload)).statusCode).toBe(201);
  });

  it('neither adds, offers nor books a slot that has already begun (Colombo time)', async () => {
    const today = dayFromToday(0);
    // 00:00 has begun whatever the time of day in Colombo.
    const res = await post({ date: today, time_from: '00:00', time_to: '00:30', available_slots: 3, branch: 'Traffic Branch' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'slots.started', fieldKeys: { time_from: 'slotStarted' } });

    // One made before it began (written directly, as yesterday's admin would have).
    const [adminRow] = await t.modules.db.select({ stationId: users.stationId }).from(users).where(eq(users.username, 'admin'));
    const [begun] = await t.modules.db
      .insert(slots)
      .values({
        stationId: adminRow!.stationId!,
        branch: 'Traffic Branch',
        date: today,
        timeFrom: '00:00:00',
        timeTo: '00:30:00',
        capacity: 3,
        availableSlots: 3,
      })
      .returning({ id: slots.id });
    const pub = await t.app.inject({
      method: 'GET',
      url: `/api/slots/public?date=${today}&branch=Traffic%20Branch&station=${encodeURIComponent(HOME_STATION)}`,
    });
    expect(pub.json().map((s: { id: number }) => s.id)).not.toContain(begun!.id);
    const citizen = await createCitizen(t);
    const booking = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', begun!.id));
    expect(booking.statusCode).toBe(400);
    expect(booking.json().error.code).toBe('complaints.slot_unavailable');
    const [after] = await t.modules.db.select({ available: slots.availableSlots }).from(slots).where(eq(slots.id, begun!.id));
    expect(after!.available).toBe(3);
  });

  it('tells the administrator how many places of a slot are booked (for the delete confirmation)', async () => {
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch', date: dayFromToday(8), available_slots: 4 });
    expect(slot).toMatchObject({ capacity: 4, available_slots: 4, booked: 0 });
    for (const who of [await createCitizen(t), await createCitizen(t)]) {
      const booking = await submitComplaint(t, who.token, 'traffic', complaintFields('traffic', slot.id));
      expect(booking.statusCode).toBe(201);
    }
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/slots?date=${slot.date}`, headers: bearer(admin) });
    expect(list.json().find((s: { id: number }) => s.id === slot.id)).toMatchObject({ capacity: 4, available_slots: 2, booked: 2 });
  });

  it('soft-deletes a slot: it leaves the lists, a second delete is 404', async () => {
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch', date: dayFromToday(9) });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/slots/${slot.id}`, headers: bearer(admin) });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ success: true });
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/slots?date=${slot.date}`, headers: bearer(admin) });
    expect(list.json()).toEqual([]);
    const pub = await t.app.inject({
      method: 'GET',
      url: `/api/slots/public?date=${slot.date}&branch=Traffic%20Branch&station=${encodeURIComponent(HOME_STATION)}`,
    });
    expect(pub.json()).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/slots/${slot.id}`, headers: bearer(admin) });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('slots.not_found');
    const [row] = await t.modules.db.select().from(slots).where(eq(slots.id, slot.id));
    expect(row!.deletedAt).not.toBeNull();
  });

  it('assigns only active officers of the slot’s branch and station; twice is harmless; removes them', async () => {
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch', date: dayFromToday(4) });
    const traffic = await createOfficer(t, 'Traffic Branch', { adminToken: admin, full_name: 'Nimal Silva' });
    const crime = await createOfficer(t, 'Crime Branch', { adminToken: admin });
    const elsewhere = await createOfficer(t, 'Traffic Branch', { adminToken: admin, station: OTHER_STATION });
    const inactive = await createOfficer(t, 'Traffic Branch', { adminToken: admin });
    await t.modules.db.update(users).set({ active: false }).where(eq(users.id, inactive.officer.user_id));

    const assign = (officerId: unknown, slotId = slot.id) =>
      t.app.inject({ method: 'POST', url: `/api/admin/slots/${slotId}/assign-officer`, headers: bearer(admin), payload: { officerId } as object });

    for (const officerId of [traffic.officer.id, traffic.officer.id]) {
      const res = await assign(officerId);
      expect(res.statusCode).toBe(200);
      expect(res.json().officers).toEqual([{ id: traffic.officer.id, full_name: 'Nimal Silva', officer_id: expect.any(String), branch: 'Traffic Branch' }]);
    }
    for (const officerId of [crime.officer.id, elsewhere.officer.id, inactive.officer.id, 999_999]) {
      const res = await assign(officerId);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'slots.officer_not_eligible', fieldKeys: { officerId: 'officerNotEligible' } });
    }
    for (const officerId of [undefined, 'abc', -1]) {
      const res = await assign(officerId);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fieldKeys).toHaveProperty('officerId');
    }
    expect((await assign(traffic.officer.id, 999_999)).statusCode).toBe(404);

    const listed = await t.app.inject({ method: 'GET', url: `/api/admin/slots?date=${slot.date}`, headers: bearer(admin) });
    expect(listed.json().find((s: { id: number }) => s.id === slot.id).officers).toHaveLength(1);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/slots/${slot.id}/remove-officer/${traffic.officer.id}`, headers: bearer(admin) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().officers).toEqual([]);
  });

  it('searches active officers by part of the name, any case, and by branch, ordered by name', async () => {
    const tag = unique('zq').toLowerCase();
    await createOfficer(t, 'Crime Branch', { adminToken: admin, full_name: `Bandara ${tag}` });
    await createOfficer(t, 'Traffic Branch', { adminToken: admin, full_name: `Amara ${tag.toUpperCase()}` });
    const gone = await createOfficer(t, 'Crime Branch', { adminToken: admin, full_name: `Chaminda ${tag}` });
    await t.modules.db.update(users).set({ active: false }).where(eq(users.id, gone.officer.user_id));

    const all = await t.app.inject({ method: 'GET', url: `/api/admin/police-officers/search?name=${tag}`, headers: bearer(admin) });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((o: { full_name: string }) => o.full_name)).toEqual([`Amara ${tag.toUpperCase()}`, `Bandara ${tag}`]);
    expect(all.json()[0]).toMatchObject({ branch: 'Traffic Branch', station: HOME_STATION, badge_number: expect.any(String) });

    const crime = await t.app.inject({ method: 'GET', url: `/api/admin/police-officers/search?name=${tag}&branch=Crime%20Branch`, headers: bearer(admin) });
    expect(crime.json().map((o: { full_name: string }) => o.full_name)).toEqual([`Bandara ${tag}`]);
    const wildcard = await t.app.inject({ method: 'GET', url: '/api/admin/police-officers/search?name=%25', headers: bearer(admin) });
    expect(wildcard.json()).toEqual([]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/police-officers/search?branch=Navy', headers: bearer(admin) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldKeys).toHaveProperty('branch');
  });

  it('describes the slot and complaint calls in the OpenAPI document', async () => {
    expect(await openApiPaths(t)).toEqual(
      expect.arrayContaining([
        '/api/slots/public',
        '/api/admin/slots',
        '/api/admin/slots/{id}/assign-officer',
        '/api/complaints/crime',
        '/api/police/complaints/{id}/status',
      ]),
    );
  });
});
