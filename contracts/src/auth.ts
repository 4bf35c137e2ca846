import { z } from 'zod';
import { BRANCHES, IDENTITY_TYPES, LANGUAGES, ROLES, SIGNUP_MARITAL_STATUSES } from './enums';
import { msg, type ValidationMessageKey } from './messages';
import { isoDate, requiredText } from './common';
import { multipartForm } from './files';
import { nicProblem } from './nic';
import { SIGNUP_PHOTO_KEY_PATTERN } from './signup-photo';

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/;
export const SIGNUP_MOBILE_PATTERN = /^\+94\d{9}$/;
export const PASSPORT_PATTERN = /^[A-Za-z0-9]+$/;
/** A Sri Lankan passport's number: one letter and seven digits (N1234567). */
export const SRI_LANKAN_PASSPORT_PATTERN = /^[A-Z]\d{7}$/;
export const PASSWORD_MAX = 128;
export const CITIZEN_PASSWORD_MIN = 8;
export const OFFICER_PASSWORD_MIN = 6;
/** An administrator's password: see `adminPasswordProblems`. */
export const ADMIN_PASSWORD_MIN = 12;
/** From this length a password may be a passphrase of one or two kinds of characters. */
const ADMIN_PASSPHRASE_MIN = 20;

/**
 * Words a password must not be built on (after lowercasing, reading 0 1 3 4 5 7 @ $ as the letters they
 * stand for, and dropping digits and symbols): the most common passwords' words, this portal's own words,
 * and those of its published demo passwords (Admin@12345, Officer@123, Citizen@123).
 */
const WELL_KNOWN_PASSWORD_WORDS = (
  'password passwd pass admin administrator root login welcome letmein changeme secret default test qwerty qwertyuiop ' +
  'asdf asdfgh zxcvbn abc abcd abcdef iloveyou monkey dragon master sunshine police officer citizen srilanka lanka colombo eservices'
).split(' ');

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };

/**
 * The password policy of the administrator (ADMIN_PASSWORD: the server refuses to start in production with
 * one that fails it). The administrator can do everything and signs in with a password alone, so its
 * password must be harder to guess than a citizen's (at least 8 characters) or an officer's (6, the spec's
 * rule): at least 12 characters (and at most 128), not blank, at least 8 different characters, three
 * kinds of characters of lower case, upper case, digits and others (two are enough from 20 characters: a
 * passphrase), not built on a well-known word, and not containing the username. Answers what fails, in
 * English (an operator reads it at start-up); nothing when it passes.
 */
export function adminPasswordProblems(password: string, username?: string): string[] {
  const problems: string[] = [];
  const length = [...password].length;
  if (length < ADMIN_PASSWORD_MIN) problems.push(`it must be at least ${ADMIN_PASSWORD_MIN} characters`);
  if (length > PASSWORD_MAX) problems.push(`it must be at most ${PASSWORD_MAX} characters`);
  if (!/\S/.test(password)) problems.push('it must contain a character other than a space');
  if (new Set(password).size < 8) problems.push('it must have at least 8 different characters');
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  if (kinds < (length >= ADMIN_PASSPHRASE_MIN ? 2 : 3)) {
    problems.push('it must mix lower case, upper case, digits and other characters (three of them; two from 20 characters)');
  }
  // The letters alone, and the letters with the digits and symbols that stand for letters read as such.
  const lower = password.toLowerCase();
  const readings = [lower, [...lower].map((c) => LEET[c] ?? c).join('')].map((r) => r.replace(/\P{L}/gu, ''));
  const wellKnown = (letters: string) => WELL_KNOWN_PASSWORD_WORDS.some((w) => (w.length >= 5 ? letters.includes(w) : letters === w));
  if (readings[0]!.length < 4 || readings.some(wellKnown)) {
    problems.push('it must not be built on a well-known word (password, admin, police, ...) nor be mostly digits and symbols');
  }
  if (username && username.length >= 3 && password.toLowerCase().includes(username.toLowerCase())) problems.push('it must not contain the username');
  return problems;
}

