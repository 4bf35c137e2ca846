import { z } from 'zod';

export const certificateCodeParamSchema = z.object({ code: z.string().max(60) });
/**
 * valid, expired, withdrawn (by the Admin Branch), replaced (by a newer certificate of the same
 * application), unknown (no certificate has this code), or needs_code: a reference number was given,
 * which is sequential and so says nothing about anyone.
 */
export const CERTIFICATE_VERIFY_RESULTS = ['valid', 'expired', 'withdrawn', 'replaced', 'unknown', 'needs_code'] as const;
/** Public verification by code: the holder's name only, nothing else about them. */
export const certificateVerificationSchema = z.object({
  result: z.enum(CERTIFICATE_VERIFY_RESULTS),
  reference_number: z.string().nullable(),
  full_name: z.string().nullable(),
  valid_until: z.string().nullable(),
  issued_at: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;
