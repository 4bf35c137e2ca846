import type { ModuleErrors } from './entry';

export const accountErrors = {
  /** Also for another account's session: whether it exists is not said. */
  'account.session_not_found': { status: 404, message: 'This session does not exist or has already ended' },
  /** The current password, asked again before the account is closed (403, not 401: the session itself is fine). */
  'account.wrong_password': { status: 403, message: 'The password is not correct' },
  'account.reauth_throttled': { status: 429, message: 'Too many wrong passwords. Try again in {{minutes}} minute(s).' },
  'account.citizens_only': { status: 403, message: 'Only citizens can download their data or close their account here' },
  /** Also for an entry that is not a view of the caller's own data: whether it exists is not said. */
  'account.data_view_not_found': { status: 404, message: 'This view of your data was not found' },
  'account.flag_not_found': { status: 404, message: 'This flagged view was not found' },
  'account.flag_already_handled': { status: 409, message: 'This flagged view has already been marked handled' },
} as const satisfies ModuleErrors<'account'>;
