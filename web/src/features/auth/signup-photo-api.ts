import { endpointPath, SIGNUP_PHOTO_HANDOFF_PHOTO_PATH, signupPhotoEndpoints } from '@pes/contracts';
import { call, errorFromAnswer } from '../../lib/api/client';

/** A signup's live photo taken on a phone: the signup page's handoff and the phone's link. */
export const signupPhotoApi = {
  create: () => call(signupPhotoEndpoints.createHandoff),
  status: (handoff: string, signal?: AbortSignal) => call(signupPhotoEndpoints.handoffStatus, { params: { handoff }, signal }),
  discard: (handoff: string) => call(signupPhotoEndpoints.discardHandoff, { params: { handoff } }),
  link: (token: string) => call(signupPhotoEndpoints.link, { params: { token } }),
  send: (token: string, form: FormData) => call(signupPhotoEndpoints.sendPhoto, { params: { token }, form }),
  /** The received photo itself (an image, not JSON), to show and to keep in the form beside its handoff. */
  async photo(handoff: string): Promise<Blob> {
    const response = await fetch(`/api${endpointPath(SIGNUP_PHOTO_HANDOFF_PHOTO_PATH, { handoff })}`, { cache: 'no-store' });
    if (!response.ok) throw errorFromAnswer(response.status, await response.json().catch(() => undefined), response.statusText);
    return response.blob();
  },
};
