import type { ModuleErrors } from './entry';

/** A signup's live photo taken on a phone: its link, as the phone's page and the signup page meet it. */
export const signupPhotoErrors = {
  // An unknown token or handoff key: it says nothing about any other.
  'signup_photo.not_found': { status: 404, message: 'This link does not exist. Check it, or make a new one on the signup page.' },
  'signup_photo.expired': { status: 410, message: 'This link has expired. Make a new one on the signup page.' },
  'signup_photo.used': { status: 410, message: 'A photo was already sent with this link. To send another, make a new link on the signup page.' },
  // A signup naming a handoff whose photo cannot be used (none yet, used already, kept too long, unknown).
  'signup_photo.not_usable': {
    status: 410,
    message: 'The photo from your phone can no longer be used. Take the live photo again.',
    field: { name: 'live_photo', message: 'livePhotoHandoffUnusable' },
  },
} as const satisfies ModuleErrors<'signup_photo'>;
