import type { z } from 'zod';
import type { SignupFileField, signupCitizenFieldsSchema } from '@pes/contracts';

type Photos = Record<SignupFileField, Blob | null>;
export type SignupValues = z.input<typeof signupCitizenFieldsSchema> & Photos;

const asFile = (photo: Blob, name: string) => (photo instanceof File ? photo : new File([photo], `${name}.jpg`, { type: photo.type || 'image/jpeg' }));

/**
 * The form as sent, with the language the page is in: the account's messages come in it. The values are the form's
 * as its schema parsed them, which fills in the schema's default language (English): the page's language replaces
 * it, so the request carries one `language`, and the server (which reads the first of a name) gets the right one.
 */
export function signupFormData(values: SignupValues, pageLanguage: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...values, language: pageLanguage })) {
    if (typeof value === 'string') form.append(key, value);
  }
  form.append('identity_photo_front', asFile(values.identity_photo_front!, 'identity-front'));
  if (values.identity_type === 'NIC' && values.identity_photo_back) form.append('identity_photo_back', asFile(values.identity_photo_back, 'identity-back'));
  // A live photo taken on the phone is on the server already: its handoff (a text field above) names it.
  if (!values.live_photo_handoff) form.append('live_photo', asFile(values.live_photo!, 'live-photo'));
  return form;
}
