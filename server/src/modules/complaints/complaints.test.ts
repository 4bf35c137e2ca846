import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMPLAINT_TYPES, type ComplaintType } from '@pes/contracts';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, imageFile, login, pdfFile } from '../../../test/helpers';
import { complaintFields, createSlot, dayFromToday, HOME_STATION, OTHER_STATION, submitComplaint } from './complaints.fixtures';
import { DEMO_ADMIN_PASSWORD } from '../../seed/demo-accounts';

const BRANCH: Record<ComplaintType, string> = { traffic: 'Traffic Branch', crime: 'Crime Branch', minor_offense: 'Minor Offense Branch' };

describe.each(DB_KINDS)('complaints on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let citizenA: Awaited<ReturnType<typeof createCitizen>>;
  let citizenB: Awaited<ReturnType<typeof createCitizen>>;
  let officers: Record<string, Awaited<ReturnType<typeof createOfficer>>>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await login(t, 'admin', DEMO_ADMIN_PASSWORD, 'admin');
    officers = {
      traffic: await createOfficer(t, 'Traffic Branch', { adminToken: admin, full_name: 'Sunil Traffic' }),
      crime: await createOfficer(t, 'Crime Branch', { adminToken: admin, full_name: 'Ruwan Crime' }),
      minor_offense: await createOfficer(t, 'Minor Offense Branch', { adminToken: admin, full_name: 'Dilani Minor' }),
      fines: await createOfficer(t, 'Traffic Fine Branch', { adminToken: admin }),
      clearance: await createOfficer(t, 'Admin Branch', { adminToken: admin }),
      trafficElsewhere: await createOfficer(t, 'Traffic Branch', { adminToken: admin, station: OTHER_STATION }),
    };
  });
  afterAll(() => t?.close());
  // Fresh citizens for each test: a citizen holds at most MAX_UPCOMING_BOOKINGS appointments (complaints.booking-cap.test.ts).
  beforeEach(async () => {
    [citizenA, citizenB] = [await createCitizen(t), await createCitizen(t)];
  });

  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const putStatus = (id: number, status: unknown, token?: string) =>
    t.app.inject({ method: 'PUT', url: `/api/police/complaints/${id}/status`, headers: token ? bearer(token) : {}, payload: { status } as object });

  it.each(COMPLAINT_TYPES)('files a %s complaint into its branch, books one unit and shows it to the citizen', async (type) => {
    const slot = await createSlot(t, admin, { branch: BRANCH[type], time_from: '11:00', time_to: '11:30', available_slots: 2 });
    const res = await submitComplaint(t, citizenA.token, type, complaintFields(type, slot.id), { attachment_file: pdfFile() });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Complaint submitted successfully!' });
    expect(body.complaint).toMatchObject({
      complaint_type: type,
      status: 'Pending',
      branch: BRANCH[type],
      station: HOME_STATION,
      age: 34,
      damage_value: '25000.50',
      marital_status: 'married',
      when: '2025-03-01T04:00:00.000Z',
      slot_id: slot.id,
      appointment: { date: slot.date, time_from: '11:00:00', time_to: '11:30:00' },
      attachment: { mime_type: 'application/pdf', name: 'evidence.pdf', url: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.pdf$/) },
      history: [],
    });
    expect(body.complaint.reference_number).toMatch(new RegExp(`^CMP-${dayFromToday(0).slice(0, 4)}-\\d{6}$`));

    const slots = await get(`/api/admin/slots?date=${slot.date}`, admin);
    expect(slots.json().find((s: { id: number }) => s.id === slot.id).available_slots).toBe(1);
    const mine = await get('/api/complaints/my-complaints', citizenA.token);
    expect(mine.json().complaints[0]).toEqual(body.complaint);
  });

  it('keeps the type-specific fields and gives every complaint its own reference number', async () => {
    const crimeSlot = await createSlot(t, admin, { branch: 'Crime Branch' });
    const trafficSlot = await createSlot(t, admin, { branch: 'Traffic Branch' });
    const crime = await submitComplaint(
      t,
      citizenA.token,
      'crime',
      complaintFields('crime', crimeSlot.id, { crime_category: 'personal', incident_type: 'kidnapping', damage_value: undefined }),
    );
    const traffic = await submitComplaint(
      t,
      citizenA.token,
      'traffic',
      complaintFields('traffic', trafficSlot.id, { traffic_category: 'illegal_parking', incident_type: 'Blocked gate' }),
    );
    expect(crime.json().complaint).toMatchObject({
      crime_category: 'personal',
      incident_type: 'kidnapping',
      traffic_category: null,
      damage_value: null,
      attachment: null,
    });
    expect(traffic.json().complaint).toMatchObject({ traffic_category: 'illegal_parking', incident_type: 'Blocked gate', crime_category: null });
    expect(crime.json().complaint.reference_number).not.toBe(traffic.json().complaint.reference_number);
  });

  it('lets only citizens file and list their complaints', async () => {
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch' });
    const fields = complaintFields('traffic', slot.id);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/complaints/traffic', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    for (const token of [admin, officers.traffic!.token, officers.crime!.token]) {
      expect((await submitComplaint(t, token, 'traffic', fields)).statusCode).toBe(403);
      expect((await get('/api/complaints/my-complaints', token)).statusCode).toBe(403);
    }
    expect((await get('/api/complaints/my-complaints')).statusCode).toBe(401);
  });

  it('shows officers only their own branch and station, and refuses the other branches and roles', async () => {
    const date = dayFromToday(6);
    const trafficSlot = await createSlot(t, admin, { branch: 'Traffic Branch', date, time_from: '15:00', time_to: '16:00' });
    const earlySlot = await createSlot(t, admin, { branch: 'Traffic Branch', date, time_from: '08:00', time_to: '09:00' });
    const crimeSlot = await createSlot(t, admin, { branch: 'Crime Branch', date });
    const late = (await submitComplaint(t, citizenA.token, 'traffic', complaintFields('traffic', trafficSlot.id))).json().complaint;
    const early = (await submitComplaint(t, citizenB.token, 'traffic', complaintFields('traffic', earlySlot.id))).json().complaint;
    const crime = (await submitComplaint(t, citizenA.token, 'crime', complaintFields('crime', crimeSlot.id))).json().complaint;

    const trafficList = await get('/api/police/complaints', officers.traffic!.token);
    expect(trafficList.statusCode).toBe(200);
    const trafficIds = trafficList.json().complaints.map((c: { id: number }) => c.id);
    expect(trafficIds).toEqual(expect.arrayContaining([late.id, early.id]));
    expect(trafficIds).not.toContain(crime.id);
    expect(trafficList.json().complaints.every((c: { branch: string; station: string }) => c.branch === 'Traffic Branch' && c.station === HOME_STATION)).toBe(
      true,
    );
    // Newest first.
    expect(trafficIds.indexOf(early.id)).toBeLessThan(trafficIds.indexOf(late.id));

    const byDate = await get(`/api/police/complaints/by-date?date=${date}`, officers.traffic!.token);
    expect(byDate.json().map((c: { id: number }) => c.id)).toEqual([early.id, late.id]);
    const crimeByDate = await get(`/api/police/complaints/by-date?date=${date}`, officers.crime!.token);
    expect(crimeByDate.json().map((c: { id: number }) => c.id)).toEqual([crime.id]);
    const elsewhere = await get(`/api/police/complaints/by-date?date=${date}`, officers.trafficElsewhere!.token);
    expect(elsewhere.json()).toEqual([]);
    expect((await get('/api/police/complaints', officers.trafficElsewhere!.token)).json().complaints).toEqual([]);

    const badDate = await get('/api/police/complaints/by-date?date=tomorrow', officers.traffic!.token);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.fieldKeys).toHaveProperty('date');

    for (const token of [officers.fines!.token, officers.clearance!.token, admin, citizenA.token]) {
      expect((await get('/api/police/complaints', token)).statusCode).toBe(403);
      expect((await get(`/api/police/complaints/by-date?date=${date}`, token)).statusCode).toBe(403);
      expect((await putStatus(late.id, 'Closed', token)).statusCode).toBe(403);
    }
    expect((await get('/api/police/complaints')).statusCode).toBe(401);
    expect((await putStatus(late.id, 'Closed')).statusCode).toBe(401);
  });

  it("keeps a citizen's complaint and attachment from other citizens and other branches", async () => {
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch' });
    const image = await imageFile('png');
    const complaint = (await submitComplaint(t, citizenA.token, 'traffic', complaintFields('traffic', slot.id), { attachment_file: image })).json().complaint;
    expect(complaint.attachment.mime_type).toBe('image/png');

    const bList = await get('/api/complaints/my-complaints', citizenB.token);
    expect(bList.json().complaints.map((c: { id: number }) => c.id)).not.toContain(complaint.id);

    const url = complaint.attachment.url as string;
    expect((await get(url, citizenA.token)).statusCode).toBe(200);
    expect((await get(url, officers.traffic!.token)).statusCode).toBe(200);
    expect((await get(url, admin)).statusCode).toBe(200);
    for (const token of [citizenB.token, officers.crime!.token, officers.trafficElsewhere!.token, officers.fines!.token]) {
      expect((await get(url, token)).statusCode).toBe(404);
    }
    expect((await get(url)).statusCode).toBe(401);

    // Another branch or station cannot change it either, and cannot tell it exists.
    for (const token of [officers.crime!.token, officers.minor_offense!.token, officers.trafficElsewhere!.token]) {
      const res = await putStatus(complaint.id, 'Closed', token);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('complaints.not_found');
    }
    expect((await putStatus(9_999_999, 'Closed', officers.traffic!.token)).statusCode).toBe(404);
    const unchanged = (await get('/api/complaints/my-complaints', citizenA.token)).json().complaints.find((c: { id: number }) => c.id === complaint.id);
    expect(unchanged).toMatchObject({ status: 'Pending', history: [] });
  });

  it('records every status change (who, when, from, to) and shows the timeline to the citizen', async () => {
    const slot = await createSlot(t, admin, { branch: 'Minor Offense Branch' });
    const complaint = (await submitComplaint(t, citizenB.token, 'minor_offense', complaintFields('minor_offense', slot.id))).json().complaint;
    const officer = officers.minor_offense!.token;

    const first = await putStatus(complaint.id, '  In Progress  ', officer);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: complaint.id, status: 'In Progress' });
    expect((await putStatus(complaint.id, 'In Progress', officer)).statusCode).toBe(200);
    const second = await putStatus(complaint.id, 'Waiting for the land registry', officer);
    expect(second.json().status).toBe('Waiting for the land registry');

    for (const bad of ['   ', '', 'x'.repeat(61), 42, null]) {
      const res = await putStatus(complaint.id, bad, officer);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fieldKeys).toHaveProperty('status');
    }
    expect((await putStatus(complaint.id, '   ', officer)).json().error.fieldKeys.status).toBe('statusRequired');

    const mine = (await get('/api/complaints/my-complaints', citizenB.token)).json().complaints.find((c: { id: number }) => c.id === complaint.id);
    expect(mine.status).toBe('Waiting for the land registry');
    expect(mine.history).toEqual([
      { from_status: 'Pending', to_status: 'In Progress', changed_by: 'Dilani Minor', changed_at: expect.any(String) },
      { from_status: 'In Progress', to_status: 'Waiting for the land registry', changed_by: 'Dilani Minor', changed_at: expect.any(String) },
    ]);
    const [a, b] = mine.history.map((h: { changed_at: string }) => Date.parse(h.changed_at));
    expect(Number.isNaN(a)).toBe(false);
    expect(b).toBeGreaterThanOrEqual(a);
    expect(Date.now() - a).toBeLessThan(60_000);

    const officerView = (await get('/api/police/complaints', officer)).json().complaints.find((c: { id: number }) => c.id === complaint.id);
    expect(officerView.history).toHaveLength(2);
  });

  it('keeps the appointment of complaints whose slot is deleted', async () => {
    const slot = await createSlot(t, admin, { branch: 'Crime Branch', date: dayFromToday(8), time_from: '13:00', time_to: '13:45' });
    const complaint = (await submitComplaint(t, citizenA.token, 'crime', complaintFields('crime', slot.id))).json().complaint;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/slots/${slot.id}`, headers: bearer(admin) })).statusCode).toBe(200);
    const mine = (await get('/api/complaints/my-complaints', citizenA.token)).json().complaints.find((c: { id: number }) => c.id === complaint.id);
    expect(mine.appointment).toEqual({ date: slot.date, time_from: '13:00:00', time_to: '13:45:00' });
    const byDate = await get(`/api/police/complaints/by-date?date=${slot.date}`, officers.crime!.token);
    expect(byDate.json().map((c: { id: number }) => c.id)).toContain(complaint.id);
  });
});
