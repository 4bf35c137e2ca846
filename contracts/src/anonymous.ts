import { z } from 'zod';
import { msg } from './messages';
import { keysetCursor, optionalText, pastColomboDateTime, requiredText } from './common';
import { multipartForm } from './files';

/** The kinds of anonymous complaint (stored as the spec's `incident_type`). */
export const ANONYMOUS_COMPLAINT_TYPES = ['Corruption', 'Drug Related', 'Violence'] as const;
export type AnonymousComplaintType = (typeof ANONYMOUS_COMPLAINT_TYPES)[number];

export const ANONYMOUS_EVIDENCE_FIELD = 'evidence';
export const ANONYMOUS_INITIAL_STATUS = 'Pending';
export const ANONYMOUS_STATUS_MAX = 60;
export const ANONYMOUS_TEXT_MAX = 5000;
export const ANONYMOUS_CONTACT_DIGITS = 10;
/** The longest text each field of the report takes: the schema's limits and the form's input limits. */
export const ANONYMOUS_FIELD_MAX = {
  station: 120,
  what: ANONYMOUS_TEXT_MAX,
  where: 500,
  how: ANONYMOUS_TEXT_MAX,
  contactNumber: ANONYMOUS_CONTACT_DIGITS,
} as const;
const CONTACT_NUMBER_PATTERN = new RegExp(`^\\d{${ANONYMOUS_CONTACT_DIGITS}}$`);
/** The statuses that close a report: it no longer counts towards an officer's load. */
export const ANONYMOUS_CLOSED_STATUSES = ['Completed', 'Closed', 'Resolved', 'Rejected'] as const;
export const SUGGESTED_ANONYMOUS_STATUSES = ['Pending', 'In Progress', 'Completed'] as const;
/**
 * Reports one browser may send in a window (flood limit). A browser says which it is by a random key of its own in
 * this header; requests without one share one such allowance per address.
 */
export const ANONYMOUS_REPORTS_PER_WINDOW = 5;
/** Reports one address may send in a window: a mobile carrier's NAT puts a crowd of phones behind one address. */
export const ANONYMOUS_REPORTS_PER_ADDRESS_PER_WINDOW = 100;
export const ANONYMOUS_REPORT_WINDOW_SECONDS = 10 * 60;
export const ANONYMOUS_REPORTER_HEADER = 'x-reporter-key';
/** A reporter key: 128 random bits or more, base64url (a browser makes its own and keeps it). */
export const ANONYMOUS_REPORTER_KEY_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** Tracking code: 160 random bits as 32 base32 letters and digits, shown in groups of four (dashes optional). */
export const TRACKING_CODE_PATTERN = /^[A-Z2-7]{32}$/;
/** Uppercases, drops spaces and dashes, and reads the easily confused 0, 1 and 8 as O, I and B. */
export const normaliseTrackingCode = (v: string) => v.toUpperCase().replace(/[\s-]/g, '').replace(/0/g, 'O').replace(/1/g, 'I').replace(/8/g, 'B');
export const formatTrackingCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

const ticked = z
  .string()
  .optional()
  .transform((v) => v === 'true' || v === 'on' || v === '1');

/** The text fields of POST /api/anonymous (multipart), named as the spec's form sends them. */
export const anonymousComplaintFieldsSchema = z
  .object({
    station: requiredText(ANONYMOUS_FIELD_MAX.station, 'required'),
    complaintType: z.enum(ANONYMOUS_COMPLAINT_TYPES, msg('anonymousTypeRequired')),
    when: pastColomboDateTime(),
    what: requiredText(ANONYMOUS_FIELD_MAX.what),
    where: requiredText(ANONYMOUS_FIELD_MAX.where),
    how: optionalText(ANONYMOUS_FIELD_MAX.how),
    provideContact: ticked,
    contactNumber: z.string(msg('invalidType')).trim().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.provideContact && !CONTACT_NUMBER_PATTERN.test(v.contactNumber ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['contactNumber'], message: 'contactNumberFormat' });
    }
  })
  .transform(({ contactNumber, ...v }) => ({ ...v, contactNumber: v.provideContact ? contactNumber! : null }));
