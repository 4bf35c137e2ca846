import { z } from 'zod';
import { accountErrors } from './account';
import { anonymousErrors } from './anonymous';
import { authErrors } from './auth';
import { clearanceErrors } from './clearance';
import { complaintErrors } from './complaints';
import { requestErrors, serverErrors, validationErrors } from './core';
import type { ErrorEntry } from './entry';
import { fileErrors } from './files';
import { fineErrors } from './fines';
import { mfaErrors } from './mfa';
import { notificationErrors } from './notifications';
import { passwordErrors } from './passwords';
import { paymentErrors } from './payments';
import { signupPhotoErrors } from './signup-photo';
import { slotErrors } from './slots';
import { stationErrors } from './stations';
import { userErrors } from './users';

/**
 * Every error code the server answers with, each defined once (in errors/<module>.ts): its status, its
 * English message and the field it is about. The server throws them by code; the web translates every
 * code (a web test keeps en, si and ta in step with this list).
 */
export const ERROR_CATALOGUE = {
  ...validationErrors,
  ...requestErrors,
  ...serverErrors,
  ...authErrors,
  ...signupPhotoErrors,
  ...mfaErrors,
  ...passwordErrors,
  ...userErrors,
  ...stationErrors,
  ...slotErrors,
  ...complaintErrors,
  ...fineErrors,
  ...paymentErrors,
  ...fileErrors,
  ...clearanceErrors,
  ...anonymousErrors,
  ...notificationErrors,
  ...accountErrors,
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Bad fields: field name → English message. */
    fields: z.record(z.string(), z.string()).optional(),
    /** Bad fields: field name → validation message key (translated in the browser). */
    fieldKeys: z.record(z.string(), z.string()).optional(),
    /** The values of the message's `{{placeholders}}`, so that the browser fills its own translation with them. */
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    /**
     * Bad fields: field name → more validation message keys saying why and what to do (a weak password's
     * warning and suggestions), shown after the field's own message.
     */
    fieldHints: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
