import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, imageFile, login, pdfFile } from '../../../test/helpers';
import { files } from '../files/files.table';
import { rateLimitCounters } from '../rate-limits/rate-limits.table';
import { anonymousComplaints, anonymousStatusHistory } from './anonymous.table';
import { hashTrackingCode } from './anonymous.service';
import { HOME_STATION, OTHER_STATION, photoWithMetadata, reportFields, submitReport } from './anonymous.fixtures';
import { DEMO_ADMIN_PASSWORD } from '../../seed/demo-accounts';

type Officer = Awaited<ReturnType<typeof createOfficer>> & { code: string };

describe.each(DB_KINDS)('anonymous complaints on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let crime: Officer;
  let crimeElsewhere: Officer;
  let traffic: Officer;
  let citizen: string;

  const officer = async (branch: string, station?: string): Promise<Officer> => {
    const o = await createOfficer(t, branch, { adminToken: admin, station });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(o.token) });
    return { ...o, code: me.json().user.officerId as string };
  };
  const list = (o: Pick<Officer, 'token'>, officerId: string) =>
    t.app.inject({ method: 'GET', url: `/api/anonymous/officer/${encodeURIComponent(officerId)}`, headers: bearer(o.token) });
  const putStatus = (id: number, status: unknown, token?: string) =>
    t.app.inject({ method: 'PUT', url: `/api/anonymous/${id}/status`, headers: token ? bearer(token) : {}, payload: { status } as object });
  const track = (code: string) => t.app.inject({ method: 'POST', url: '/api/anonymous/track', payload: { tracking_code: code } });
  const stored = async () => ({
    reports: (await t.modules.db.select({ n: count() }).from(anonymousComplaints))[0]!.n,
    files: (await t.modules.db.select({ n: count() }).from(files))[0]!.n,
    onDisk: t.uploadedFiles().length,
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await login(t, 'admin', DEMO_ADMIN_PASSWORD, 'admin');
    crime = await officer('Crime Branch');
    crimeElsewhere = await officer('Crime Branch', OTHER_STATION);
    traffic = await officer('Traffic Branch');
    citizen = (await createCitizen(t)).token;
  });
  afterAll(() => t?.close());

  it('files a report with evidence, assigns it at its station, serves the evidence stripped to the officer only, tracks its status', async () => {
    const jpeg = await photoWithMetadata('jpeg');
    expect((await sharp(jpeg.buffer).metadata()).exif).toBeDefined();
    const res = await submitReport(t, reportFields({ provideContact: 'true', contactNumber: '0771234567' }), { evidence: jpeg });
    expect(res.statusCode).toBe(201);
    const { id, tracking_code: code } = res.json();
    expect(code).toMatch(/^[A-Z2-7]{32}$/);

    const [row] = await t.modules.db.select().from(anonymousComplaints).where(eq(anonymousComplaints.id, id));
    expect(row).toMatchObject({ trackingCodeHash: hashTrackingCode(code), assignedOfficerId: crime.officer.id, status: 'Pending', submittedBy: 'anonymous' });
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toMatch(/10\.\d+\.\d+\.\d+|Secret-Agent/);

    const mine = await list(crime, crime.code);
    expect(mine.statusCode).toBe(200);
    const report = mine.json().complaints.find((c: { id: number }) => c.id === id);
    expect(report).toMatchObject({
      incident_type: 'Corruption',
      what_happened: 'An official asked for money to release a licence.',
      where: 'Divisional office, Galle Road',
      how_occurred: 'In person, at the counter, in cash.',
      when: '2025-03-01T04:00:00.000Z',
      station: HOME_STATION,
      status: 'Pending',
      submitted_by: 'anonymous',
      phone_number: '0771234567',
      evidence: { mime_type: 'image/jpeg', url: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.jpg$/) },
    });

    const served = await t.app.inject({ method: 'GET', url: report.evidence.url, headers: bearer(crime.token) });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    for (const other of [crimeElsewhere.token, traffic.token, citizen]) {
      expect((await t.app.inject({ method: 'GET', url: report.evidence.url, headers: bearer(other) })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: report.evidence.url })).statusCode).toBeGreaterThanOrEqual(401);

    expect((await putStatus(id, 'In Progress', crimeElsewhere.token)).statusCode).toBe(404);
    expect((await putStatus(id, 'In Progress', traffic.token)).statusCode).toBe(403);
    expect((await putStatus(id, '   ', crime.token)).json().error.fieldKeys).toEqual({ status: 'statusRequired' });
    const updated = await putStatus(id, 'In Progress', crime.token);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ success: true, message: 'Status updated', complaint: { status: 'In Progress' } });
    const history = await t.modules.db.select().from(anonymousStatusHistory).where(eq(anonymousStatusHistory.complaintId, id));
    expect(history).toEqual([expect.objectContaining({ fromStatus: 'Pending', toStatus: 'In Progress', changedByUserId: crime.officer.user_id })]);
    const audited = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?action=anonymous.status', headers: bearer(admin) });
    expect(audited.json().entries.filter((e: { subject_id: string }) => e.subject_id === String(id))).toEqual([
      expect.objectContaining({ actor_username: crime.username, subject_type: 'anonymous', summary: { before: 'Pending', after: 'In Progress' } }),
    ]);

    const tracked = await track(code.toLowerCase().match(/.{4}/g)!.join('-'));
    expect(tracked.statusCode).toBe(200);
    const body = tracked.json();
    expect(body).toEqual({
      success: true,
      status: 'In Progress',
      submitted_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      history: [{ status: 'In Progress', date: body.submitted_on }],
    });
    expect(tracked.body).not.toMatch(/0771234567|uploads|Officer|licence/);
  });

  it('strips text chunks from PNG evidence', async () => {
    const png = await photoWithMetadata('png');
    expect(png.buffer.includes(Buffer.from('Reporter Name'))).toBe(true);
    const res = await submitReport(t, reportFields({ complaintType: 'Violence' }), { evidence: png });
    expect(res.statusCode).toBe(201);
    const report = (await list(crime, crime.code)).json().complaints.find((c: { id: number }) => c.id === res.json().id);
    const served = await t.app.inject({ method: 'GET', url: report.evidence.url, headers: bearer(crime.token) });
    expect(served.rawPayload.includes(Buffer.from('Reporter Name'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });

  it("refuses someone else's officerId and non-Crime-Branch callers", async () => {
    expect((await list(crime, crimeElsewhere.code)).statusCode).toBe(403);
    expect((await list(traffic, traffic.code)).statusCode).toBe(403);
    expect((await list({ token: citizen }, crime.code)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/anonymous/officer/${crime.code}` })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown tracking code and 400 for a malformed one', async () => {
    expect((await track('A'.repeat(32))).statusCode).toBe(404);
    const bad = await track('not-a-code');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldKeys).toEqual({ tracking_code: 'trackingCodeFormat' });
  });

  it.each([
    ['station missing', { station: undefined }, 'station', 400],
    ['unknown station', { station: 'Atlantis Police' }, 'station', 400],
    ['type missing', { complaintType: undefined }, 'complaintType', 400],
    ['unknown type', { complaintType: 'Littering' }, 'complaintType', 400],
    ['what missing', { what: '' }, 'what', 400],
    ['where missing', { where: undefined }, 'where', 400],
    ['when missing', { when: '' }, 'when', 400],
    ['when in the future', { when: '2099-01-01T10:00' }, 'when', 400],
    ['when malformed', { when: 'yesterday' }, 'when', 400],
    ['contact of 9 digits', { provideContact: 'true', contactNumber: '077123456' }, 'contactNumber', 400],
    ['contact with letters', { provideContact: 'true', contactNumber: '07712345ab' }, 'contactNumber', 400],
    ['1 MB of text', { what: 'x'.repeat(1_000_000) }, 'what', 413],
  ])('refuses %s, naming the field, storing nothing', async (_name, overrides, field, status) => {
    const before = await stored();
    const res = await submitReport(t, reportFields(overrides), { evidence: await imageFile('jpeg') });
    expect(res.statusCode).toBe(status);
    expect(Object.keys(res.json().error.fieldKeys ?? {})).toContain(field);
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['a PDF', pdfFile('evidence.pdf')],
    ['a script renamed .jpg', { buffer: Buffer.from('#!/bin/sh\necho pwned\n'), filename: 'photo.jpg', contentType: 'image/jpeg' }],
    ['a WebP picture', null],
  ])('refuses %s as evidence, storing nothing', async (_name, file) => {
    const before = await stored();
    const res = await submitReport(t, reportFields(), { evidence: file ?? (await imageFile('webp')) });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.fieldKeys).toEqual({ evidence: 'fileTypePhoto' });
    expect(await stored()).toEqual(before);
  });

  it('refuses evidence over 5 MB, storing nothing', async () => {
    const before = await stored();
    const big = await imageFile('jpeg');
    const res = await submitReport(t, reportFields(), { evidence: { ...big, buffer: Buffer.concat([big.buffer, Buffer.alloc(5 * 1024 * 1024)]) } });
    expect(res.statusCode).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it('accepts a contact number only when ticked, and keeps none otherwise', async () => {
    const res = await submitReport(t, reportFields({ provideContact: 'false', contactNumber: '0771234567' }));
    expect(res.statusCode).toBe(201);
    const [row] = await t.modules.db.select().from(anonymousComplaints).where(eq(anonymousComplaints.id, res.json().id));
    expect(row!.phoneNumber).toBeNull();
  });

  it('takes a report without "how" (optional), keeping it empty', async () => {
    const res = await submitReport(t, reportFields({ how: undefined }));
    expect(res.statusCode).toBe(201);
    const [row] = await t.modules.db.select().from(anonymousComplaints).where(eq(anonymousComplaints.id, res.json().id));
    expect(row!.howOccurred).toBeNull();
  });

  it('slows floods: the sixth report from one address within the window gets 429 with Retry-After, others go on', async () => {
    const address = '203.0.113.77';
    for (let i = 0; i < 5; i++) expect((await submitReport(t, reportFields(), {}, address)).statusCode).toBe(201);
    const refused = await submitReport(t, reportFields(), {}, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('request.rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect((await submitReport(t, reportFields(), {}, '203.0.113.78')).statusCode).toBe(201);
    const counters = await t.modules.db.select().from(rateLimitCounters);
    expect(counters.length).toBeGreaterThan(0);
    expect(JSON.stringify(counters)).not.toContain('203.0.113');
    // Once the window is over, the rows go and the address may report again.
    await t.modules.db.update(rateLimitCounters).set({ windowEnd: new Date(Date.now() - 1000) });
    await t.modules.rateLimits.deleteExpired();
    expect(await t.modules.db.select().from(rateLimitCounters)).toEqual([]);
    expect((await submitReport(t, reportFields(), {}, address)).statusCode).toBe(201);
  });
});
