import { describe, expect, it } from 'vitest';
import { DB_KINDS, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, onTestApp, signInAdmin } from '../../../test/helpers';
import { complaintFields, createSlot, submitComplaint } from '../complaints/complaints.fixtures';

type Entry = { action: string; subject_id: string | null; details: Record<string, string> };

// An entry must say, in words, whom and what it concerns (names and CMP-/PCC- references, not row ids), and who
// opened a citizen's identity photos; all without touching what is stored, so the hash chain still verifies.
describe.each(DB_KINDS)("the audit log's words for its reader on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  onTestApp(kind, async (app) => ((t = app), (admin = await signInAdmin(app))));

  const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const newest = async (action: string) => ((await get(`/api/admin/audit-log?action=${action}`)).json().entries as Entry[])[0]!;

  it('names the officer and the slot, the complaint by its reference and complainant, and the actor by name', async () => {
    const officer = await createOfficer(t, 'Crime Branch', { adminToken: admin, full_name: 'Nimal Rajapaksha' });
    const slot = await createSlot(t, admin, { branch: 'Crime Branch', time_from: '09:00', time_to: '09:30' });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/slots/${slot.id}/assign-officer`,
      headers: bearer(admin),
      payload: { officerId: officer.officer.id },
    });
    const assigned = await newest('slot.assign_officer');
    expect(assigned.details).toMatchObject({ officer: 'Nimal Rajapaksha', slot: `${slot.date} 09:00–09:30, ${slot.station}` });
    expect(JSON.stringify(assigned.details)).not.toMatch(/officer_row_id/);

    const citizen = await createCitizen(t);
    const booked = (await submitComplaint(t, citizen.token, 'crime', complaintFields('crime', slot.id, { full_name: 'Sunil Perera' }))).json().complaint;
    await t.app.inject({
      method: 'PUT',
      url: `/api/police/complaints/${booked.id}/status`,
      headers: bearer(officer.token),
      payload: { status: 'In Progress' },
    });
    expect((await newest('complaint.status')).details).toEqual({
      reference: booked.reference_number,
      person: 'Sunil Perera',
      before: 'Pending',
      after: 'In Progress',
      actor_name: 'Nimal Rajapaksha',
    });
    expect(booked.reference_number).toMatch(/^CMP-/);
  });

  it("names the citizen and the photos an administrator's view of them showed, and the chain still verifies", async () => {
    const citizen = await createCitizen(t, { first_name: 'Kamala', second_name: 'Fernando' });
    expect((await get(`/api/admin/users/${citizen.id}`)).statusCode).toBe(200);
    expect((await newest('identity.view')).details).toMatchObject({
      person: 'Kamala Fernando',
      username: citizen.username,
      document: 'identity_photo_front,identity_photo_back,live_photo',
    });

    await t.modules.audit.verifyStep();
    const verified = (await get('/api/admin/audit-log/verify')).json();
    expect(verified).toMatchObject({ ok: true, first_bad_id: null });
  });
});
