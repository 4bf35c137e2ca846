import { z } from 'zod';
import { msg } from './messages';
import { requiredText } from './common';
import { OFFICER_PASSWORD_MIN, PASSWORD_MAX } from './auth';

/**
 * The zxcvbn-ts score (0 to 4: roughly under 10^3, 10^6, 10^8, 10^10 and more guesses) a new password must reach:
 * 3 for a citizen, 4 for staff, whose accounts reach everyone's records.
 */
export const PASSWORD_SCORE_REQUIRED = { citizen: 3, police_officer: 4, admin: 4 } as const;

/** The estimator's warnings (zxcvbn-ts translation keys): each is a validation message `passwordWarning<Key>`. */
export const PASSWORD_WARNINGS = [
  'straightRow',
  'keyPattern',
  'simpleRepeat',
  'extendedRepeat',
  'sequences',
  'recentYears',
  'dates',
  'topTen',
  'topHundred',
  'common',
  'similarToCommon',
  'wordByItself',
  'namesByThemselves',
  'commonNames',
  'userInputs',
  'pwned',
] as const;
export type PasswordWarning = (typeof PASSWORD_WARNINGS)[number];

/** The estimator's suggestions (zxcvbn-ts translation keys): each is a validation message `passwordSuggestion<Key>`. */
export const PASSWORD_SUGGESTIONS = [
  'l33t',
  'reverseWords',
  'allUppercase',
  'capitalization',
  'dates',
  'recentYears',
  'associatedYears',
  'sequences',
  'repeated',
  'longerKeyboardPattern',
  'anotherWord',
  'useWords',
  'noNeed',
  'pwned',
] as const;
export type PasswordSuggestion = (typeof PASSWORD_SUGGESTIONS)[number];

const capitalised = <K extends string>(key: K) => (key.charAt(0).toUpperCase() + key.slice(1)) as Capitalize<K>;
/** The validation message key of an estimator's warning. */
export const passwordWarningKey = <K extends PasswordWarning>(key: K) => `passwordWarning${capitalised(key)}` as const;
/** The validation message key of an estimator's suggestion. */
export const passwordSuggestionKey = <K extends PasswordSuggestion>(key: K) => `passwordSuggestion${capitalised(key)}` as const;

/** A reset link is valid this long after it was asked for, and once. */
export const PASSWORD_RESET_TTL_MINUTES = 30;
export { ACCOUNT_DEVICES_PATH, FORGOT_PASSWORD_PATH, PASSWORD_RESET_PATH, SIGNUP_PHOTO_PATH } from './account-paths';
/** A reset token as the server issues it (`<user id>.<expiry>.<signature>`): anything longer is not one. */
const RESET_TOKEN_MAX = 200;

/**
 * A new password: any characters, spaces included and never trimmed, not only spaces, at least the shortest
 * minimum of any role (an officer's); the server then applies the account's own (citizens 8, administrators 12)
 * and refuses common passwords.
 */
const newPassword = z
  .string(msg('required'))
  .min(1, msg('required'))
  .min(OFFICER_PASSWORD_MIN, msg('officerPasswordLength'))
  .regex(/\S/, msg('passwordBlank'))
  .max(PASSWORD_MAX, msg('passwordTooLong'));

export const changePasswordRequestSchema = z.object({
  current_password: z.string(msg('required')).min(1, msg('required')).max(PASSWORD_MAX, msg('passwordTooLong')),
  new_password: newPassword,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const passwordResetRequestSchema = z.object({ username: requiredText(64) });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.object({
  token: z.string(msg('required')).min(1, msg('required')).max(RESET_TOKEN_MAX, msg('tooLong')),
  password: newPassword,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

/** The same answer whether or not the account exists (and whether a message was sent). */
export const passwordResetRequestAnswerSchema = z.object({ accepted: z.literal(true) });
export const passwordChangedAnswerSchema = z.object({ success: z.literal(true), message: z.string() });
