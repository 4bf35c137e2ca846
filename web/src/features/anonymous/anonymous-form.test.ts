import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { anonymousResolver, emptyAnonymousForm, evidencePhoto, type AnonymousFormValues } from './anonymous-form';

/** The Colombo wall-clock time (UTC+05:30 all year) `minutes` from now, as a datetime-local input holds it. */
const colomboLocal = (minutes: number) => new Date(Date.now() + (5 * 60 + 30 + minutes) * 60_000).toISOString().slice(0, 16);

const report: AnonymousFormValues = {
  ...emptyAnonymousForm,
  station: 'Kollupitiya',
  complaintType: 'Violence',
  what: 'A shopkeeper was threatened.',
  where: 'Market street',
};
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<AnonymousFormValues>;
const check = (values: Partial<AnonymousFormValues>, photo = evidencePhoto()) => anonymousResolver(photo)({ ...report, ...values }, undefined, options);

describe('the anonymous report checked with the contract in a browser west of Colombo (London)', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Europe/London';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  it('takes a time already past in Colombo that is still ahead on the browser’s clock', async () => {
    const when = colomboLocal(-60);
    // Read in the browser's zone (the old check), an hour ago in Colombo is hours ahead.
    expect(new Date(when).getTime()).toBeGreaterThan(Date.now());
    const result = await check({ when });
    expect(result.errors).toEqual({});
  });

  it('refuses a time ahead in Colombo with the translated key, on its field', async () => {
    const result = await check({ when: colomboLocal(60) });
    expect(result.errors.when?.message).toBe('whenNotFuture');
  });

  it('asks for the contact number only when the tick is on', async () => {
    expect((await check({ when: colomboLocal(-5), contactNumber: 'abc' })).errors).toEqual({});
    const ticked = await check({ when: colomboLocal(-5), provideContact: true, contactNumber: '123' });
    expect(ticked.errors.contactNumber?.message).toBe('contactNumberFormat');
  });

  it('is blocked by an evidence file that is not a photo, with the field named', async () => {
    const photo = evidencePhoto();
    photo.choose(new File(['not a photo'], 'scene.jpg', { type: 'image/jpeg' }), () => undefined);
    const result = await check({ when: colomboLocal(-5) }, photo);
    expect(result.errors.evidence?.message).toBe('fileTypePhoto');
  });
});
