import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, validationMessagesEn } from '@pes/contracts';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { imageFile, multipart, nextCitizenAddress, pdfFile, storedState, validSignupFields, type FilePart } from '../../../test/helpers';

const FIELDS = [
  'first_name',
  'second_name',
  'date_of_birth',
  'username',
  'password',
  'email',
  'mobile_number',
  'identity_type',
  'identity_number',
  'address',
  'marital_status',
] as const;

const dayAfterTomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

/** One bad field at a time: [field, value, expected message key]. */
const BAD_VALUES: Array<[string, string, string, Record<string, string>?]> = [
  ['first_name', '   ', 'requiredFields'],
  ['first_name', 'x'.repeat(101), 'tooLong'],
  ['date_of_birth', dayAfterTomorrow, 'dateInPast'],
  ['date_of_birth', '1880-05-01', 'dateInPast'],
  ['date_of_birth', '2001-02-30', 'invalidDate'],
  ['date_of_birth', '21/06/1994', 'invalidDate'],
  ['username', 'a b', 'usernameFormat'],
  ['username', 'ab', 'usernameFormat'],
  ['password', 'short12', 'citizenPasswordLength'],
  ['password', 'p'.repeat(129), 'passwordTooLong'],
  ['email', 'not-an-email', 'invalidEmail'],
  ['email', 'a@b', 'invalidEmail'],
  ['mobile_number', '0771234567', 'mobileFormat'],
  ['mobile_number', '+9477123456', 'mobileFormat'],
  ['mobile_number', '+9477123456a', 'mobileFormat'],
  ['mobile_number', '+4477123456', 'mobileFormat'],
  ['mobile_number', '+947712345678', 'tooLong'],
  ['identity_number', '12345678', 'nicFormat'],
  ['identity_number', '1234567890123', 'nicFormat'],
  ['identity_number', '123456789Z', 'nicFormat'],
  ['identity_number', 'N1234-567', 'passportSymbols', { identity_type: 'Passport' }],
  ['identity_number', 'N 1234567', 'passportSymbols', { identity_type: 'Passport' }],
  ['identity_type', 'DrivingLicence', 'requiredFields'],
  ['marital_status', 'Complicated', 'requiredFields'],
];

