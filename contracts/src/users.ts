import { z } from 'zod';
import { BRANCHES } from './enums';
import { msg } from './messages';
import { optionalText, requiredText } from './common';
import { OFFICER_PASSWORD_MIN, PASSWORD_MAX, USERNAME_PATTERN } from './auth';

// Officer accounts. On the wire `officer_id` is the officer's ID as the police issue it (text, called the
// officer code inside the code), and an officer's `id` is its row (what slots assign).

export const createOfficerRequestSchema = z.object({
  username: requiredText(32, 'allRequiredFields').regex(USERNAME_PATTERN, msg('usernameFormat')),
  password: z
    .string(msg('allRequiredFields'))
    .min(1, msg('allRequiredFields'))
    .min(OFFICER_PASSWORD_MIN, msg('officerPasswordLength'))
    // Any characters, spaces included and never trimmed, but not only spaces.
    .regex(/\S/, msg('passwordBlank'))
    .max(PASSWORD_MAX, msg('passwordTooLong')),
  full_name: requiredText(150, 'allRequiredFields'),
  officer_id: requiredText(32, 'allRequiredFields'),
  badge_number: optionalText(32),
  rank: optionalText(64),
  branch: z.enum(BRANCHES, msg('allRequiredFields')),
  station: optionalText(120),
});
export type CreateOfficerRequest = z.input<typeof createOfficerRequestSchema>;

export const officerSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  officer_id: z.string(),
  badge_number: z.string(),
  rank: z.string().nullable(),
  branch: z.enum(BRANCHES),
  station: z.string(),
});
export type Officer = z.infer<typeof officerSchema>;

export const createOfficerResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  officer: officerSchema,
});

/** Most officers the admin search returns. */
export const OFFICER_SEARCH_LIMIT = 50;

export const officerSearchQuerySchema = z.object({
  name: optionalText(100),
  branch: z.enum(BRANCHES, msg('invalidChoice')).optional(),
  /** English station name; every station when absent. */
  station: optionalText(120),
});

/** An officer as the admin's search lists them: the officer account without its sign-in details. */
export const officerSearchResultSchema = officerSchema.omit({ user_id: true, username: true });
export type OfficerSearchResult = z.infer<typeof officerSearchResultSchema>;
export const officerSearchResultListSchema = z.array(officerSearchResultSchema);
