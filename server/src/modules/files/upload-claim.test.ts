import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, imageFile, login, multipart, pdfFile, type FilePart } from '../../../test/helpers';
import { bookingState, complaintFields, createSlot, submitComplaint } from '../complaints/complaints.fixtures';
import { complaints } from '../complaints/complaints.table';
import { files } from './files.table';
import { DEMO_ADMIN_PASSWORD } from '../../seed/demo-accounts';

/**
 * Upload now, claim later: a file uploaded ahead of its form is stored unclaimed and owned by the
 * uploader; the form's transaction claims it by its path (complaints: POST /api/complaints/upload, then
 * attachment_path). Only the uploader's own unclaimed upload of that purpose can be claimed.
 */
describe.each(DB_KINDS)('upload, then claim on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let citizen: Awaited<ReturnType<typeof createCitizen>>;
  let other: Awaited<ReturnType<typeof createCitizen>>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await login(t, 'admin', DEMO_ADMIN_PASSWORD, 'admin');
    [citizen, other] = [await createCitizen(t), await createCitizen(t)];
  });
  afterAll(() => t?.close());

  const upload = (token: string | undefined, file?: FilePart, fieldName = 'file') => {
    const body = multipart({}, file ? { [fieldName]: file } : {});
    return t.app.inject({
      method: 'POST',
      url: '/api/complaints/upload',
      headers: { ...(token ? bearer(token) : {}), ...body.headers },
      payload: body.payload,
    });
  };
  const uploadedPath = async (token: string, file: FilePart = pdfFile('statement.pdf')) => {
    const res = await upload(token, file);
    expect(res.statusCode).toBe(201);
    return res.json().file.path as string;
  };
  const fileRow = async (p: string) => (await t.database.db.select().from(files).where(eq(files.path, p)))[0];
  const fileRowCount = async () => (await t.database.db.select({ n: count() }).from(files))[0]!.n;

  it('stores an upload unclaimed, owned by the uploader, and answers its path', async () => {
    const res = await upload(citizen.token, await imageFile('png', 'bruise.png'));
    expect(res.statusCode).toBe(201);
    const { path: stored } = res.json().file as { path: string };
    expect(stored).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(await fileRow(stored)).toMatchObject({ ownerUserId: citizen.id, purpose: 'complaint_attachment', claimedAt: null, originalName: 'bruise.png' });
    expect(fs.existsSync(path.join(t.config.uploadsDir, stored))).toBe(true);
    // The uploader may look at it before sending the form; nobody else may.
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${stored}`, headers: bearer(citizen.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${stored}`, headers: bearer(other.token) })).statusCode).toBe(404);
  });

  it('refuses an upload from others than citizens, without a file, and of a type the purpose does not take', async () => {
    const before = { rows: await fileRowCount(), onDisk: t.uploadedFiles().length };
    expect((await upload(undefined, pdfFile())).statusCode).toBe(401);
    const officer = await createOfficer(t, 'Traffic Branch', { adminToken: admin });
    expect((await upload(officer.token, pdfFile())).statusCode).toBe(403);
    const none = await upload(citizen.token);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({ code: 'validation.failed', fieldKeys: { file: 'fileRequired' } });
    const text = await upload(citizen.token, { buffer: Buffer.from('just some words'), filename: 'notes.pdf', contentType: 'application/pdf' });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toMatchObject({ code: 'request.unsupported_media_type', fieldKeys: { file: 'fileTypeWithPdf' } });
    expect({ rows: await fileRowCount(), onDisk: t.uploadedFiles().length }).toEqual(before);
  });

  it('claims the upload for the complaint that names it: one file, attached, readable by the branch', async () => {
    const officer = await createOfficer(t, 'Traffic Branch', { adminToken: admin });
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch' });
    const stored = await uploadedPath(citizen.token);
    const onDisk = t.uploadedFiles().length;
    const res = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id, { attachment_path: stored }));
    expect(res.statusCode).toBe(201);
    const complaint = res.json().complaint;
    expect(complaint.attachment).toEqual({ url: `/uploads/${stored}`, mime_type: 'application/pdf', name: 'statement.pdf' });
    const row = await fileRow(stored);
    expect(row!.claimedAt).toBeInstanceOf(Date);
    const [saved] = await t.database.db.select({ fileId: complaints.attachmentFileId }).from(complaints).where(eq(complaints.id, complaint.id));
    expect(saved!.fileId).toBe(row!.id);
    expect(t.uploadedFiles()).toHaveLength(onDisk);
    expect((await t.app.inject({ method: 'GET', url: complaint.attachment.url, headers: bearer(officer.token) })).statusCode).toBe(200);
  });

  describe('refuses a path it cannot claim with 400 naming attachment_path, and changes nothing', () => {
    async function expectRefused(pathGiven: string) {
      const slot = await createSlot(t, admin, { branch: 'Traffic Branch' });
      const before = { ...(await bookingState(t, slot.id)), rows: await fileRowCount(), claimed: await claimedPaths() };
      const res = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id, { attachment_path: pathGiven }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'files.not_claimable',
        fieldKeys: { attachment_path: 'uploadUnusable' },
        fields: { attachment_path: 'This upload cannot be used. Upload the file again.' },
      });
      expect({ ...(await bookingState(t, slot.id)), rows: await fileRowCount(), claimed: await claimedPaths() }).toEqual(before);
    }
    const claimedPaths = async () =>
      (await t.database.db.select({ path: files.path, claimedAt: files.claimedAt }).from(files))
        .filter((r) => r.claimedAt)
        .map((r) => r.path)
        .sort();

    it("another citizen's upload (it stays theirs to use)", async () => {
      const theirs = await uploadedPath(other.token);
      await expectRefused(theirs);
      expect((await fileRow(theirs))!.claimedAt).toBeNull();
    });

    it('an upload of another purpose', async () => {
      const photo = await imageFile('jpeg');
      const { path: identityPhoto } = await t.modules.files.upload(
        { field: 'file', buffer: photo.buffer, mimeType: 'image/jpeg', ext: 'jpg', originalName: 'id.jpg' },
        { purpose: 'citizen_identity', ownerUserId: citizen.id },
      );
      await expectRefused(identityPhoto);
      expect((await fileRow(identityPhoto))!.claimedAt).toBeNull();
    });

    it('an upload another complaint has claimed already', async () => {
      const slot = await createSlot(t, admin, { branch: 'Traffic Branch' });
      const used = await uploadedPath(citizen.token);
      expect((await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id, { attachment_path: used }))).statusCode).toBe(201);
      await expectRefused(used);
    });

    it('a path that names no upload, or no file at all', async () => {
      await expectRefused(`${'a'.repeat(32)}.pdf`);
      await expectRefused('../../etc/passwd');
    });
  });

  it('leaves the upload unclaimed when the booking is refused, so the complaint can be sent again with it', async () => {
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch', available_slots: 1 });
    expect((await submitComplaint(t, other.token, 'traffic', complaintFields('traffic', slot.id))).statusCode).toBe(201);
    const stored = await uploadedPath(citizen.token);
    const full = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id, { attachment_path: stored }));
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('complaints.slot_full');
    expect((await fileRow(stored))!.claimedAt).toBeNull();
    expect(t.uploadedFiles()).toContain(stored);
    const open = await createSlot(t, admin, { branch: 'Traffic Branch' });
    expect((await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', open.id, { attachment_path: stored }))).statusCode).toBe(201);
  });

  it('refuses a form that sends a file and names an upload too, storing neither', async () => {
    const slot = await createSlot(t, admin, { branch: 'Traffic Branch' });
    const stored = await uploadedPath(citizen.token);
    const before = { ...(await bookingState(t, slot.id)), rows: await fileRowCount() };
    const res = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id, { attachment_path: stored }), {
      attachment_file: pdfFile(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation.failed', fieldKeys: { attachment_path: 'attachmentTwice' } });
    expect({ ...(await bookingState(t, slot.id)), rows: await fileRowCount() }).toEqual(before);
    expect((await fileRow(stored))!.claimedAt).toBeNull();
  });
});
