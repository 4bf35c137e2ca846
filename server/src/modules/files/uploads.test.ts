import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { DB_KINDS, startTestApp, TEST_ADMIN, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, imageFile, login, multipart, validSignupFields } from '../../../test/helpers';
import { citizenProfiles } from '../users/users.table';
import { files } from './files.table';

/** A JPEG carrying EXIF with a GPS position and a camera model, as a phone would send it. */
async function jpegWithLocation() {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExifMerge({
      IFD0: { Make: 'PhoneMaker', Model: 'SecretPhone 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 55/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '79/1 51/1 0/1' },
    })
    .toBuffer();
}

describe.each(DB_KINDS)('/uploads on %s', (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createCitizen>> & { front: string; back: string; live: string };
  let original: Buffer;

  beforeAll(async () => {
    t = await startTestApp(kind);
    original = await jpegWithLocation();
    const fields = validSignupFields();
    const photo = await imageFile('png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup-citizen',
      ...multipart(fields, {
        identity_photo_front: { buffer: original, filename: 'front.jpg', contentType: 'image/jpeg' },
        identity_photo_back: photo,
        live_photo: { buffer: await imageFile('webp').then((f) => f.buffer), filename: 'live.png' },
      }),
    });
    expect(res.statusCode).toBe(201);
    const userId = res.json().user.id as number;
    const [profile] = await t.database.db.select().from(citizenProfiles).where(eq(citizenProfiles.userId, userId));
    const pathOf = async (id: number | null) => (await t.database.db.select().from(files).where(eq(files.id, id!)))[0]!.path;
    owner = {
      username: fields.username!,
      password: fields.password!,
      identityNumber: fields.identity_number!,
      id: userId,
      token: await login(t, fields.username!, fields.password!),
      front: await pathOf(profile!.identityPhotoFrontId),
      back: await pathOf(profile!.identityPhotoBackId),
      live: await pathOf(profile!.livePhotoId),
    };
  });
  afterAll(() => t?.close());

  const get = (name: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/uploads/${name}`, headers });

  it('stores photos under random names, typed by their content', async () => {
    expect(owner.front).toMatch(/^[a-f0-9]{32}\.jpg$/);
    expect(owner.back).toMatch(/^[a-f0-9]{32}\.png$/);
    // Sent as "live.png" but a WebP by content: stored and served as WebP.
    expect(owner.live).toMatch(/^[a-f0-9]{32}\.webp$/);
    const [row] = await t.database.db.select().from(files).where(eq(files.path, owner.live));
    expect(row).toMatchObject({ mimeType: 'image/webp', purpose: 'citizen_identity', ownerUserId: owner.id });
    // Readable by the server's own user only.
    expect(fs.statSync(path.join(t.config.uploadsDir, owner.front)).mode & 0o777).toBe(0o600);
  });

  it("serves the owner's identity photo to the owner with a bearer token", async () => {
    const res = await get(owner.front, bearer(owner.token));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('serves it to the owner with the session cookie set at sign-in', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: owner.username, password: owner.password } });
    const cookie = signIn.cookies.find((c) => c.name === 'pes_session')!;
    const res = await get(owner.back, { cookie: `pes_session=${cookie.value}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    // The cookie never authorises a change: with only the cookie, logout is refused.
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: `pes_session=${cookie.value}` } });
    expect(out.statusCode).toBe(401);
  });

  it('serves it to an administrator', async () => {
    const admin = await login(t, TEST_ADMIN.username, TEST_ADMIN.password);
    expect((await get(owner.live, bearer(admin))).statusCode).toBe(200);
  });

  it('answers 404 to another citizen and to an officer, and 401 to an anonymous caller', async () => {
    const other = await createCitizen(t);
    const officer = await createOfficer(t, 'Crime Branch');
    for (const token of [other.token, officer.token]) {
      const res = await get(owner.front, bearer(token));
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('request.not_found');
    }
    expect((await get(owner.front)).statusCode).toBe(401);
    expect((await get(owner.front, { cookie: 'pes_session=forged.token.value' })).statusCode).toBe(401);
  });

  it('answers 404 for paths outside the uploads, unknown names and names without a record', async () => {
    fs.writeFileSync(path.join(t.config.uploadsDir, `${'0'.repeat(32)}.jpg`), original);
    const names = [
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '..%2Fserver.lock',
      '%2E%2E%2Fpgdata',
      `${owner.front.slice(0, -4)}.JPG`,
      `${'0'.repeat(32)}.jpg`,
      `${'f'.repeat(32)}.jpg`,
      'x'.repeat(64),
    ];
    for (const name of names) {
      const res = await get(name, bearer(owner.token));
      expect(res.statusCode, name).toBe(404);
    }
    for (const url of ['/uploads/../../etc/passwd', '/uploads/%2e%2e/%2e%2e/etc/passwd', '/uploads/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(owner.token) });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('root:');
    }
  });

  it('answers 404 when the file record exists but the file is gone from disk', async () => {
    const c = await createCitizen(t);
    const [row] = await t.database.db.select().from(files).where(eq(files.ownerUserId, c.id)).limit(1);
    fs.rmSync(path.join(t.config.uploadsDir, row!.path));
    expect((await get(row!.path, bearer(c.token))).statusCode).toBe(404);
  });

  it('re-encodes photos: no EXIF, no location, no camera model left', async () => {
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.exif!.includes(Buffer.from('SecretPhone 9'))).toBe(true);
    const stored = fs.readFileSync(path.join(t.config.uploadsDir, owner.front));
    const after = await sharp(stored).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(stored.includes(Buffer.from('SecretPhone'))).toBe(false);
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    const served = await get(owner.front, bearer(owner.token));
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });
});
