import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MAX_UPCOMING_AFTER_MISSED, MAX_UPCOMING_BOOKINGS, MISSED_LIMIT_DAYS, MISSED_WINDOW_DAYS, type AppointmentAttendance } from '@pes/contracts';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, login } from '../../../test/helpers';
import { auditLog } from '../audit/audit.table';
import { slots } from '../slots/slots.table';
import { complaints } from './complaints.table';
import { complaintFields, createSlot, dayFromToday, OTHER_STATION, submitComplaint } from './complaints.fixtures';
import { DEMO_ADMIN_PASSWORD } from '../../seed/demo-accounts';

type Citizen = Awaited<ReturnType<typeof createCitizen>>;

/**
 * Officers mark whether citizens came (issue 49): on the appointment's day or after it, only for their own station and
 * branch; a citizen who missed two appointments within 90 days holds one upcoming appointment for 30 days.
 */
describe.each(DB_KINDS)('appointment attendance on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let officers: Record<'traffic' | 'crime' | 'trafficElsewhere' | 'fines', Awaited<ReturnType<typeof createOfficer>>>;
  beforeAll(async () => {
    // Many bookings from one account on purpose: the per-account rate limit is raised here.
    t = await startTestApp(kind, { env: { RATE_LIMIT_COMPLAINTS: '1000' } });
    admin = await login(t, 'admin', DEMO_ADMIN_PASSWORD, 'admin');
    officers = {
      traffic: await createOfficer(t, 'Traffic Branch', { adminToken: admin }),
      crime: await createOfficer(t, 'Crime Branch', { adminToken: admin }),
      trafficElsewhere: await createOfficer(t, 'Traffic Branch', { adminToken: admin, station: OTHER_STATION }),
      fines: await createOfficer(t, 'Traffic Fine Branch', { adminToken: admin }),
    };
  });
  afterAll(() => t?.close());

  const mark = (id: number, attendance: unknown, token?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/police/complaints/${id}/attendance`,
      headers: token ? bearer(token) : {},
      payload: attendance === undefined ? {} : { attendance },
    });
  const newSlot = () => createSlot(t, admin, { branch: 'Traffic Branch' });
  /** A traffic complaint booked into `slotId` (a new slot by default); its id. */
  async function booked(citizen: Citizen, slotId?: number) {
    const res = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slotId ?? (await newSlot()).id));
    expect(res.statusCode).toBe(201);
    return res.json().complaint.id as number;
  }
  /** Time passes: the appointment is `days` from today (as the booking copied it from its slot, now dated so). */
  const appointmentOn = (id: number, days: number) =>
    t.modules.db
      .update(complaints)
      .set({ appointmentDate: dayFromToday(days) })
      .where(eq(complaints.id, id));
  const stored = async (id: number) =>
    (
      await t.modules.db.select({ attendance: complaints.attendance, by: complaints.attendanceMarkedByUserId }).from(complaints).where(eq(complaints.id, id))
    )[0]!;
  const auditEntries = (id: number) =>
    t.modules.db
      .select({ summary: auditLog.summary, actor: auditLog.actorUsername })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'complaint.attendance'), eq(auditLog.subjectId, String(id))))
      .orderBy(auditLog.id);
  const allowance = async (citizen: Citizen) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/complaints/booking-allowance', headers: bearer(citizen.token) });
    expect(res.statusCode).toBe(200);
    return res.json() as { max_upcoming: number; upcoming: number; limited_until: string | null };
  };
  /** A citizen with missed appointments `days` from today (each booked, moved there, marked missed by the officer). */
  async function citizenWhoMissed(...days: number[]) {
    const citizen = await createCitizen(t);
    for (const d of days) {
      const id = await booked(citizen);
      await appointmentOn(id, d);
      expect((await mark(id, 'missed', officers.traffic.token)).statusCode).toBe(200);
    }
    return citizen;
  }

  it('refuses marking an appointment of a later day, and marks one of today; marking again corrects it, each change audited', async () => {
    const citizen = await createCitizen(t);
    const id = await booked(citizen);
    const future = await mark(id, 'attended', officers.traffic.token);
    expect(future.statusCode).toBe(409);
    expect(future.json().error.code).toBe('complaints.attendance_not_yet');
    await appointmentOn(id, 1);
    expect((await mark(id, 'missed', officers.traffic.token)).json().error.code).toBe('complaints.attendance_not_yet');
    expect(await stored(id)).toEqual({ attendance: null, by: null });
    expect(await auditEntries(id)).toEqual([]);

    await appointmentOn(id, 0);
    const today = await mark(id, 'attended', officers.traffic.token);
    expect(today.statusCode).toBe(200);
    expect(today.json()).toMatchObject({ id, attendance: 'attended' });
    expect(await stored(id)).toEqual({ attendance: 'attended', by: officers.traffic.officer.user_id });

    const corrected = await mark(id, 'missed', officers.traffic.token);
    expect(corrected.json().attendance).toBe('missed');
    // The same mark again is no change: no entry for it.
    expect((await mark(id, 'missed', officers.traffic.token)).statusCode).toBe(200);
    const entries = await auditEntries(id);
    expect(entries.map((e) => e.summary)).toEqual([
      { before: { attendance: null }, after: { attendance: 'attended' }, how: 'attended' },
      { before: { attendance: 'attended' }, after: { attendance: 'missed' }, how: 'missed' },
    ]);
    expect(entries.every((e) => e.actor === officers.traffic.username)).toBe(true);

    // The officer's list and the citizen's own list show the mark.
    const list = await t.app.inject({ method: 'GET', url: `/api/police/complaints/by-date?date=${dayFromToday(0)}`, headers: bearer(officers.traffic.token) });
    expect(list.json().find((c: { id: number }) => c.id === id).attendance).toBe('missed');
    const mine = await t.app.inject({ method: 'GET', url: '/api/complaints/my-complaints', headers: bearer(citizen.token) });
    expect(mine.json().complaints[0]).toMatchObject({ id, attendance: 'missed' });
  });

  it('lets only officers of the complaint’s station and branch mark it, and refuses bad input naming the field', async () => {
    const citizen = await createCitizen(t);
    const id = await booked(citizen);
    await appointmentOn(id, -2);
    // Another station's officer of the same branch, and another branch at the same station: as if there were no such complaint.
    for (const officer of [officers.trafficElsewhere, officers.crime]) {
      const res = await mark(id, 'attended', officer.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('complaints.not_found');
    }
    // Roles and branches without complaints are refused by the route; no sign-in at all is 401.
    for (const token of [citizen.token, officers.fines.token, admin]) expect((await mark(id, 'attended', token)).statusCode).toBe(403);
    expect((await mark(id, 'attended')).statusCode).toBe(401);
    expect((await mark(9_999_999, 'attended', officers.traffic.token)).statusCode).toBe(404);

    for (const bad of ['maybe', '', undefined, 3]) {
      const res = await mark(id, bad, officers.traffic.token);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fieldKeys)).toEqual(['attendance']);
    }
    expect(await stored(id)).toEqual({ attendance: null, by: null });
    expect(await auditEntries(id)).toEqual([]);
  });

  it("counts bookings, attended and missed per slot in the administrator's slot view, following corrections", async () => {
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch', available_slots: 5 });
    const citizens = [await createCitizen(t), await createCitizen(t), await createCitizen(t)];
    const ids: number[] = [];
    for (const c of citizens) ids.push(await booked(c, slot.id));
    // The slot's day came: the slot and its appointments are yesterday's.
    const yesterday = dayFromToday(-1);
    await t.modules.db.update(slots).set({ date: yesterday }).where(eq(slots.id, slot.id));
    for (const id of ids) await appointmentOn(id, -1);
    const counts = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/slots?date=${yesterday}`, headers: bearer(admin) });
      expect(res.statusCode).toBe(200);
      const row = res.json().find((s: { id: number }) => s.id === slot.id);
      return { booked: row.booked, attended: row.attended, missed: row.missed };
    };
    expect(await counts()).toEqual({ booked: 3, attended: 0, missed: 0 });
    const marks: AppointmentAttendance[] = ['attended', 'attended', 'missed'];
    for (const [k, id] of ids.entries()) expect((await mark(id, marks[k], officers.traffic.token)).statusCode).toBe(200);
    expect(await counts()).toEqual({ booked: 3, attended: 2, missed: 1 });
    await mark(ids[0]!, 'missed', officers.traffic.token);
    await mark(ids[2]!, 'missed', officers.traffic.token);
    expect(await counts()).toEqual({ booked: 3, attended: 1, missed: 2 });
  });

  it(`limits a citizen who missed 2 appointments within ${MISSED_WINDOW_DAYS} days to ${MAX_UPCOMING_AFTER_MISSED} upcoming appointment`, async () => {
    // The later miss yesterday, the earlier one 89 days before it: both within 90 calendar days.
    const citizen = await citizenWhoMissed(-1 - (MISSED_WINDOW_DAYS - 1), -1);
    expect(await allowance(citizen)).toEqual({ max_upcoming: MAX_UPCOMING_AFTER_MISSED, upcoming: 0, limited_until: dayFromToday(-1 + MISSED_LIMIT_DAYS) });
    expect((await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', (await newSlot()).id))).statusCode).toBe(201);
    expect(await allowance(citizen)).toMatchObject({ max_upcoming: 1, upcoming: 1 });
    const refused = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', (await newSlot()).id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'complaints.booking_limit_missed', fieldKeys: { slot_id: 'bookingLimitMissed' } });
  });

  it('does not limit for misses 90 days apart, nor once the 30 days after the later miss are over', async () => {
    // 90 days apart: the earlier is outside the later one's window.
    const apart = await citizenWhoMissed(-1 - MISSED_WINDOW_DAYS, -1);
    expect(await allowance(apart)).toEqual({ max_upcoming: MAX_UPCOMING_BOOKINGS, upcoming: 0, limited_until: null });
    // The later miss 30 days ago: the limit ended today. 29 days ago: it ends tomorrow.
    const ended = await citizenWhoMissed(-31, -30);
    expect((await allowance(ended)).limited_until).toBeNull();
    const lasting = await citizenWhoMissed(-30, -29);
    expect(await allowance(lasting)).toMatchObject({ max_upcoming: 1, limited_until: dayFromToday(1) });
    // The usual cap for the unlimited: three bookings pass.
    for (let k = 0; k < MAX_UPCOMING_BOOKINGS; k++) expect((await booked(ended)) > 0).toBe(true);
  });

  it('refuses a limited citizen who already holds appointments, and lifts the limit when a miss is corrected to attended', async () => {
    const citizen = await createCitizen(t);
    const missed = [await booked(citizen), await booked(citizen)];
    for (const id of missed) await appointmentOn(id, -3);
    // Two upcoming appointments booked before the misses were marked.
    const held = [await booked(citizen), await booked(citizen)];
    for (const id of missed) expect((await mark(id, 'missed', officers.traffic.token)).statusCode).toBe(200);
    expect(await allowance(citizen)).toMatchObject({ max_upcoming: 1, upcoming: 1, limited_until: dayFromToday(-3 + MISSED_LIMIT_DAYS) });
    const refused = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', (await newSlot()).id));
    expect(refused.json().error.code).toBe('complaints.booking_limit_missed');
    expect(held).toHaveLength(2);

    expect((await mark(missed[1]!, 'attended', officers.traffic.token)).statusCode).toBe(200);
    expect(await allowance(citizen)).toEqual({ max_upcoming: MAX_UPCOMING_BOOKINGS, upcoming: 2, limited_until: null });
    expect((await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', (await newSlot()).id))).statusCode).toBe(201);
  });

  it('answers the booking allowance to citizens only', async () => {
    for (const token of [officers.traffic.token, admin]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/complaints/booking-allowance', headers: bearer(token) })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/complaints/booking-allowance' })).statusCode).toBe(401);
  });
});