export type AnonymousComplaintFields = z.output<typeof anonymousComplaintFieldsSchema>;

export const ANONYMOUS_COMPLAINT_FORM = multipartForm({ fields: anonymousComplaintFieldsSchema, files: { [ANONYMOUS_EVIDENCE_FIELD]: 'photo' } });

export const submitAnonymousComplaintResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number(),
  /** Shown once; the server keeps only its hash. */
  tracking_code: z.string(),
});
export type SubmitAnonymousComplaintResponse = z.infer<typeof submitAnonymousComplaintResponseSchema>;

export const anonymousHistoryEntrySchema = z.object({
  from_status: z.string().nullable(),
  to_status: z.string(),
  changed_at: z.string(),
});

/** An anonymous complaint as its assigned officer sees it. */
export const anonymousComplaintSchema = z.object({
  id: z.number(),
  incident_type: z.enum(ANONYMOUS_COMPLAINT_TYPES),
  what_happened: z.string(),
  when: z.string(),
  where: z.string(),
  how_occurred: z.string().nullable(),
  station: z.string(),
  status: z.string(),
  submitted_at: z.string(),
  submitted_by: z.literal('anonymous'),
  phone_number: z.string().nullable(),
  evidence: z.object({ url: z.string(), mime_type: z.string() }).nullable(),
  history: z.array(anonymousHistoryEntrySchema),
});
export type AnonymousComplaint = z.infer<typeof anonymousComplaintSchema>;

/** An officer's list comes a page at a time, newest first: a queue of thousands is never sent at once. */
export const ANONYMOUS_OFFICER_PAGE_SIZE = 25;
export const anonymousOfficerListQuerySchema = z.object({
  /** Where the next page starts: the last row's submitted_at and id. */
  before: keysetCursor({ instant: true, id: 'int' }),
  status: z.string().trim().min(1).max(ANONYMOUS_STATUS_MAX).optional(),
});
export type AnonymousOfficerListQuery = z.infer<typeof anonymousOfficerListQuerySchema>;
export const anonymousOfficerListSchema = z.object({
  success: z.literal(true),
  complaints: z.array(anonymousComplaintSchema),
  /** The `before` of the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export const anonymousOfficerParamSchema = z.object({ officerId: z.string().trim().min(1).max(100) });
export const anonymousIdParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const updateAnonymousStatusRequestSchema = z.object({
  status: z.string(msg('statusRequired')).trim().min(1, msg('statusRequired')).max(ANONYMOUS_STATUS_MAX, msg('statusTooLong')),
});
export type UpdateAnonymousStatusRequest = z.input<typeof updateAnonymousStatusRequestSchema>;
export const updateAnonymousStatusResponseSchema = z.object({ success: z.literal(true), message: z.string(), complaint: anonymousComplaintSchema });

export const trackAnonymousRequestSchema = z.object({
  tracking_code: z
    .string(msg('trackingCodeFormat'))
    .max(100, msg('trackingCodeFormat'))
    .transform(normaliseTrackingCode)
    .pipe(z.string().regex(TRACKING_CODE_PATTERN, msg('trackingCodeFormat'))),
});
export type TrackAnonymousRequest = z.input<typeof trackAnonymousRequestSchema>;

/** What the tracking code shows: the status and its changes, by date only. Nothing else. */
export const trackAnonymousResponseSchema = z.object({
  success: z.literal(true),
  status: z.string(),
  submitted_on: z.string(),
  history: z.array(z.object({ status: z.string(), date: z.string() })),
});
export type TrackAnonymousResponse = z.infer<typeof trackAnonymousResponseSchema>;