export const LOGIN_AREAS = ['citizen', 'police', 'admin'] as const;
export type LoginArea = (typeof LOGIN_AREAS)[number];
/** Which role each sign-in page accepts. */
export const AREA_ROLE: Record<LoginArea, (typeof ROLES)[number]> = { citizen: 'citizen', police: 'police_officer', admin: 'admin' };

export const loginRequestSchema = z.object({
  username: requiredText(64),
  /** The sign-in page used; a role that does not belong there is refused without a token. */
  area: z.enum(LOGIN_AREAS, msg('invalidChoice')).optional(),
  password: z.string(msg('required')).min(1, msg('required')).max(PASSWORD_MAX, msg('passwordTooLong')),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** A started session: what a citizen's sign-in answers, and staff's after the second factor. */
export const loginSessionSchema = z.object({
  token: z.string(),
  role: z.enum(ROLES),
  branch: z.enum(BRANCHES).nullable(),
  /** Seconds since the epoch; the same value as the token's exp. */
  expires_at: z.number().int(),
});
export type LoginSession = z.infer<typeof loginSessionSchema>;

/**
 * Staff (officers, administrators) answer a second factor after the password: `setup` on the first sign-in
 * (or after an administrator reset it), `verify` otherwise. The mfa_token carries the password step to the
 * second-factor endpoints: valid MFA_TOKEN_TTL_SECONDS, and used once.
 */
const MFA_STEPS = ['setup', 'verify'] as const;
export const MFA_TOKEN_TTL_SECONDS = 5 * 60;
const MFA_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code as shown: 4 groups of 4 characters of an alphabet without look-alikes (80 bits). */
const RECOVERY_CODE_PATTERN = /^[a-z2-9]{4}(-?[a-z2-9]{4}){3}$/i;
const mfaChallengeSchema = z.object({ mfa: z.enum(MFA_STEPS), mfa_token: z.string() });
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

export const loginResponseSchema = z.union([loginSessionSchema, mfaChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

const mfaToken = z.string(msg('required')).min(1, msg('required')).max(2048, msg('tooLong'));
/** The six digits, spaces allowed (authenticator apps show "123 456"). */
const mfaCode = z
  .string(msg('required'))
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().min(1, msg('required')).regex(MFA_CODE_PATTERN, msg('mfaCodeFormat')));

export const mfaSetupRequestSchema = z.object({ mfa_token: mfaToken });
export const mfaSetupResponseSchema = z.object({
  /** Base32, for typing into an authenticator app. */
  secret: z.string(),
  otpauth_url: z.string(),
});

export const mfaConfirmRequestSchema = z.object({ mfa_token: mfaToken, code: mfaCode });
export const mfaConfirmResponseSchema = loginSessionSchema.extend({ recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type MfaConfirmResponse = z.infer<typeof mfaConfirmResponseSchema>;

/** The code step's fields (a form picks the one it shows); the request takes exactly one of them. */
export const mfaVerifyFieldsSchema = z.object({
  mfa_token: mfaToken,
  code: mfaCode.optional(),
  recovery_code: z
    .string(msg('required'))
    .trim()
    .min(1, msg('required'))
    .max(64, msg('tooLong'))
    .regex(RECOVERY_CODE_PATTERN, msg('recoveryCodeFormat'))
    .optional(),
});
export const mfaVerifyRequestSchema = mfaVerifyFieldsSchema.refine((v) => (v.code === undefined) !== (v.recovery_code === undefined), {
  message: 'mfaCodeOrRecovery' satisfies ValidationMessageKey,
  path: ['code'],
});

export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(ROLES),
  branch: z.enum(BRANCHES).nullable(),
  station: z.string().nullable(),
  /** A police officer's officer ID (the officer code), as the spec names it; null for others. */
  officerId: z.string().nullable(),
  identity_number: z.string().nullable(),
  /** NIC or Passport: the kind of a citizen's identity number (a clearance application takes an NIC account's); null for staff. */
  identity_type: z.enum(IDENTITY_TYPES).nullable(),
  full_name: z.string().nullable(),
  /** A citizen's home address as given at signup (forms start with it); null for staff. */
  address: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
export const currentUserResponseSchema = z.object({ user: currentUserSchema });

const birthDateField = isoDate('requiredFields').refine((v) => new Date(`${v}T00:00:00Z`).getTime() < Date.now() && v >= '1900-01-01', msg('dateInPast'));
const usernameField = requiredText(32, 'requiredFields').regex(USERNAME_PATTERN, msg('usernameFormat'));

/** Text fields of the citizen signup form; the three photos travel beside them as files. */
export const signupCitizenFieldsSchema = z
  .object({
    first_name: requiredText(100, 'requiredFields'),
    second_name: requiredText(100, 'requiredFields'),
    date_of_birth: birthDateField,
    username: usernameField,
    password: z
      .string(msg('requiredFields'))
      .min(1, msg('requiredFields'))
      .min(CITIZEN_PASSWORD_MIN, msg('citizenPasswordLength'))
      // Any characters, spaces included and never trimmed, but not only spaces.
      .regex(/\S/, msg('passwordBlank'))
      .max(PASSWORD_MAX, msg('passwordTooLong')),
    email: requiredText(254, 'requiredFields').pipe(z.email(msg('invalidEmail'))),
    mobile_number: requiredText(12, 'requiredFields').regex(SIGNUP_MOBILE_PATTERN, msg('mobileFormat')),
    identity_type: z.enum(IDENTITY_TYPES, msg('requiredFields')),
    identity_number: requiredText(20, 'requiredFields'),
    address: requiredText(300, 'requiredFields'),
    marital_status: z.enum(SIGNUP_MARITAL_STATUSES, msg('requiredFields')),
    /** The language the citizen signed up in: the account's language for its messages until changed. */
    language: z.enum(LANGUAGES, msg('invalidChoice')).default('en'),
    /** The live photo taken on a phone (signup-photo.ts): its handoff key, sent instead of the live_photo file. */
    live_photo_handoff: z.string().regex(SIGNUP_PHOTO_KEY_PATTERN, msg('livePhotoHandoffUnusable')).optional(),
  })
  .superRefine((v, ctx) => {
    // A NIC encodes its holder's birth date: a number of another day is someone else's (or a typing error).
    // (Compared only with a date of birth that is one: a bad date is named on its own field, not on the NIC too.)
    const dateOfBirth = birthDateField.safeParse(v.date_of_birth).success ? v.date_of_birth : undefined;
    const nic = v.identity_type === 'NIC' ? nicProblem(v.identity_number, dateOfBirth) : undefined;
    if (nic) ctx.addIssue({ code: 'custom', path: ['identity_number'], message: nic });
    if (v.identity_type === 'Passport' && !PASSPORT_PATTERN.test(v.identity_number)) {
      ctx.addIssue({ code: 'custom', path: ['identity_number'], message: 'passportSymbols' });
    }
  });
export type SignupCitizenFields = z.infer<typeof signupCitizenFieldsSchema>;

export const SIGNUP_FILE_FIELDS = ['identity_photo_front', 'identity_photo_back', 'live_photo'] as const;
export type SignupFileField = (typeof SIGNUP_FILE_FIELDS)[number];

/** Which signup photos are required, and the message when one is missing (a live photo taken on a phone is sent by its handoff). */
export function requiredSignupFiles(fields: { identity_type?: string; live_photo_handoff?: string | null }) {
  const required: Partial<Record<SignupFileField, 'identityFrontRequired' | 'identityBackRequired' | 'livePhotoRequired'>> = {
    identity_photo_front: 'identityFrontRequired',
  };
  if (!fields.live_photo_handoff) required.live_photo = 'livePhotoRequired';
  if (fields.identity_type === 'NIC') required.identity_photo_back = 'identityBackRequired';
  return required;
}

/** The citizen signup form as sent: its text fields and the three photos. */
export const signupCitizenForm = multipartForm({
  fields: signupCitizenFieldsSchema,
  files: { identity_photo_front: 'image', identity_photo_back: 'image', live_photo: 'image' } satisfies Record<SignupFileField, 'image'>,
  requiredFiles: (fields) => requiredSignupFiles(fields),
});

export const signupCitizenResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: z.object({ id: z.number().int(), username: z.string() }),
});

export const okResponseSchema = z.object({ success: z.literal(true), message: z.string() });
