/**
 * Account paths without zod, like payment-paths.ts: the web app's entry (web/src/paths.ts) imports this module alone
 * through the `@pes/contracts/account-paths` subpath.
 */

/** The reset link's path in the web app (the server writes it into the message, the web app serves it). */
export const PASSWORD_RESET_PATH = '/reset-password';

/** The phone's page of a signup's live photo taken on another device: `${SIGNUP_PHOTO_PATH}/{token}` (the QR code's link). */
export const SIGNUP_PHOTO_PATH = '/signup/photo';
/** Asking for a reset link: account notices point there ("not you? choose a new password"). */
export const FORGOT_PASSWORD_PATH = '/forgot-password';

/** A citizen's signed-in devices: account notices point there ("not you? end the sessions you do not know"). */
export const ACCOUNT_DEVICES_PATH = '/account/devices';
