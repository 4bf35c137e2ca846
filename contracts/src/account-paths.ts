/**
 * Account paths without zod, like payment-paths.ts: the web app's entry (web/src/paths.ts) imports this module alone
 * through the `@pes/contracts/account-paths` subpath.
 */

/** The reset link's path in the web app (the server writes it into the message, the web app serves it). */
export const PASSWORD_RESET_PATH = '/reset-password';

/** The phone's page of a signup's live photo taken on another device: `${SIGNUP_PHOTO_PATH}/{token}` (the QR code's link). */
export const SIGNUP_PHOTO_PATH = '/signup/photo';
