import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LIST_COUNT_CAP, WORKLOAD_PAGE_SIZE, type WorkloadPage } from '@pes/contracts';
import { DB_KINDS, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, onTestApp, signInAdmin } from '../../../test/helpers';
import { reportFields, submitReport } from '../anonymous/anonymous.fixtures';
import { applicant, appliedAndPaid, send } from '../clearance/clearance.fixtures';
import { complaintFields, createSlot, submitComplaint } from '../complaints/complaints.fixtures';
import { issueFine } from '../fines/fines.fixtures';

type Counts = { pending: number; in_progress: number; completed: number; other: number };

// Issue 43: the workload table reads a summary kept as the work changes (triggers, folded by a job), paged by keyset.
describe.each(DB_KINDS)('the officer workload summary on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  onTestApp(kind, async (app) => ((t = app), (admin = await signInAdmin(app))));

  const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/admin/officer-workload?${query}`, headers: bearer(admin) });
  const page = async (query: string) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WorkloadPage;
  };
  /** Every page of the filter, walked by its cursors. */
  async function walk(query = '') {
    const rows: WorkloadPage['rows'] = [];
    let cursor: string | null = null;
    do {
      const shown: WorkloadPage = await page(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(shown.rows.length).toBeLessThanOrEqual(WORKLOAD_PAGE_SIZE);
      rows.push(...shown.rows);
      cursor = shown.next_cursor;
    } while (cursor);
    return rows;
  }
  const countsOf = (r: Counts): Counts => ({ pending: r.pending, in_progress: r.in_progress, completed: r.completed, other: r.other });
  /** The table's counts of every active officer. */
  const shown = async () => new Map((await walk()).map((r) => [r.officer_row_id, countsOf(r)]));
  /** The same officers' work summed from the records themselves (each module's source). */
  async function live(ids: number[]) {
    const work = await t.modules.workload.byOfficer({ officerRowIds: ids });
    return new Map(ids.map((id) => [id, countsOf(work.get(id) ?? { pending: 0, in_progress: 0, completed: 0, other: 0 })]));
  }
  /** The kept counts as the least-loaded assignment of anonymous reports reads them. */
  async function kept(ids: number[]) {
    const work = await t.modules.workload.of(ids);
    return new Map(ids.map((id) => [id, countsOf(work.get(id)!)]));
  }
  async function expectSummaryEqualsLive() {
    const table = await shown();
    const ids = [...table.keys()];
    expect(table).toEqual(await live(ids));
    expect(await kept(ids)).toEqual(table);
    return table;
  }
  const pendingChanges = async () =>
    ((await t.database.db.execute(sql`select count(*)::int as n from officer_workload_changes`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;

  /** The folded sums alone (without the changes not yet folded). */
  const folded = async (officerRowId: number) =>
    (
      (await t.database.db.execute(
        sql`select pending, in_progress, completed, other from officer_workload where officer_row_id = ${officerRowId}`,
      )) as unknown as { rows: Counts[] }
    ).rows[0];

  it('matches the live sums as complaints, slots, clearance, fines and anonymous reports change, folded or not', async () => {
    const traffic = await createOfficer(t, 'Traffic Branch', { adminToken: admin, full_name: 'Aruni Traffic' });
    const second = await createOfficer(t, 'Traffic Branch', { adminToken: admin, full_name: 'Bandula Traffic' });
    const clerk = await createOfficer(t, 'Admin Branch', { adminToken: admin, full_name: 'Chathura Clerk' });
    const fines = await createOfficer(t, 'Traffic Fine Branch', { adminToken: admin, full_name: 'Dinesh Fines' });
    await createOfficer(t, 'Crime Branch', { adminToken: admin, full_name: 'Eranga Crime' });

    // Complaints: booked into a served slot, one taken in hand; a second officer joins the slot, the first leaves.
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch' });
    const assign = (officerId: number) =>
      t.app.inject({ method: 'POST', url: `/api/admin/slots/${slot.id}/assign-officer`, headers: bearer(admin), payload: { officerId } });
    expect((await assign(traffic.officer.id)).statusCode).toBe(200);
    const booked = [];
    for (let i = 0; i < 2; i += 1) {
      // One booking per citizen and slot.
      const citizen = await createCitizen(t);
      const res = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id));
      expect(res.statusCode, res.body).toBe(201);
      booked.push(res.json().complaint.id as number);
    }
    const progressed = await t.app.inject({
      method: 'PUT',
      url: `/api/police/complaints/${booked[0]}/status`,
      headers: bearer(traffic.token),
      payload: { status: 'In Progress' },
    });
    expect(progressed.statusCode, progressed.body).toBe(200);
    expect((await expectSummaryEqualsLive()).get(traffic.officer.id)).toEqual({ pending: 1, in_progress: 1, completed: 0, other: 0 });
    expect((await assign(second.officer.id)).statusCode).toBe(200);
    const left = await t.app.inject({ method: 'DELETE', url: `/api/admin/slots/${slot.id}/remove-officer/${traffic.officer.id}`, headers: bearer(admin) });
    expect(left.statusCode).toBe(200);
    let table = await expectSummaryEqualsLive();
    expect(table.get(second.officer.id)).toEqual({ pending: 1, in_progress: 1, completed: 0, other: 0 });
    expect(table.get(traffic.officer.id)).toEqual({ pending: 0, in_progress: 0, completed: 0, other: 0 });

    // Clearance: handled by the clerk (counted once however often), then completed; fines issued.
    const application = await appliedAndPaid(t, await applicant(t));
    const setStatus = (status: string) => send(t, 'PUT', `/api/clearance/applications/${application.id}/status`, clerk.token, { status });
    expect((await setStatus('in_progress')).statusCode).toBe(200);
    expect((await expectSummaryEqualsLive()).get(clerk.officer.id)).toEqual({ pending: 0, in_progress: 1, completed: 0, other: 0 });
    expect((await setStatus('completed')).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) await issueFine(t, fines.token);

    // Anonymous reports: assigned on submission, then in hand.
    const report = await submitReport(t, reportFields());
    expect(report.statusCode).toBe(201);
    table = await expectSummaryEqualsLive();
    expect(table.get(clerk.officer.id)).toEqual({ pending: 0, in_progress: 0, completed: 1, other: 0 });
    expect(table.get(fines.officer.id)).toEqual({ pending: 0, in_progress: 0, completed: 2, other: 0 });

    // Folding the noted changes into the summary changes no answer; the rebuild from the base tables agrees.
    // (The scheduled fold may have run meanwhile: either way, nothing is left to fold and the sums hold it all.)
    expect(await t.modules.workload.fold()).toBeGreaterThanOrEqual(0);
    expect(await pendingChanges()).toBe(0);
    expect(await shown()).toEqual(table);
    for (const [id, counts] of table) expect((await folded(id)) ?? { pending: 0, in_progress: 0, completed: 0, other: 0 }).toEqual(counts);
    await t.database.db.execute(sql`select officer_workload_rebuild()`);
    expect(await shown()).toEqual(table);
    // And it keeps counting after a fold.
    await issueFine(t, fines.token);
    expect((await expectSummaryEqualsLive()).get(fines.officer.id)).toMatchObject({ completed: 3 });
  });

  it('stays equal to the live sums when bookings, status changes, slot assignments and folds run at once', async () => {
    const [first, second, joining] = [
      await createOfficer(t, 'Traffic Branch', { adminToken: admin }),
      await createOfficer(t, 'Traffic Branch', { adminToken: admin }),
      await createOfficer(t, 'Traffic Branch', { adminToken: admin }),
    ];
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch', available_slots: 6 });
    const slotUrl = `/api/admin/slots/${slot.id}`;
    for (const officer of [first, second]) {
      const res = await t.app.inject({ method: 'POST', url: `${slotUrl}/assign-officer`, headers: bearer(admin), payload: { officerId: officer.officer.id } });
      expect(res.statusCode).toBe(200);
    }
    const citizens = await Promise.all(Array.from({ length: 6 }, () => createCitizen(t)));
    const book = (citizen: (typeof citizens)[number]) => submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id));
    const early = await Promise.all(citizens.slice(0, 2).map(book));
    const results = await Promise.all([
      ...citizens.slice(2).map(book),
      t.app.inject({ method: 'POST', url: `${slotUrl}/assign-officer`, headers: bearer(admin), payload: { officerId: joining.officer.id } }),
      t.app.inject({ method: 'DELETE', url: `${slotUrl}/remove-officer/${first.officer.id}`, headers: bearer(admin) }),
      ...early.map((res) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/police/complaints/${res.json().complaint.id}/status`,
          headers: bearer(second.token),
          payload: { status: 'Completed' },
        }),
      ),
      t.modules.workload.fold(),
    ]);
    for (const res of results) if (typeof res !== 'number') expect(res.statusCode, res.body).toBeLessThan(300);
    const table = await expectSummaryEqualsLive();
    expect(table.get(joining.officer.id)).toEqual({ pending: 4, in_progress: 0, completed: 2, other: 0 });
    expect(table.get(first.officer.id)).toEqual({ pending: 0, in_progress: 0, completed: 0, other: 0 });
  });

  it('folds from its scheduled job', async () => {
    const fines = await createOfficer(t, 'Traffic Fine Branch', { adminToken: admin });
    await issueFine(t, fines.token);
    const scheduled = (await t.database.db.execute(sql`select cron from pgboss.schedule where name = 'workload-fold'`)) as unknown as {
      rows: Array<{ cron: string }>;
    };
    expect(scheduled.rows).toEqual([{ cron: '* * * * *' }]);
    await t.modules.jobs.sendNow('workload-fold');
    // The fine is in the folded sums themselves (by this job, or by the minute's if it came first).
    await expect.poll(async () => (await folded(fines.officer.id))?.completed, { timeout: 15_000 }).toBe(1);
    expect((await shown()).get(fines.officer.id)).toMatchObject({ completed: 1 });
  });

  it('pages every active officer once, by name, with the total', async () => {
    for (let i = 0; i < WORKLOAD_PAGE_SIZE + 3; i += 1) await insertOfficer(`Paging Officer ${String(i).padStart(2, '0')}`, 'Minor Offense Branch');
    const first = await page('branch=Minor%20Offense%20Branch');
    expect(first.rows).toHaveLength(WORKLOAD_PAGE_SIZE);
    expect(first.next_cursor).not.toBeNull();
    expect(first.total_exact).toBe(true);
    expect(Date.parse(first.as_of)).toBeGreaterThan(Date.now() - 60_000);
    const rows = await walk('branch=Minor%20Offense%20Branch');
    expect(rows).toHaveLength(first.total);
    expect(new Set(rows.map((r) => r.officer_row_id)).size).toBe(rows.length);
    const names = rows.map((r) => r.officer);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const active = await activeOfficerIds('Minor Offense Branch');
    expect(rows.map((r) => r.officer_row_id).sort((a, b) => a - b)).toEqual(active);
    // Every officer of every branch, once.
    const everyone = await walk();
    expect(everyone.map((r) => r.officer_row_id).sort((a, b) => a - b)).toEqual(await activeOfficerIds());
  });

  it('filters by branch, station and status, and refuses an unknown station or a bad cursor naming the field', async () => {
    const elsewhere = await createOfficer(t, 'Crime Branch', { adminToken: admin, station: 'Slave Island Police' });
    const atStation = await walk('station=Slave%20Island%20Police');
    expect(atStation.map((r) => r.officer_row_id)).toContain(elsewhere.officer.id);
    expect(atStation.every((r) => r.station === 'Slave Island Police')).toBe(true);
    const crimeHere = await walk('branch=Crime%20Branch&station=Kollupitiya%20Police%20Station');
    expect(crimeHere.map((r) => r.officer_row_id)).not.toContain(elsewhere.officer.id);
    expect(crimeHere.every((r) => r.branch === 'Crime Branch')).toBe(true);

    const fines = await createOfficer(t, 'Traffic Fine Branch', { adminToken: admin });
    for (let i = 0; i < 3; i += 1) await issueFine(t, fines.token);
    // 3 done, nothing open: balanced at the defaults, under-utilized below 4; never overloaded.
    const ids = async (query: string) => (await walk(query)).map((r) => r.officer_row_id);
    expect(await ids('status=balanced')).toContain(fines.officer.id);
    expect(await ids('status=under-utilized')).not.toContain(fines.officer.id);
    expect(await ids('status=under-utilized&underutilized_below=4')).toContain(fines.officer.id);
    expect(await ids('status=balanced&underutilized_below=4')).not.toContain(fines.officer.id);
    const over = await walk('status=overloaded&overloaded_above=0');
    expect(over.every((r) => r.pending + r.in_progress > 0 && r.status === 'overloaded')).toBe(true);
    expect(over.map((r) => r.officer_row_id)).not.toContain(fines.officer.id);

    for (const [query, field] of [
      ['station=Nowhere%20Police', 'station'],
      ['cursor=abc', 'cursor'],
      ['overloaded_above=-1', 'overloaded_above'],
    ] as const) {
      const refused = await get(query);
      expect(refused.statusCode, query).toBe(400);
      expect(Object.keys(refused.json().error.fieldKeys), query).toEqual([field]);
    }
  });

  it(`counts no further than ${LIST_COUNT_CAP} officers`, async () => {
    await t.database.db.execute(sql`
      with made as (
        insert into users (username, password_hash, role, station_id)
        select 'capped' || n, 'x', 'police_officer', (select id from stations order by id limit 1) from generate_series(1, ${LIST_COUNT_CAP + 5}) n
        returning id, username
      )
      insert into officers (user_id, full_name, officer_id, badge_number, branch)
      select id, 'Capped ' || username, upper(username), username, 'Traffic Branch' from made`);
    const capped = await page('');
    expect(capped).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    expect(capped.rows).toHaveLength(WORKLOAD_PAGE_SIZE);
  });

  async function insertOfficer(fullName: string, branch: string) {
    await t.database.db.execute(sql`
      with made as (
        insert into users (username, password_hash, role, station_id)
        values (${`paging${Math.random().toString(36).slice(2)}`}, 'x', 'police_officer', (select id from stations where name = 'Kollupitiya Police Station'))
        returning id, username
      )
      insert into officers (user_id, full_name, officer_id, badge_number, branch)
      select id, ${fullName}, upper(username), username, ${branch} from made`);
  }

  async function activeOfficerIds(branch?: string) {
    const result = (await t.database.db.execute(sql`
      select o.id from officers o join users u on u.id = o.user_id
      where u.active and u.role = 'police_officer' ${branch ? sql`and o.branch = ${branch}` : sql``} order by o.id`)) as unknown as {
      rows: Array<{ id: number }>;
    };
    return result.rows.map((r) => r.id);
  }
});