describe.each(DB_KINDS)('citizen signup validation on %s', (kind) => {
  let t: TestApp;
  let photo: FilePart;
  let baseline: Awaited<ReturnType<typeof storedState>>;
  const allPhotos = () => ({ identity_photo_front: photo, identity_photo_back: photo, live_photo: photo });

  beforeAll(async () => {
    t = await startTestApp(kind);
    photo = await imageFile();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    baseline = await storedState(t);
  });

  const signup = (body: { payload: Buffer | string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup-citizen', remoteAddress: nextCitizenAddress(), ...body });

  /** The refused signup named exactly these fields with these keys, and stored nothing. */
  async function expectRefused(res: Awaited<ReturnType<typeof signup>>, status: number, fieldKeys: Record<string, string>) {
    expect(res.statusCode, res.body).toBe(status);
    const { error } = res.json();
    expect(error.fieldKeys).toEqual(fieldKeys);
    for (const [field, key] of Object.entries(fieldKeys)) {
      expect(error.fields[field]).toBe((validationMessagesEn as Record<string, string>)[key]);
    }
    expect(await storedState(t)).toEqual(baseline);
  }

  it.each(FIELDS)('refuses a signup without %s', async (field) => {
    const res = await signup(multipart(validSignupFields({ [field]: undefined }), allPhotos()));
    await expectRefused(res, 400, { [field]: 'requiredFields' });
    expect(res.json().error.code).toBe('validation.failed');
  });

  it.each(BAD_VALUES)('refuses %s = %j with %s', async (field, value, key, extra) => {
    const fields = validSignupFields({ ...extra, [field]: value });
    await expectRefused(await signup(multipart(fields, allPhotos())), 400, { [field]: key });
  });

  it('names every bad field at once', async () => {
    const fields = validSignupFields({ first_name: '', email: 'nope', mobile_number: '123' });
    const res = await signup(multipart(fields, { identity_photo_front: photo }));
    await expectRefused(res, 400, {
      first_name: 'requiredFields',
      email: 'invalidEmail',
      mobile_number: 'mobileFormat',
      identity_photo_back: 'identityBackRequired',
      live_photo: 'livePhotoRequired',
    });
  });

  it.each([
    ['identity_photo_front', 'identityFrontRequired'],
    ['identity_photo_back', 'identityBackRequired'],
    ['live_photo', 'livePhotoRequired'],
  ])('refuses a NIC signup without %s', async (missing, key) => {
    const photos: Record<string, FilePart> = allPhotos();
    delete photos[missing];
    await expectRefused(await signup(multipart(validSignupFields(), photos)), 400, { [missing]: key });
  });

  it('treats an empty file part as missing', async () => {
    const photos = { ...allPhotos(), live_photo: { buffer: Buffer.alloc(0), filename: 'live.jpg', contentType: 'image/jpeg' } };
    await expectRefused(await signup(multipart(validSignupFields(), photos)), 400, { live_photo: 'livePhotoRequired' });
  });

  it('accepts a passport signup without the back photo, and drops a back photo sent anyway', async () => {
    const fields = validSignupFields({ identity_type: 'Passport', identity_number: `N${Date.now()}` });
    const res = await signup(multipart(fields, { identity_photo_front: photo, live_photo: photo }));
    expect(res.statusCode, res.body).toBe(201);
    const withBack = validSignupFields({ identity_type: 'Passport', identity_number: `P${Date.now()}` });
    const before = await storedState(t);
    expect((await signup(multipart(withBack, allPhotos()))).statusCode).toBe(201);
    const after = await storedState(t);
    expect(after.fileRows - before.fileRows).toBe(2);
    expect(after.filesOnDisk - before.filesOnDisk).toBe(2);
  });

  it('refuses a text file renamed .jpg with 415 naming the field', async () => {
    const fake = { buffer: Buffer.from('just some text, not a picture\n'.repeat(20)), filename: 'photo.jpg', contentType: 'image/jpeg' };
    const res = await signup(multipart(validSignupFields(), { ...allPhotos(), identity_photo_back: fake }));
    await expectRefused(res, 415, { identity_photo_back: 'fileType' });
    expect(res.json().error.code).toBe('request.unsupported_media_type');
  });

  it('refuses a PDF where a photo is expected', async () => {
    const res = await signup(multipart(validSignupFields(), { ...allPhotos(), live_photo: pdfFile('live.jpg') }));
    await expectRefused(res, 415, { live_photo: 'fileType' });
  });

  it('refuses a file that looks like a JPEG but cannot be decoded', async () => {
    const broken = { buffer: Buffer.concat([photo.buffer.subarray(0, 40), Buffer.alloc(400, 7)]), filename: 'front.jpg' };
    const res = await signup(multipart(validSignupFields(), { ...allPhotos(), identity_photo_front: broken }));
    await expectRefused(res, 415, { identity_photo_front: 'fileType' });
  });

  it('refuses a photo over 5 MB with 413 naming the field', async () => {
    const big = { buffer: Buffer.concat([photo.buffer, Buffer.alloc(MAX_UPLOAD_BYTES)]), filename: 'live.jpg', contentType: 'image/jpeg' };
    const res = await signup(multipart(validSignupFields(), { ...allPhotos(), live_photo: big }));
    await expectRefused(res, 413, { live_photo: 'fileTooLarge' });
    expect(res.json().error.code).toBe('request.too_large');
  });

  it('refuses too many file parts', async () => {
    const many = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`extra_${i}`, photo]));
    const res = await signup(multipart(validSignupFields(), { ...allPhotos(), ...many }));
    expect(res.statusCode).toBe(413);
    expect(await storedState(t)).toEqual(baseline);
  });

  it('refuses a text field over the size limit', async () => {
    const res = await signup(multipart(validSignupFields({ address: 'a'.repeat(200_000) }), allPhotos()));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.fieldKeys).toEqual({ address: 'tooLong' });
    expect(await storedState(t)).toEqual(baseline);
  });

  it('refuses a JSON body', async () => {
    const res = await signup({ payload: JSON.stringify(validSignupFields()), headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(415);
    expect(await storedState(t)).toEqual(baseline);
  });

  it.each([
    ['a truncated body', (b: Buffer) => b.subarray(0, Math.floor(b.length / 2))],
    ['garbage after the header', () => Buffer.from('this is not multipart at all')],
    ['an unterminated header', (b: Buffer) => Buffer.concat([b.subarray(0, 60), Buffer.from('content-disposition: form-data; name="x')])],
  ])('refuses malformed multipart: %s', async (_name, mangle) => {
    const body = multipart(validSignupFields(), allPhotos());
    const res = await signup({ payload: mangle(body.payload), headers: body.headers });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await storedState(t)).toEqual(baseline);
  });

  it('refuses multipart without a boundary', async () => {
    const res = await signup({ payload: 'x', headers: { 'content-type': 'multipart/form-data' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
