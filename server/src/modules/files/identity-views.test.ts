import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DB_KINDS, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, onTestApp, signInAdmin } from '../../../test/helpers';
import { auditLog } from '../audit/audit.table';
import { adminBranchOfficer, applicant, appliedAndPaid } from '../clearance/clearance.fixtures';
import { citizenProfiles } from '../users/users.table';
import { files, fileViewGrants } from './files.table';

type ViewSummary = { documents: string[]; reference?: string; station: string | null };

// Issue 45, item 17: one audit entry per view of a person's documents, naming them; still no identity file sent to staff
// without a record (a read that no view covers is recorded by itself).
describe.each(DB_KINDS)("staff's views of a citizen's identity files on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  onTestApp(kind, async (app) => ((t = app), (admin = await signInAdmin(app))));

  const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const viewsOf = async (citizenId: number) =>
    (
      await t.database.db
        .select({ actor: auditLog.actorUsername, summary: auditLog.summary })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'identity.view'), eq(auditLog.subjectId, String(citizenId))))
        .orderBy(auditLog.id)
    ).map((row) => ({ actor: row.actor, ...(row.summary as ViewSummary) }));
  const expireGrants = () => t.database.db.update(fileViewGrants).set({ expiresAt: sql`now() - interval '1 second'` });

  it("records the administrator's view of a citizen once, naming the photos shown; the photos' reads are the view's own", async () => {
    const citizen = await createCitizen(t);
    const detail = await get(`/api/admin/users/${citizen.id}`);
    expect(detail.statusCode).toBe(200);
    const photos = ['identity_photo_front', 'identity_photo_back', 'live_photo'].map((field) => detail.json().citizen[field].url as string);
    for (const photo of photos) expect((await get(photo)).statusCode).toBe(200);

    const views = await viewsOf(citizen.id);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ actor: 'admin', documents: ['identity_photo_front', 'identity_photo_back', 'live_photo'] });
    expect(views[0]!.station).toBeTruthy();

    // The same page asked again while its view is live (a refresh) is the same view.
    expect((await get(`/api/admin/users/${citizen.id}`)).statusCode).toBe(200);
    expect(await viewsOf(citizen.id)).toHaveLength(1);

    // Once the view has expired, a read of a photo is recorded by itself, and the page again records a view.
    await expireGrants();
    expect((await get(photos[0]!)).statusCode).toBe(200);
    expect((await viewsOf(citizen.id)).map((view) => view.documents)).toEqual([
      ['identity_photo_front', 'identity_photo_back', 'live_photo'],
      ['citizen_identity'],
    ]);
    expect((await get(`/api/admin/users/${citizen.id}`)).statusCode).toBe(200);
    expect(await viewsOf(citizen.id)).toHaveLength(3);
  });

  it('records each direct read of an identity file that no view covers, and none of the citizen reading their own', async () => {
    const citizen = await createCitizen(t);
    const [front] = await t.database.db
      .select({ path: files.path })
      .from(citizenProfiles)
      .innerJoin(files, eq(files.id, citizenProfiles.identityPhotoFrontId))
      .where(eq(citizenProfiles.userId, citizen.id));
    const address = `/uploads/${front!.path}`;
    expect((await get(address, citizen.token)).statusCode).toBe(200);
    expect(await viewsOf(citizen.id)).toHaveLength(0);

    expect((await get(address)).statusCode).toBe(200);
    expect((await get(address)).statusCode).toBe(200);
    expect((await viewsOf(citizen.id)).map((view) => view.documents)).toEqual([['citizen_identity'], ['citizen_identity']]);
    expect(await t.database.db.select().from(fileViewGrants).where(eq(fileViewGrants.readerUserId, citizen.id))).toHaveLength(0);
  });

  it("records the Admin Branch's view of an application once, naming its documents and reference; another officer's read is recorded", async () => {
    const who = await applicant(t);
    const { id, reference } = await appliedAndPaid(t, who);
    const officer = await adminBranchOfficer(t);
    const detail = await get(`/api/clearance/applications/${id}`, officer.token);
    expect(detail.statusCode).toBe(200);
    const uploads = detail.json().uploads as Record<string, string>;
    for (const address of Object.values(uploads)) expect((await get(address, officer.token)).statusCode).toBe(200);
    expect(await viewsOf(who.id)).toEqual([
      expect.objectContaining({ actor: officer.username, documents: ['nicFront', 'nicBack'], reference, station: officer.officer.station }),
    ]);

    // A status change answers the same documents: still the same view.
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/clearance/applications/${id}/status`,
      headers: bearer(officer.token),
      payload: { status: 'in_progress' },
    });
    expect(updated.statusCode).toBe(200);
    expect(await viewsOf(who.id)).toHaveLength(1);

    // Another Admin Branch officer who opens a document by its address, without the page, is on the record too.
    const colleague = await createOfficer(t, 'Admin Branch', { adminToken: admin });
    expect((await get(uploads.nicFront!, colleague.token)).statusCode).toBe(200);
    expect((await viewsOf(who.id)).map((view) => [view.actor, view.documents])).toEqual([
      [officer.username, ['nicFront', 'nicBack']],
      [colleague.username, ['clearance_document']],
    ]);
  });

  it('sweeps the expired view grants', async () => {
    const citizen = await createCitizen(t);
    await get(`/api/admin/users/${citizen.id}`);
    await expireGrants();
    const swept = await t.modules.files.sweep();
    expect(swept.grants).toBeGreaterThanOrEqual(3);
    expect(await t.database.db.select().from(fileViewGrants)).toHaveLength(0);
  });
});
