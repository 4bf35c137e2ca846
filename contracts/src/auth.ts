import { z } from 'zod';
import { BRANCHES, IDENTITY_TYPES, ROLES, SIGNUP_MARITAL_STATUSES } from './enums';
import { msg } from './messages';
import { isoDate, requiredText } from './common';
import { multipartForm } from './files';

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/;
export const SIGNUP_MOBILE_PATTERN = /^\+94\d{9}$/;
export const NIC_PATTERN = /^(\d{9}[VvXx]|\d{12})$/;
export const PASSPORT_PATTERN = /^[A-Za-z0-9]+$/;
export const PASSWORD_MAX = 128;
export const CITIZEN_PASSWORD_MIN = 8;
export const OFFICER_PASSWORD_MIN = 6;

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

export const loginResponseSchema = z.object({
  token: z.string(),
  role: z.enum(ROLES),
  branch: z.enum(BRANCHES).nullable(),
  /** Seconds since the epoch; the same value as the token's exp. */
  expires_at: z.number().int(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(ROLES),
  branch: z.enum(BRANCHES).nullable(),
  station: z.string().nullable(),
  /** A police officer's officer ID (the officer code), as the spec names it; null for others. */
  officerId: z.string().nullable(),
  identity_number: z.string().nullable(),
  full_name: z.string().nullable(),
  /** A citizen's home address as given at signup (forms start with it); null for staff. */
  address: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
export const currentUserResponseSchema = z.object({ user: currentUserSchema });

const usernameField = requiredText(32, 'requiredFields').regex(USERNAME_PATTERN, msg('usernameFormat'));

/** Text fields of the citizen signup form; the three photos travel beside them as files. */
export const signupCitizenFieldsSchema = z
  .object({
    first_name: requiredText(100, 'requiredFields'),
    second_name: requiredText(100, 'requiredFields'),
    date_of_birth: isoDate('requiredFields').refine((v) => new Date(`${v}T00:00:00Z`).getTime() < Date.now() && v >= '1900-01-01', msg('dateInPast')),
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
  })
  .superRefine((v, ctx) => {
    if (v.identity_type === 'NIC' && !NIC_PATTERN.test(v.identity_number)) {
      ctx.addIssue({ code: 'custom', path: ['identity_number'], message: 'nicFormat' });
    }
    if (v.identity_type === 'Passport' && !PASSPORT_PATTERN.test(v.identity_number)) {
      ctx.addIssue({ code: 'custom', path: ['identity_number'], message: 'passportSymbols' });
    }
  });
export type SignupCitizenFields = z.infer<typeof signupCitizenFieldsSchema>;

export const SIGNUP_FILE_FIELDS = ['identity_photo_front', 'identity_photo_back', 'live_photo'] as const;
export type SignupFileField = (typeof SIGNUP_FILE_FIELDS)[number];

/** Which signup photos are required, and the message when one is missing. */
export function requiredSignupFiles(identityType: string | undefined) {
  const required: Partial<Record<SignupFileField, 'identityFrontRequired' | 'identityBackRequired' | 'livePhotoRequired'>> = {
    identity_photo_front: 'identityFrontRequired',
    live_photo: 'livePhotoRequired',
  };
  if (identityType === 'NIC') required.identity_photo_back = 'identityBackRequired';
  return required;
}

/** The citizen signup form as sent: its text fields and the three photos. */
export const signupCitizenForm = multipartForm({
  fields: signupCitizenFieldsSchema,
  files: { identity_photo_front: 'image', identity_photo_back: 'image', live_photo: 'image' } satisfies Record<SignupFileField, 'image'>,
  requiredFiles: (fields) => requiredSignupFiles(fields.identity_type),
});

export const signupCitizenResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: z.object({ id: z.number().int(), username: z.string() }),
});

export const okResponseSchema = z.object({ success: z.literal(true), message: z.string() });
