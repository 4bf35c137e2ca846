import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_PHOTO_LINK_SECONDS } from '@pes/contracts';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { imageFile, multipart, nextCitizenAddress, storedState, validSignupFields, type FilePart } from '../../../test/helpers';
import { files } from '../files/files.table';
import { citizenProfiles } from '../users/users.table';
import { signupPhotoHandoffs } from './signup-photo.table';

describe.each(DB_KINDS)('signup live photo taken on a phone on %s', (kind) => {
  let t: TestApp;
  let photo: FilePart;
  beforeAll(async () => {
    // A low limit, so its test needs few requests; every other request comes from an address of its own.
    t = await startTestApp(kind, { env: { PUBLIC_URL: 'https://eservices.example.lk', RATE_LIMIT_SIGNUP_PHOTO: '3' } });
    photo = await imageFile();
  });
  afterAll(() => t?.close());

  /** A new client address for each request (every door is limited per address): 10.99.0.1, 10.99.0.2, ... */
  let addresses = 0;
  const newDevice = () => {
    addresses++;
    return `10.99.${addresses >> 8}.${addresses & 255}`;
  };

  const create = async (address = newDevice()) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/signup/photo-handoffs', remoteAddress: address });
    expect(res.statusCode).toBe(201);
    return res.json() as { handoff: string; token: string; link: string; expires_at: string };
  };
  const status = (handoff: string) => t.app.inject({ method: 'GET', url: `/api/signup/photo-handoffs/${handoff}`, remoteAddress: newDevice() });
  const openLink = (token: string) => t.app.inject({ method: 'GET', url: `/api/signup/photo/${token}`, remoteAddress: newDevice() });
  const send = (token: string, file: FilePart | null = photo) =>
    t.app.inject({
      method: 'POST',
      url: `/api/signup/photo/${token}`,
      remoteAddress: newDevice(),
      ...multipart({}, file ? { live_photo: file } : {}),
    });
  const signup = (fields: Record<string, string | undefined>, withLivePhoto = false) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signup-citizen',
      remoteAddress: nextCitizenAddress(),
      ...multipart(fields, { identity_photo_front: photo, identity_photo_back: photo, ...(withLivePhoto ? { live_photo: photo } : {}) }),
    });
  const rowOf = async (handoffId?: number) =>
    (
      await t.database.db
        .select()
        .from(signupPhotoHandoffs)
        .where(handoffId === undefined ? sql`true` : eq(signupPhotoHandoffs.id, handoffId))
        .orderBy(signupPhotoHandoffs.id)
    ).at(-1)!;
  const errorOf = (res: { json: () => { error: { code: string } } }) => res.json().error.code;

  it('makes a link valid 10 minutes, its secrets stored only as hashes', async () => {
    const before = Date.now();
    const h = await create();
    expect(h.handoff).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(h.token).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(h.link).toBe(`https://eservices.example.lk/signup/photo/${h.token}`);
    const expires = Date.parse(h.expires_at) - before;
    expect(expires).toBeGreaterThan((SIGNUP_PHOTO_LINK_SECONDS - 5) * 1000);
    expect(expires).toBeLessThan((SIGNUP_PHOTO_LINK_SECONDS + 5) * 1000);
    const row = await rowOf();
    expect(JSON.stringify(row)).not.toContain(h.token);
    expect(JSON.stringify(row)).not.toContain(h.handoff);
    expect((await status(h.handoff)).json()).toEqual({ status: 'waiting', expires_at: h.expires_at });
  });

  it('takes one photo from the phone, checked and cleaned, which the signup page then sees; the link is useless afterwards', async () => {
    const h = await create();
    const link = await openLink(h.token.toLowerCase());
    expect(link.statusCode).toBe(200);
    expect(link.json()).toEqual({ expires_at: h.expires_at });

    const before = await storedState(t);
    const sent = await send(h.token);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ received: true });
    const after = await storedState(t);
    expect(after.fileRows).toBe(before.fileRows + 1);
    expect(after.filesOnDisk).toBe(before.filesOnDisk + 1);

    expect((await status(h.handoff)).json()).toMatchObject({ status: 'received' });
    const shown = await t.app.inject({ method: 'GET', url: `/api/signup/photo-handoffs/${h.handoff}/photo`, remoteAddress: newDevice() });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.headers['cache-control']).toBe('private, no-store');
    expect(shown.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    // Single use: the link neither opens nor takes a second photo, and nothing more is stored.
    for (const res of [await openLink(h.token), await send(h.token)]) {
      expect(res.statusCode).toBe(410);
      expect(errorOf(res)).toBe('signup_photo.used');
    }
    expect(await storedState(t)).toEqual(after);
    // The file is nobody's yet: not even a signed-in citizen could claim it by its path.
    const file = (
      await t.database.db
        .select()
        .from(files)
        .where(eq(files.id, (await rowOf()).fileId!))
    )[0]!;
    expect(file).toMatchObject({ ownerUserId: null, claimedAt: null, purpose: 'citizen_identity' });
  });

  it('answers 404 for a wrong or malformed token or key, and stores nothing', async () => {
    const h = await create();
    const before = await storedState(t);
    const wrong = h.token.startsWith('0') ? `1${h.token.slice(1)}` : `0${h.token.slice(1)}`;
    for (const res of [await openLink(wrong), await send(wrong), await openLink('not-a-token'), await send('x'.repeat(16))]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toBe('signup_photo.not_found');
      expect(res.json().error.message).toMatch(/does not exist/);
    }
    const otherKey = `${h.handoff.slice(0, -1)}${h.handoff.endsWith('A') ? 'B' : 'A'}`;
    for (const res of [
      await status(otherKey),
      await status('short'),
      await t.app.inject({ method: 'GET', url: `/api/signup/photo-handoffs/${otherKey}/photo`, remoteAddress: newDevice() }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toBe('signup_photo.not_found');
    }
    // The token is not the key: it neither follows nor shows the photo.
    expect((await status(h.token)).statusCode).toBe(404);
    expect(await storedState(t)).toEqual(before);
    expect((await status(h.handoff)).json().status).toBe('waiting');
  });

  it('refuses an expired link with 410, storing nothing; the signup page hears it expired', async () => {
    const h = await create();
    const row = await rowOf();
    await t.database.db
      .update(signupPhotoHandoffs)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signupPhotoHandoffs.id, row.id));
    const before = await storedState(t);
    for (const res of [await openLink(h.token), await send(h.token), await status(h.handoff)]) {
      expect(res.statusCode).toBe(410);
      expect(errorOf(res)).toBe('signup_photo.expired');
    }
    expect(await storedState(t)).toEqual(before);
  });

  it('checks the photo by its content: a text file named .jpg or no file is refused, naming live_photo, and the link still works', async () => {
    const h = await create();
    const before = await storedState(t);
    const fake = await send(h.token, { buffer: Buffer.from('not a picture at all'), filename: 'me.jpg', contentType: 'image/jpeg' });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.fieldKeys).toEqual({ live_photo: 'fileType' });
    const broken = await send(h.token, {
      buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]),
      filename: 'me.jpg',
      contentType: 'image/jpeg',
    });
    expect(broken.statusCode).toBe(415);
    const none = await send(h.token, null);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fieldKeys).toEqual({ live_photo: 'livePhotoRequired' });
    expect(await storedState(t)).toEqual(before);
    expect((await send(h.token)).statusCode).toBe(201);
  });

  it('lets exactly one of two photos sent at once through', async () => {
    const h = await create();
    const before = await storedState(t);
    const results = await Promise.all([send(h.token), send(h.token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 410]);
    const after = await storedState(t);
    expect(after.fileRows).toBe(before.fileRows + 1);
    expect(after.filesOnDisk).toBe(before.filesOnDisk + 1);
  });

  it("makes the phone's photo the new account's live photo, once; a second signup with it is refused and stores nothing", async () => {
    const h = await create();
    expect((await send(h.token)).statusCode).toBe(201);
    const { fileId } = await rowOf();
    const before = await storedState(t);
    const res = await signup(validSignupFields({ live_photo_handoff: h.handoff }));
    expect(res.statusCode).toBe(201);
    const userId = res.json().user.id as number;
    const profile = (await t.database.db.select().from(citizenProfiles).where(eq(citizenProfiles.userId, userId)))[0]!;
    expect(profile.livePhotoId).toBe(fileId);
    const file = (await t.database.db.select().from(files).where(eq(files.id, fileId!)))[0]!;
    expect(file.ownerUserId).toBe(userId);
    expect(file.claimedAt).not.toBeNull();
    // Two photos stored with the signup (the ID's sides); the live photo was there already.
    const after = await storedState(t);
    expect(after.fileRows).toBe(before.fileRows + 2);
    expect(after.filesOnDisk).toBe(before.filesOnDisk + 2);

    const again = await signup(validSignupFields({ live_photo_handoff: h.handoff }));
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toMatchObject({ code: 'signup_photo.not_usable', fieldKeys: { live_photo: 'livePhotoHandoffUnusable' } });
    expect(await storedState(t)).toEqual(after);
    const followed = await status(h.handoff);
    expect(followed.statusCode).toBe(410);
    expect(errorOf(followed)).toBe('signup_photo.used');
    expect((await t.app.inject({ method: 'GET', url: `/api/signup/photo-handoffs/${h.handoff}/photo`, remoteAddress: newDevice() })).statusCode).toBe(404);
  });

  it('keeps the handoff usable when the signup fails for another reason, and refuses one with no photo yet', async () => {
    const waiting = await create();
    const before = await storedState(t);
    const early = await signup(validSignupFields({ live_photo_handoff: waiting.handoff }));
    expect(early.statusCode).toBe(410);
    expect(errorOf(early)).toBe('signup_photo.not_usable');
    expect(await storedState(t)).toEqual(before);

    const h = await create();
    expect((await send(h.token)).statusCode).toBe(201);
    const weak = await signup(validSignupFields({ live_photo_handoff: h.handoff, password: 'password' }));
    expect(weak.statusCode).toBe(400);
    expect((await status(h.handoff)).json().status).toBe('received');

    // Two signups of one NIC at once, each with its own phone photo: the refused one's photo stays usable.
    const [a, b] = [await create(), await create()];
    expect((await send(a.token)).statusCode).toBe(201);
    expect((await send(b.token)).statusCode).toBe(201);
    const nicFields = validSignupFields();
    const raced = await Promise.all([
      signup({ ...nicFields, username: `${nicFields.username}a`, live_photo_handoff: a.handoff }),
      signup({ ...nicFields, username: `${nicFields.username}b`, live_photo_handoff: b.handoff }),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = raced[0]!.statusCode === 409 ? a : b;
    expect((await status(loser.handoff)).json().status).toBe('received');
    // A malformed key is named on its own field; a live photo file sent beside a handoff is not kept.
    const malformed = await signup(validSignupFields({ live_photo_handoff: 'nope' }));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fieldKeys).toEqual({ live_photo_handoff: 'livePhotoHandoffUnusable' });
    const mid = await storedState(t);
    expect((await signup(validSignupFields({ live_photo_handoff: h.handoff }), true)).statusCode).toBe(201);
    expect((await storedState(t)).filesOnDisk).toBe(mid.filesOnDisk + 2);
  });

  it("deletes a handoff's photo when the signup page lets it go, and old handoffs with their unused photos in the sweep", async () => {
    // Let go: the photo is deleted at once, the link and key stop working.
    const dropped = await create();
    expect((await send(dropped.token)).statusCode).toBe(201);
    const withPhoto = await storedState(t);
    const discard = await t.app.inject({ method: 'DELETE', url: `/api/signup/photo-handoffs/${dropped.handoff}`, remoteAddress: newDevice() });
    expect(discard.statusCode).toBe(200);
    const afterDiscard = await storedState(t);
    expect(afterDiscard.fileRows).toBe(withPhoto.fileRows - 1);
    expect(afterDiscard.filesOnDisk).toBe(withPhoto.filesOnDisk - 1);
    expect((await status(dropped.handoff)).statusCode).toBe(404);
    expect((await openLink(dropped.token)).statusCode).toBe(404);

    // Swept: an unused photo with its handoff; a used one's handoff, but not the account's photo.
    const unused = await create();
    expect((await send(unused.token)).statusCode).toBe(201);
    const unusedRow = await rowOf();
    const used = await create();
    expect((await send(used.token)).statusCode).toBe(201);
    const usedRow = await rowOf();
    expect((await signup(validSignupFields({ live_photo_handoff: used.handoff }))).statusCode).toBe(201);
    const young = await create();
    await t.database.db
      .update(signupPhotoHandoffs)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(sql`${signupPhotoHandoffs.id} in (${unusedRow.id}, ${usedRow.id})`);
    const before = await storedState(t);
    const swept = await t.modules.signupPhotos.sweep();
    expect(swept.photos).toBe(1);
    expect(swept.handoffs).toBeGreaterThanOrEqual(2);
    const after = await storedState(t);
    expect(after.fileRows).toBe(before.fileRows - 1);
    expect(after.filesOnDisk).toBe(before.filesOnDisk - 1);
    expect((await t.database.db.select().from(files).where(eq(files.id, unusedRow.fileId!))).length).toBe(0);
    expect((await t.database.db.select().from(files).where(eq(files.id, usedRow.fileId!))).length).toBe(1);
    expect((await status(unused.handoff)).statusCode).toBe(404);
    expect((await status(young.handoff)).json().status).toBe('waiting');
  });

  it('refuses a fourth link, and a fourth phone request (wrong tokens too), from one address with 429', async () => {
    const make = () => t.app.inject({ method: 'POST', url: '/api/signup/photo-handoffs', remoteAddress: '203.0.113.7' });
    const made = [await make(), await make(), await make()];
    expect(made.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const refused = await make();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('request.rate_limited');
    expect(refused.headers['retry-after']).toBeDefined();
    // Guessing tokens from one address stops after the limit, whatever the guesses.
    const guess = (n: number) => t.app.inject({ method: 'GET', url: `/api/signup/photo/${String(n).padStart(16, '0')}`, remoteAddress: '203.0.113.8' });
    expect([(await guess(1)).statusCode, (await guess(2)).statusCode, (await guess(3)).statusCode]).toEqual([404, 404, 404]);
    expect((await guess(4)).statusCode).toBe(429);
    // Another address is not held back.
    expect((await create('203.0.113.9')).handoff).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
