import { describe, expect, it } from 'vitest';
import { signupCitizenFieldsSchema } from '@pes/contracts';
import { signupFormData, type SignupValues } from './signup-form-data';

const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
const typed = {
  first_name: 'Nimal',
  second_name: 'Perera',
  date_of_birth: '1990-04-12',
  username: 'nimal90',
  password: 'Citizen@2026',
  email: 'nimal@example.lk',
  mobile_number: '+94771234567',
  identity_type: 'NIC',
  identity_number: '199010300123',
  address: '12 Galle Road, Colombo 03',
  marital_status: 'Married',
} as const;

describe('the signup request', () => {
  it.each(['si', 'ta', 'en'])('carries one language, the page’s (%s), even after the schema filled in its English default', (language) => {
    // As the form's resolver hands them over: parsed by the shared schema, whose default language is English.
    const parsed = signupCitizenFieldsSchema.parse(typed);
    expect(parsed.language).toBe('en');
    const values: SignupValues = { ...parsed, identity_photo_front: photo, identity_photo_back: photo, live_photo: photo };
    const form = signupFormData(values, language);
    expect(form.getAll('language')).toEqual([language]);
    expect(form.get('username')).toBe('nimal90');
    expect(form.getAll('identity_photo_back')).toHaveLength(1);
  });

  it('names a live photo taken on the phone by its handoff, and sends no live photo file then', () => {
    const parsed = signupCitizenFieldsSchema.parse({ ...typed, live_photo_handoff: 'k'.repeat(43) });
    const values: SignupValues = { ...parsed, identity_photo_front: photo, identity_photo_back: photo, live_photo: photo };
    const form = signupFormData(values, 'en');
    expect(form.get('live_photo_handoff')).toBe('k'.repeat(43));
    expect(form.getAll('live_photo')).toHaveLength(0);
    const taken = signupFormData({ ...values, live_photo_handoff: undefined }, 'en');
    expect(taken.getAll('live_photo')).toHaveLength(1);
    expect(taken.has('live_photo_handoff')).toBe(false);
  });
});
