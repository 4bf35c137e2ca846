import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { UNCLAIMED_UPLOAD_TTL_SECONDS } from '@pes/contracts';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { createCitizen, login } from '../../../test/helpers';
import { complaintFields, createSlot, submitComplaint } from '../complaints/complaints.fixtures';
import { files } from './files.table';
import type { UploadedFile } from './uploaded-file';

const pdf = (name: string): UploadedFile => ({
  field: 'file',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
  mimeType: 'application/pdf',
  ext: 'pdf',
  originalName: name,
});

/** Uploads no form claimed within a day are deleted, rows and files; claimed files and younger uploads stay. */
describe.each(DB_KINDS)('the sweep of unclaimed uploads on %s', (kind) => {
  let t: TestApp;
  let citizen: Awaited<ReturnType<typeof createCitizen>>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    citizen = await createCitizen(t);
  });
  afterAll(() => t?.close());

  const owner = () => ({ purpose: 'complaint_attachment' as const, ownerUserId: citizen.id });
  const age = (paths: string[], seconds: number) =>
    t.database.db
      .update(files)
      .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(inArray(files.path, paths));
  const rowsOf = async (paths: string[]) =>
    (await t.database.db.select({ path: files.path }).from(files).where(inArray(files.path, paths))).map((r) => r.path).sort();
  const onDisk = (p: string) => fs.existsSync(path.join(t.config.uploadsDir, p));

  /** An old unclaimed upload, an old one claimed by a complaint, and a young unclaimed one. */
  async function threeUploads() {
    const { path: abandoned } = await t.modules.files.upload(pdf('abandoned.pdf'), owner());
    const { path: young } = await t.modules.files.upload(pdf('young.pdf'), owner());
    const { path: used } = await t.modules.files.upload(pdf('used.pdf'), owner());
    const slot = await createSlot(t, await login(t, 'admin', 'Admin@12345', 'admin'), { branch: 'Traffic Branch' });
    expect((await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id, { attachment_path: used }))).statusCode).toBe(201);
    await age([abandoned, used], UNCLAIMED_UPLOAD_TTL_SECONDS + 60);
    await age([young], UNCLAIMED_UPLOAD_TTL_SECONDS - 600);
    return { abandoned, young, used };
  }

  it('deletes the rows and files of uploads unclaimed for a day, and keeps claimed and younger ones', async () => {
    const { abandoned, young, used } = await threeUploads();
    const signupPhotos = (
      await t.database.db
        .select({ path: files.path })
        .from(files)
        .where(and(eq(files.ownerUserId, citizen.id), eq(files.purpose, 'citizen_identity')))
    ).map((r) => r.path);
    expect(signupPhotos).toHaveLength(3);
    await age(signupPhotos, UNCLAIMED_UPLOAD_TTL_SECONDS * 30);

    expect(await t.modules.files.sweepUnclaimed()).toBe(1);
    expect(await rowsOf([abandoned, young, used, ...signupPhotos])).toEqual([young, used, ...signupPhotos].sort());
    expect(onDisk(abandoned)).toBe(false);
    for (const kept of [young, used, ...signupPhotos]) expect(onDisk(kept), kept).toBe(true);
    expect(await t.modules.files.sweepUnclaimed()).toBe(0);
  });

  it('sweeps as soon as it is started (the server starts it at start-up), then on its timer', async () => {
    const { abandoned, young, used } = await threeUploads();
    const stop = t.modules.files.sweepUnclaimedEvery(60 * 60 * 1000);
    await stop();
    expect(await rowsOf([abandoned, young, used])).toEqual([young, used].sort());
    expect(onDisk(abandoned)).toBe(false);
  });

  it('makes a swept upload unclaimable: the form that names it too late is told to upload it again', async () => {
    const { abandoned } = await threeUploads();
    await t.modules.files.sweepUnclaimed();
    const slot = await createSlot(t, await login(t, 'admin', 'Admin@12345', 'admin'), { branch: 'Traffic Branch' });
    const late = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id, { attachment_path: abandoned }));
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatchObject({ code: 'files.not_claimable', fieldKeys: { attachment_path: 'uploadUnusable' } });
  });
});
