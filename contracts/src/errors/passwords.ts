import type { ModuleErrors } from './entry';

/** Passwords set, changed and reset (passwords.ts): each names the field it is about. */
export const passwordErrors = {
  /**
   * The password is on the list of common passwords (the server's, `common-passwords.ts`): refused wherever a
   * password is set (signup, officer creation, change, reset). The thrower names its field.
   */
  'password.common': {
    status: 400,
    message: 'This password is one of the most common passwords. Choose one that is harder to guess.',
    field: { name: 'password', message: 'passwordCommon' },
  },
  /**
   * The new password is too easy to guess: the zxcvbn-ts estimate (dictionaries, names, l33t, keyboard patterns,
   * dates, this portal's own words and the account's names) is under the account's role's score
   * (`PASSWORD_SCORE_REQUIRED`). The answer's `fieldHints` name the estimator's warning and suggestions as
   * validation message keys (`passwordWarning…`, `passwordSuggestion…`).
   */
  'password.weak': {
    status: 400,
    message: 'This password is too easy to guess. Choose a longer one, of several uncommon words.',
    field: { name: 'password', message: 'passwordWeak' },
  },
  /** The new password is shorter than the account's role allows (an administrator's: 12). */
  'password.too_short': {
    status: 400,
    message: 'This password is too short for this account',
    field: { name: 'new_password', message: 'adminPasswordLength' },
  },
  'password.current_wrong': {
    status: 400,
    message: 'Your current password is not correct',
    field: { name: 'current_password', message: 'currentPasswordWrong' },
  },
  'password.throttled': { status: 429, message: 'Too many wrong passwords. Try again in {{minutes}} minute(s).' },
  /** A reset link that is malformed, expired (30 minutes), already used, or for an account since deactivated. */
  'password.reset_link_invalid': { status: 400, message: 'This link to choose a new password has expired or was already used. Ask for a new one.' },
} as const satisfies ModuleErrors<'password'>;
