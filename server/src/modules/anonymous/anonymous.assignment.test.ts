import { describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import { DB_KINDS, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, onTestApp, signInAdmin } from '../../../test/helpers';
import { complaintFields, createSlot, submitComplaint } from '../complaints/complaints.fixtures';
import { anonymousComplaints } from './anonymous.table';
import { EMPTY_STATION, HOME_STATION, OTHER_STATION, reportFields, submitReport } from './anonymous.fixtures';

describe.each(DB_KINDS)('anonymous complaint assignment on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  onTestApp(kind, async (app) => ((t = app), (admin = await signInAdmin(app))));

  const assignee = async (id: number) =>
    (await t.modules.db.select({ officer: anonymousComplaints.assignedOfficerId }).from(anonymousComplaints).where(eq(anonymousComplaints.id, id)))[0]!.officer;
  const report = async (station: string) => {
    const res = await submitReport(t, reportFields({ station }));
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };

  it('keeps reports waiting while there is no Crime Branch officer at all, and assigns them when one is created', async () => {
    await createOfficer(t, 'Traffic Branch', { adminToken: admin });
    const waiting = [await report(HOME_STATION), await report(OTHER_STATION)];
    for (const id of waiting) expect(await assignee(id)).toBeNull();
    // An officer of another branch takes none of them.
    await createOfficer(t, 'Minor Offense Branch', { adminToken: admin });
    for (const id of waiting) expect(await assignee(id)).toBeNull();

    const first = await createOfficer(t, 'Crime Branch', { adminToken: admin, station: OTHER_STATION });
    for (const id of waiting) expect(await assignee(id)).toBe(first.officer.id);
    expect(await t.modules.db.select().from(anonymousComplaints).where(isNull(anonymousComplaints.assignedOfficerId))).toEqual([]);
  });

  it("falls back to another station's Crime Branch officer when the station has none", async () => {
    const id = await report(EMPTY_STATION);
    expect(await assignee(id)).not.toBeNull();
  });

  it('spreads twenty concurrent reports evenly over the station’s Crime Branch officers', async () => {
    const officers = [
      await createOfficer(t, 'Crime Branch', { adminToken: admin, station: HOME_STATION }),
      await createOfficer(t, 'Crime Branch', { adminToken: admin, station: HOME_STATION }),
      await createOfficer(t, 'Crime Branch', { adminToken: admin, station: HOME_STATION }),
      await createOfficer(t, 'Crime Branch', { adminToken: admin, station: HOME_STATION }),
    ];
    const ids = await Promise.all(Array.from({ length: 20 }, () => report(HOME_STATION)));
    const counts = new Map<number | null, number>();
    for (const id of ids) {
      const o = await assignee(id);
      counts.set(o, (counts.get(o) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(officers.map((o) => o.officer.id).sort());
    expect([...counts.values()]).toEqual([5, 5, 5, 5]);
  });

  it("hands a deleted officer's open reports to the others and keeps closed ones with them", async () => {
    const a = await createOfficer(t, 'Crime Branch', { adminToken: admin, station: EMPTY_STATION });
    const b = await createOfficer(t, 'Crime Branch', { adminToken: admin, station: EMPTY_STATION });
    const ids = await Promise.all([report(EMPTY_STATION), report(EMPTY_STATION), report(EMPTY_STATION), report(EMPTY_STATION)]);
    const ofA = [];
    for (const id of ids) if ((await assignee(id)) === a.officer.id) ofA.push(id);
    expect(ofA).toHaveLength(2);
    await t.modules.db.update(anonymousComplaints).set({ status: 'Completed' }).where(eq(anonymousComplaints.id, ofA[0]!));

    // The administrator's Delete User: the hand-over runs in the deactivation's transaction (composition.ts).
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${a.officer.user_id}`, headers: bearer(admin) });
    expect(deleted.statusCode).toBe(200);
    expect(await assignee(ofA[0]!)).toBe(a.officer.id);
    expect(await assignee(ofA[1]!)).toBe(b.officer.id);
  });

  it('weighs an officer by the open work the workload table shows: complaints in their slots count too', async () => {
    const station = 'Maradana Police Station';
    const busy = await createOfficer(t, 'Crime Branch', { adminToken: admin, station });
    const free = await createOfficer(t, 'Crime Branch', { adminToken: admin, station });
    // Two open complaints in the busy officer's slot: more open work than one anonymous report.
    const slot = await createSlot(t, admin, { branch: 'Crime Branch', station });
    const assigned = await t.app.inject({
      method: 'POST',
      url: `/api/admin/slots/${slot.id}/assign-officer`,
      headers: bearer(admin),
      payload: { officerId: busy.officer.id },
    });
    expect(assigned.statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const citizen = await createCitizen(t);
      const filed = await submitComplaint(t, citizen.token, 'crime', complaintFields('crime', slot.id, { station }));
      expect(filed.statusCode, filed.body).toBe(201);
    }

    const first = await report(station);
    expect(await assignee(first)).toBe(free.officer.id);
    // One each now by anonymous reports alone, but the busy officer still has more open work.
    expect(await assignee(await report(station))).toBe(free.officer.id);

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/officer-workload?branch=Crime%20Branch', headers: bearer(admin) });
    const rows = res.json().rows as Array<{ officer_row_id: number; pending: number; in_progress: number }>;
    const open = (id: number) => rows.filter((r) => r.officer_row_id === id).map((r) => r.pending + r.in_progress)[0];
    expect(open(busy.officer.id)).toBe(2);
    expect(open(free.officer.id)).toBe(2);
    // Level: the next goes to whoever waited longest for one, the busy officer.
    expect(await assignee(await report(station))).toBe(busy.officer.id);
  });
});
