import type { ModuleErrors } from './entry';

/** Staff's second factor (TOTP): its own module, so its codes and translations sit apart from the password's. */
export const mfaErrors = {
  /** The mfa_token is unknown, expired (5 minutes) or already used: the password step must be done again. */
  'mfa.token_invalid': { status: 401, message: 'This sign-in step has expired. Sign in again.' },
  'mfa.invalid_code': { status: 401, message: 'This code is not correct', field: { name: 'code', message: 'mfaCodeWrong' } },
  /** A code is good once: a second use in its 30-second window (or an older code) is refused. */
  'mfa.code_reused': { status: 401, message: 'This code has already been used. Wait for the next code.', field: { name: 'code', message: 'mfaCodeReused' } },
  'mfa.invalid_recovery_code': {
    status: 401,
    message: 'This recovery code is not correct or has already been used',
    field: { name: 'recovery_code', message: 'recoveryCodeWrong' },
  },
  'mfa.throttled': { status: 429, message: 'Too many wrong codes. Try again in {{minutes}} minute(s).' },
  /**
   * Locked after repeated lockouts (SECOND_STEP_LOCKOUTS_PER_DAY of the 15-minute ones within a day): no code is
   * tried until an administrator resets the account's second step.
   */
  'mfa.locked': {
    status: 423,
    message: 'Your second sign-in step is locked after repeated wrong codes. Ask your administrator to reset it.',
  },
  /** Confirm before setup (no secret waiting), or setup or confirm for an account whose second factor is set up. */
  'mfa.not_in_setup': { status: 409, message: 'The second factor is not being set up. Sign in again.' },
  'mfa.not_staff': { status: 409, message: 'Only officers and administrators have a second factor' },
} as const satisfies ModuleErrors<'mfa'>;
