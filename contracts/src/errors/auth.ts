import type { ModuleErrors } from './entry';

export const authErrors = {
  'auth.unauthenticated': { status: 401, message: 'Sign in to continue' },
  'auth.forbidden': { status: 403, message: 'You are not allowed to do this' },
  'auth.invalid_credentials': { status: 401, message: 'Invalid username or password' },
  /** Said only after the right password, so it tells nobody else whether the account exists. */
  'auth.account_deactivated': { status: 403, message: 'This account has been deactivated. Ask an administrator to reactivate it.' },
  'auth.wrong_area': { status: 403, message: 'This account cannot sign in to the {{area}} area' },
  'auth.throttled': { status: 429, message: 'Too many failed sign-in attempts. Try again in {{minutes}} minute(s).' },
  'auth.username_taken': {
    status: 409,
    message: 'This username is already taken',
    field: { name: 'username', message: 'usernameTaken' },
  },
  'auth.identity_taken': {
    status: 409,
    message: 'An account with this identity number already exists',
    field: { name: 'identity_number', message: 'identityTaken' },
  },
} as const satisfies ModuleErrors<'auth'>;
