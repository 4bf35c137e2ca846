import { z } from 'zod';
import { multipartForm } from './files';

/**
 * A signup's live photo taken on another device (a phone), for a computer without a camera: the signup page asks for
 * a handoff and shows its link as a QR code; the phone's page takes the photo and sends it; the signup page sees it
 * arrive and the signup refers to it. Two secrets: the link's token (the phone's, shown on the screen) sends one photo;
 * the handoff key (the signup page's, never shown) follows it, shows it and uses it in the signup.
 */

/** How long the link takes a photo: 10 minutes from its making. */
export const SIGNUP_PHOTO_LINK_SECONDS = 10 * 60;
/** How long a received photo can be used in the signup (from the link's making); then it is deleted. */
export const SIGNUP_PHOTO_KEEP_SECONDS = 60 * 60;
/** How often the signup page asks whether the photo has arrived. */
export const SIGNUP_PHOTO_POLL_MS = 2_000;

/** The link's token: 16 characters of Crockford's base32 (80 random bits), short enough to type from the screen. */
export const SIGNUP_PHOTO_TOKEN_LENGTH = 16;
export const SIGNUP_PHOTO_TOKEN_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A token as typed: case and the separators a reader may add do not matter, and the letters Crockford's base32 reads
 * as digits (O as 0, I and L as 1) are taken so; anything else is no token (undefined).
 */
export function normaliseSignupPhotoToken(typed: string): string | undefined {
  const token = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (token.length !== SIGNUP_PHOTO_TOKEN_LENGTH) return undefined;
  return [...token].every((c) => SIGNUP_PHOTO_TOKEN_ALPHABET.includes(c)) ? token : undefined;
}

/** The handoff key: 256 random bits, base64url. */
export const SIGNUP_PHOTO_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const signupPhotoHandoffSchema = z.object({
  /** The signup page's secret: to follow, show and use the photo. Never shown. */
  handoff: z.string(),
  /** The phone's link (the portal's public address), the QR code's content. */
  link: z.string(),
  /** The link's token alone, for reading out or typing. */
  token: z.string(),
  /** Until when the link takes a photo (ISO 8601). */
  expires_at: z.string(),
});
export type SignupPhotoHandoff = z.infer<typeof signupPhotoHandoffSchema>;

export const SIGNUP_PHOTO_STATUSES = ['waiting', 'received'] as const;
export const signupPhotoStatusSchema = z.object({ status: z.enum(SIGNUP_PHOTO_STATUSES), expires_at: z.string() });
export type SignupPhotoStatus = z.infer<typeof signupPhotoStatusSchema>;

export const signupPhotoHandoffParams = z.object({ handoff: z.string().max(100) });
export const signupPhotoTokenParams = z.object({ token: z.string().max(100) });

/** What the phone's page learns of its link: that it still takes a photo, until when. */
export const signupPhotoLinkSchema = z.object({ expires_at: z.string() });

/** The phone's photo, as sent: one picture, checked by its content like the signup's own photos. */
export const signupPhotoForm = multipartForm({
  fields: z.object({}),
  files: { live_photo: 'image' },
  requiredFiles: () => ({ live_photo: 'livePhotoRequired' }),
});

export const signupPhotoReceivedSchema = z.object({ received: z.literal(true) });

/** The handoff's photo as the signup page shows it (the image itself, not JSON): `/api` + this path. */
export const SIGNUP_PHOTO_HANDOFF_PHOTO_PATH = '/signup/photo-handoffs/:handoff/photo';
