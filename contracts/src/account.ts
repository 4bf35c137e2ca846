import { z } from 'zod';
import { adminUserDetailsSchema } from './admin';
import { PASSWORD_MAX } from './auth';
import { CLEARANCE_STATUSES, clearanceCertificateSchema, clearanceHistoryEntrySchema } from './clearance';
import { complaintSchema } from './complaints';
import { dataViewSchema } from './data-views';
import { fineSchema } from './fines';
import { msg } from './messages';

// ---- Signed-in devices (the account's live sessions) ----

/**
 * One live session of the signed-in account. `device` is the browser and system read from the User-Agent at
 * sign-in ("Chrome 131 on Windows"), `address_class` the network it signed in from (an IPv4 /24 or IPv6 /48,
 * never the address itself); both null for sessions started before they were kept.
 */
export const accountSessionSchema = z.object({
  id: z.string(),
  device: z.string().nullable(),
  address_class: z.string().nullable(),
  /** ISO 8601 instants (UTC). The last use is kept to within a minute. */
  signed_in_at: z.string(),
  last_used_at: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionList = z.infer<typeof accountSessionListSchema>;

/** A session named in a path: anything but one of the caller's own live sessions is 404. */
export const accountSessionParamsSchema = z.object({ id: z.string().max(64) });
export const endedSessionsSchema = z.object({ ended: z.number().int() });

// ---- The citizen's own data (Personal Data Protection Act 2022: the right of access) ----

/** Closing one's own account asks for the current password again. */
export const closeAccountRequestSchema = z.object({
  password: z.string(msg('required')).min(1, msg('required')).max(PASSWORD_MAX, msg('passwordTooLong')),
});
export type CloseAccountRequest = z.infer<typeof closeAccountRequestSchema>;
export const closeAccountResponseSchema = z.object({ closed: z.literal(true) });

/** A clearance application as its applicant gave it, with its history and certificates. */
export const exportedClearanceSchema = z.object({
  id: z.number(),
  reference_number: z.string().nullable(),
  status: z.enum(CLEARANCE_STATUSES),
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** The application's answers (the wizard's fields, as submitted). */
  application: z.record(z.string(), z.unknown()),
  history: z.array(clearanceHistoryEntrySchema),
  certificates: z.array(clearanceCertificateSchema),
});
export type ExportedClearance = z.infer<typeof exportedClearanceSchema>;

/** A payment the account started (a fine's or a clearance fee's checkout), without the gateway's links. */
export const exportedPaymentSchema = z.object({
  purpose: z.string(),
  reference_id: z.string(),
  /** LKR, two decimal places. */
  amount: z.string(),
  currency: z.string(),
  status: z.string(),
  payment_reference: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type ExportedPayment = z.infer<typeof exportedPaymentSchema>;

/** Everything the portal keeps about a citizen that the citizen may read: what `GET /api/me/export` downloads. */
export const myDataExportSchema = z.object({
  exported_at: z.string(),
  profile: adminUserDetailsSchema.omit({ officer: true }),
  complaints: z.array(complaintSchema),
  clearance_applications: z.array(exportedClearanceSchema),
  fines: z.array(fineSchema),
  payments: z.array(exportedPaymentSchema),
  /** Every time staff opened the citizen's data ("Who has looked at my data?"), newest first; never the officer's name. */
  data_views: z.array(dataViewSchema),
});
export type MyDataExport = z.infer<typeof myDataExportSchema>;

/** The export's file name, by the Colombo date it was made: `pes-my-data-2026-11-27.json`. */
export const myDataFileName = (colomboDay: string) => `pes-my-data-${colomboDay}.json`;
