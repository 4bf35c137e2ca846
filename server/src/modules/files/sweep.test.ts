import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { UNCLAIMED_UPLOAD_TTL_SECONDS } from '@pes/contracts';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { createCitizen, login, startUpSweepDone } from '../../../test/helpers';
import { complaintFields, createSlot, submitComplaint } from '../complaints/complaints.fixtures';
import { files } from './files.table';
import { createFilesRepository } from './files.repository';
import { createFilesService } from './files.service';
import { createLocalFileStorage } from './files.storage.local';
import type { UploadedFile } from '../../http/uploaded-file';
import { DEMO_ADMIN_PASSWORD } from '../../seed/demo-accounts';

const pdf = (name: string): UploadedFile => ({
  field: 'file',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
  mimeType: 'application/pdf',
  ext: 'pdf',
  originalName: name,
});

/**
 * Uploads no form claimed within a day are deleted, rows and files; claimed files and younger uploads stay.
 * Files a crash left on disk without a row are deleted after a day too.
 */
describe.each(DB_KINDS)('the sweep of unclaimed uploads on %s', (kind) => {
  let t: TestApp;
  let citizen: Awaited<ReturnType<typeof createCitizen>>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    // The sweep sent at start-up would race the sweeps called here (it once deleted an aged upload first).
    await startUpSweepDone(t);
  });
  afterAll(() => t?.close());
  // A citizen per test: each test books, and a citizen holds at most 3 upcoming appointments.
  beforeEach(async () => {
    citizen = await createCitizen(t);
  });

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
    const slot = await createSlot(t, await login(t, 'admin', DEMO_ADMIN_PASSWORD, 'admin'), { branch: 'Traffic Branch' });
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

  it('sweeps from its scheduled job (also sent at start-up): unclaimed uploads and files without a row', async () => {
    const { abandoned, young, used } = await threeUploads();
    const leftByCrash = await writeOrphan(UNCLAIMED_UPLOAD_TTL_SECONDS + 60);
    await t.modules.jobs.sendNow('upload-sweep');
    await expect.poll(() => rowsOf([abandoned, young, used]), { timeout: 15_000 }).toEqual([young, used].sort());
    // The rows go first, then their files, then the files without a row.
    await expect.poll(() => onDisk(abandoned) || onDisk(leftByCrash), { timeout: 5_000 }).toBe(false);
  });

  /** A file as a crash between writing it and storing its row leaves it: on disk, no row, written `secondsAgo`. */
  async function writeOrphan(secondsAgo: number, ext = 'pdf') {
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    const full = path.join(t.config.uploadsDir, name);
    fs.mkdirSync(t.config.uploadsDir, { recursive: true });
    fs.writeFileSync(full, 'left behind');
    const when = new Date(Date.now() - secondsAgo * 1000);
    fs.utimesSync(full, when, when);
    return name;
  }

  it('deletes files older than a day that have no row, in batches, and keeps younger ones, files with rows and foreign names', async () => {
    const { abandoned, young, used } = await threeUploads();
    // Old uploads with rows (claimed or not) are the other sweep's business: aged on disk too, they stay here.
    for (const p of [abandoned, young, used]) {
      const old = new Date(Date.now() - (UNCLAIMED_UPLOAD_TTL_SECONDS + 3600) * 1000);
      fs.utimesSync(path.join(t.config.uploadsDir, p), old, old);
    }
    const orphans = await Promise.all(Array.from({ length: 7 }, (_, k) => writeOrphan(UNCLAIMED_UPLOAD_TTL_SECONDS + 60 + k, k % 2 ? 'jpg' : 'pdf')));
    // An upload in flight: its file is written, its row not yet stored.
    const inFlight = await writeOrphan(5);
    const almostADay = await writeOrphan(UNCLAIMED_UPLOAD_TTL_SECONDS - 600);
    // Not a name the storage makes: never touched.
    const foreign = path.join(t.config.uploadsDir, 'README.txt');
    fs.writeFileSync(foreign, 'not an upload');
    fs.utimesSync(foreign, new Date(0), new Date(0));
    const everyoneElse = t.uploadedFiles().filter((n) => ![...orphans, inFlight, almostADay, 'README.txt'].includes(n));

    // Batches of 3 over more than 3 files: each batch is checked, the last one partly filled.
    expect(await t.modules.files.sweepOrphanFiles(UNCLAIMED_UPLOAD_TTL_SECONDS, 3)).toBe(7);
    for (const gone of orphans) expect(onDisk(gone), gone).toBe(false);
    for (const kept of [inFlight, almostADay, ...everyoneElse]) expect(onDisk(kept), kept).toBe(true);
    expect(fs.existsSync(foreign)).toBe(true);
    expect(await rowsOf([abandoned, young, used])).toEqual([abandoned, young, used].sort());
    expect(await t.modules.files.sweepOrphanFiles()).toBe(0);
    fs.rmSync(foreign);
  });

  it('sweeps files without a row when the upload directory is not made yet, finding nothing', async () => {
    const notMade = path.join(t.dataDir, 'not-made-yet');
    const service = createFilesService({
      db: t.database.db,
      storage: createLocalFileStorage(notMade),
      repository: createFilesRepository(t.database.db),
      log: t.app.log,
    });
    expect(await service.sweepOrphanFiles()).toBe(0);
    expect(fs.existsSync(notMade)).toBe(false);
  });

  it('makes a swept upload unclaimable: the form that names it too late is told to upload it again', async () => {
    const { abandoned } = await threeUploads();
    await t.modules.files.sweepUnclaimed();
    const slot = await createSlot(t, await login(t, 'admin', DEMO_ADMIN_PASSWORD, 'admin'), { branch: 'Traffic Branch' });
    const late = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id, { attachment_path: abandoned }));
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatchObject({ code: 'files.not_claimable', fieldKeys: { attachment_path: 'uploadUnusable' } });
  });
});
