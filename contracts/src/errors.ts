import { z } from 'zod';

/** Stable error codes; the web app translates each (namespace `errors`). */
export const ERROR_CODES = [
  'validation.failed',
  'request.malformed',
  'request.not_found',
  'request.too_large',
  'request.unsupported_media_type',
  'request.too_many',
  'auth.unauthenticated',
  'auth.forbidden',
  'auth.invalid_credentials',
  'auth.throttled',
  'auth.username_taken',
  'auth.identity_taken',
  'auth.officer_id_taken',
  'stations.unknown',
  'server.internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number] | (string & {});

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Bad fields: field name → English message. */
    fields: z.record(z.string(), z.string()).optional(),
    /** Bad fields: field name → validation message key (translated in the browser). */
    fieldKeys: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
