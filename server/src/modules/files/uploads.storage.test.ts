import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { UNCLAIMED_UPLOAD_TTL_SECONDS } from '@pes/contracts';
import { DB_KINDS, startTestApp, TEST_ADMIN, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, login, multipart, pdfFile, startUpSweepDone } from '../../../test/helpers';
import { startS3Server, type S3Server } from '../../../test/s3-server';
import { adminBranchOfficer, applicant, appliedAndPaid, send } from '../clearance/clearance.fixtures';
import { files } from './files.table';

const STORAGES = ['local', 's3'] as const;

/**
 * The files module on each storage (FILE_STORAGE=local, the default, and FILE_STORAGE=s3 against a real s3rver),
 * through the HTTP API: forms store their files there, /uploads/{path} streams them back after its permission
 * check, a file gone from the storage is a 404, and the sweeps clean the storage.
 */
describe.each(DB_KINDS.flatMap((kind) => STORAGES.map((storage) => [storage, kind] as const)))('uploaded files in the %s storage on %s', (storage, kind) => {
  let t: TestApp;
  let s3: S3Server | undefined;
  let citizen: Awaited<ReturnType<typeof createCitizen>>;
  beforeAll(async () => {
    s3 = storage === 's3' ? await startS3Server() : undefined;
    t = await startTestApp(kind, { env: { PUBLIC_URL: 'https://eservices.police.lk', ...s3?.env } });
    citizen = await createCitizen(t);
    // The sweep sent at start-up would race the sweeps called here: it runs first.
    await startUpSweepDone(t);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  /** The names in the storage, read past the app: the bucket's keys, or the upload directory. */
  const stored = async () => (s3 ? await s3.keys() : t.uploadedFiles()).sort();
  const removeStored = (name: string) => (s3 ? s3.remove(name) : fs.promises.rm(path.join(t.config.uploadsDir, name)));
  /** A file as a crash between writing it and storing its row leaves it, written `secondsAgo`. */
  async function leaveOrphan(secondsAgo: number) {
    const name = `${randomBytes(16).toString('hex')}.pdf`;
    if (s3) {
      await s3.put(name, 'left behind');
      s3.age(name, secondsAgo);
    } else {
      fs.mkdirSync(t.config.uploadsDir, { recursive: true });
      const full = path.join(t.config.uploadsDir, name);
      fs.writeFileSync(full, 'left behind');
      const when = new Date(Date.now() - secondsAgo * 1000);
      fs.utimesSync(full, when, when);
    }
    return name;
  }
  const upload = async (token: string, file = pdfFile('statement.pdf')) => {
    const body = multipart({}, { file });
    const res = await t.app.inject({ method: 'POST', url: '/api/complaints/upload', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(201);
    return res.json().file.path as string;
  };
  const get = (name: string, token?: string) => t.app.inject({ method: 'GET', url: `/uploads/${name}`, headers: token ? bearer(token) : {} });

  it('keeps an upload in the storage and streams it back through /uploads to its owner only', async () => {
    const file = pdfFile('statement.pdf');
    const name = await upload(citizen.token, file);
    expect(await stored()).toContain(name);
    // With a bucket, nothing is written to the local disk.
    if (s3) expect(fs.existsSync(t.config.uploadsDir)).toBe(false);

    const res = await get(name, citizen.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    // PDFs are kept as sent.
    expect(res.rawPayload.equals(file.buffer)).toBe(true);

    const other = await createCitizen(t);
    const refused = await get(name, other.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('request.not_found');
    expect((await get(name)).statusCode).toBe(401);
  });

  it("keeps a sign-up's identity photos there, served to an administrator", async () => {
    const photos = (
      await t.database.db
        .select({ path: files.path })
        .from(files)
        .where(and(eq(files.ownerUserId, citizen.id), eq(files.purpose, 'citizen_identity')))
    ).map((r) => r.path);
    expect(photos).toHaveLength(3);
    expect(await stored()).toEqual(expect.arrayContaining(photos));
    const admin = await login(t, TEST_ADMIN.username, TEST_ADMIN.password);
    const res = await get(photos[0]!, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);
  });

  it('stores a generated clearance certificate there, downloaded by its citizen', async () => {
    const who = await applicant(t);
    const { id } = await appliedAndPaid(t, who);
    const officer = await adminBranchOfficer(t);
    for (const status of ['in_progress', 'completed'])
      expect((await send(t, 'PUT', `/api/clearance/applications/${id}/status`, officer.token, { status })).statusCode).toBe(200);
    const draft = (await send(t, 'GET', `/api/clearance/applications/${id}/certificate-draft`, officer.token)).json();
    const generated = await send(t, 'POST', `/api/clearance/applications/${id}/certificate/generate`, officer.token, draft);
    expect(generated.statusCode).toBe(201);
    const certificateUrl = generated.json().certificate_url as string;
    expect(await stored()).toContain(certificateUrl.replace('/uploads/', ''));
    expect(await stored()).toEqual(expect.arrayContaining(Object.values(who.uploads)));

    const download = await send(t, 'GET', certificateUrl, who.token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 404 when the file record exists but the file is gone from the storage', async () => {
    const name = await upload(citizen.token);
    await removeStored(name);
    const res = await get(name, citizen.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('request.not_found');
  });

  it('sweeps the storage: uploads unclaimed for a day, and files without a row written more than a day ago', async () => {
    const abandoned = await upload(citizen.token);
    const kept = await upload(citizen.token);
    await t.database.db
      .update(files)
      .set({ createdAt: sql`now() - make_interval(secs => ${UNCLAIMED_UPLOAD_TTL_SECONDS + 60})` })
      .where(inArray(files.path, [abandoned]));
    const oldOrphans = [await leaveOrphan(UNCLAIMED_UPLOAD_TTL_SECONDS + 60), await leaveOrphan(2 * UNCLAIMED_UPLOAD_TTL_SECONDS)];
    // An upload in flight: its file is written, its row not yet stored.
    const inFlight = await leaveOrphan(5);

    expect(await t.modules.files.sweepUnclaimed()).toBe(1);
    expect(await stored()).not.toContain(abandoned);
    // Batches of one: each orphan is checked in a batch of its own.
    expect(await t.modules.files.sweepOrphanFiles(UNCLAIMED_UPLOAD_TTL_SECONDS, 1)).toBe(2);
    const left = await stored();
    for (const gone of oldOrphans) expect(left).not.toContain(gone);
    expect(left).toEqual(expect.arrayContaining([kept, inFlight]));
    expect((await get(kept, citizen.token)).statusCode).toBe(200);
  });
});
