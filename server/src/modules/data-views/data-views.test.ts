import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DB_KINDS, TEST_ADMIN, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, onTestApp, signInAdmin } from '../../../test/helpers';
import { auditLog } from '../audit/audit.table';
import { adminBranchOfficer, applicant, appliedAndPaid } from '../clearance/clearance.fixtures';
import { complaintFields, createSlot, submitComplaint } from '../complaints/complaints.fixtures';
import { files } from '../files/files.table';
import { citizenProfiles } from '../users/users.table';

type View = { id: number; what: string; documents: string[]; reference: string | null; branch: string | null; station: string | null; flagged: boolean };

// Issue 48, "Who has looked at my data?": a citizen sees every time staff opened their data (when, branch, station,
// what, which record; never who), only their own; flags one for the administrators, who mark it handled; all audited.
describe.each(DB_KINDS)('who has looked at my data, on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  onTestApp(kind, async (app) => ((t = app), (admin = await signInAdmin(app))));

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string) => t.app.inject({ method: 'POST', url, headers: bearer(token) });
  const viewsOf = async (token: string) => (await get('/api/me/data-views', token)).json().entries as View[];
  const auditCount = async (action: string, subjectId: number) =>
    (
      await t.database.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, String(subjectId))))
    ).length;

  it('lists the views of identity photos, application documents, a certificate draft and a complaint, with branch and station, never the officer', async () => {
    const who = await applicant(t);
    const { id, reference } = await appliedAndPaid(t, who);
    const officer = await adminBranchOfficer(t);
    expect((await get(`/api/admin/users/${who.id}`, admin)).statusCode).toBe(200);
    expect((await get(`/api/clearance/applications/${id}`, officer.token)).statusCode).toBe(200);
    expect((await get(`/api/clearance/applications/${id}/certificate-draft`, officer.token)).statusCode).toBe(200);
    const slot = await createSlot(t, admin, { branch: 'Crime Branch' });
    const complaint = (await submitComplaint(t, who.token, 'crime', complaintFields('crime', slot.id))).json().complaint;
    expect((await get(`/api/admin/complaints/${complaint.id}`, admin)).statusCode).toBe(200);

    const answer = await get('/api/me/data-views', who.token);
    expect(answer.statusCode).toBe(200);
    const views = answer.json().entries as View[];
    expect(views.map((v) => [v.what, v.reference, v.branch])).toEqual([
      ['complaint', complaint.reference_number, null],
      ['certificate_draft', reference, 'Admin Branch'],
      ['application_documents', reference, 'Admin Branch'],
      ['identity_documents', null, null],
    ]);
    expect(views[2]!.documents).toEqual(['nicFront', 'nicBack']);
    expect(views[3]!.documents).toEqual(['identity_photo_front', 'identity_photo_back', 'live_photo']);
    expect(views[2]!.station).toBe(officer.officer.station);
    for (const view of views) expect(view.station).toBeTruthy();
    // Who opened it stays in the audit log, for the administrator.
    expect(answer.body).not.toContain(officer.username);
    expect(answer.body).not.toContain('Dilani');
    expect(answer.body).not.toMatch(/actor|"admin"/);

    // The export carries them too.
    const exported = (await get('/api/me/export', who.token)).json();
    expect(exported.data_views.map((v: View) => v.id)).toEqual(views.map((v) => v.id));
  });

  it("shows a citizen only their own views, pages them by keyset, and refuses another's entry", async () => {
    const [one, other] = [await createCitizen(t), await createCitizen(t)];
    const [front] = await t.database.db
      .select({ path: files.path })
      .from(citizenProfiles)
      .innerJoin(files, eq(files.id, citizenProfiles.identityPhotoFrontId))
      .where(eq(citizenProfiles.userId, one.id));
    // A read no page covers is recorded by itself: 22 views.
    for (let k = 0; k < 22; k++) expect((await get(`/uploads/${front!.path}`, admin)).statusCode).toBe(200);
    const first = (await get('/api/me/data-views', one.token)).json();
    expect(first.entries).toHaveLength(20);
    expect(first.next_cursor).toBeTruthy();
    const second = (await get(`/api/me/data-views?cursor=${first.next_cursor}`, one.token)).json();
    expect(second.entries).toHaveLength(2);
    expect(second.next_cursor).toBeNull();
    expect(second.entries[0].documents).toEqual(['citizen_identity']);
    expect(new Set([...first.entries, ...second.entries].map((v: View) => v.id)).size).toBe(22);

    expect(await viewsOf(other.token)).toEqual([]);
    const refused = await post(`/api/me/data-views/${first.entries[0].id}/flag`, other.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('account.data_view_not_found');
    expect(await auditCount('data_view.flag', other.id)).toBe(0);

    const badCursor = await get('/api/me/data-views?cursor=x', one.token);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().error.fields).toHaveProperty('cursor');
  });

  it('sends a flagged view to the attention list, audited once; the administrator marks it handled, audited', async () => {
    const citizen = await createCitizen(t, { first_name: 'Kamala', second_name: 'Fernando' });
    await get(`/api/admin/users/${citizen.id}`, admin);
    const [view] = await viewsOf(citizen.token);

    for (let k = 0; k < 2; k++) {
      const flagged = await post(`/api/me/data-views/${view!.id}/flag`, citizen.token);
      expect(flagged.statusCode).toBe(200);
      expect(flagged.json()).toEqual({ flagged: true });
    }
    expect(await auditCount('data_view.flag', citizen.id)).toBe(1);
    expect((await viewsOf(citizen.token))[0]!.flagged).toBe(true);

    const open = (await get('/api/admin/data-view-flags', admin)).json().flags as Array<{ id: number; view: { id: number } }>;
    const flag = open.find((f) => f.view.id === view!.id)!;
    expect(flag).toMatchObject({
      handled_at: null,
      account: { id: citizen.id, username: citizen.username, person: 'Kamala Fernando' },
      view: { what: 'identity_documents', actor_username: TEST_ADMIN.username, actor_role: 'admin' },
    });

    const handled = await post(`/api/admin/data-view-flags/${flag.id}/handled`, admin);
    expect(handled.statusCode).toBe(200);
    expect(handled.json()).toMatchObject({ id: flag.id, handled_by: TEST_ADMIN.username });
    expect(handled.json().handled_at).toBeTruthy();
    expect(await auditCount('data_view.flag_handled', citizen.id)).toBe(1);
    const again = await post(`/api/admin/data-view-flags/${flag.id}/handled`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('account.flag_already_handled');
    expect((await post('/api/admin/data-view-flags/999999/handled', admin)).statusCode).toBe(404);

    expect(((await get('/api/admin/data-view-flags', admin)).json().flags as Array<{ id: number }>).map((f) => f.id)).not.toContain(flag.id);
    expect(((await get('/api/admin/data-view-flags?state=handled', admin)).json().flags as Array<{ id: number }>).map((f) => f.id)).toContain(flag.id);
    const bad = await get('/api/admin/data-view-flags?state=closed', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('state');
  });

  it('keeps each list to its own people', async () => {
    const citizen = await createCitizen(t);
    const officer = await adminBranchOfficer(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/data-views' })).statusCode).toBe(401);
    expect((await get('/api/me/data-views', officer.token)).statusCode).toBe(403);
    expect((await get('/api/me/data-views', admin)).statusCode).toBe(403);
    expect((await get('/api/admin/data-view-flags', citizen.token)).statusCode).toBe(403);
    expect((await get('/api/admin/data-view-flags', officer.token)).statusCode).toBe(403);
    expect((await post('/api/admin/data-view-flags/1/handled', citizen.token)).statusCode).toBe(403);
    expect((await post('/api/me/data-views/1/flag', officer.token)).statusCode).toBe(403);
  });
});
