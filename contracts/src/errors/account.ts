import type { ModuleErrors } from './entry';

export const accountErrors = {
  /** Also for another account's session: whether it exists is not said. */
  'account.session_not_found': { status: 404, message: 'This session does not exist or has already ended' },
  /** The current password, asked again before the account is closed (403, not 401: the session itself is fine). */
  'account.wrong_password': { status: 403, message: 'The password is not correct' },
  'account.reauth_throttled': { status: 429, message: 'Too many wrong passwords. Try again in {{minutes}} minute(s).' },
  'account.citizens_only': { status: 403, message: 'Only citizens can download their data or close their account here' },
} as const satisfies ModuleErrors<'account'>;
