import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createOfficer, login } from '../../../test/helpers';
import { anonymousComplaints } from './anonymous.table';
import { EMPTY_STATION, HOME_STATION, OTHER_STATION, reportFields, submitReport } from './anonymous.fixtures';

describe.each(DB_KINDS)('anonymous complaint assignment on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await login(t, 'admin', 'Admin@12345', 'admin');
  });
  afterAll(() => t?.close());

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
});
