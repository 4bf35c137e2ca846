import { z } from 'zod';
import { CLEARANCE_RECORD, CLEARANCE_STATIONS, optionalChoice, type ClearanceDocument } from './clearance-fields';
import { recordShape, recordViewShape, stepShape } from './records';
import { IDENTITY_TYPES } from './enums';
import { cappedCountShape, isoDate, keysetCursor, optionalText, requiredText } from './common';
import { normaliseIdentityNumber, normaliseNic } from './nic';
import { SRI_LANKAN_PASSPORT_PATTERN } from './auth';
import { msg, type ValidationMessageKey } from './messages';
import { colomboDate } from './time';

// ---------------------------------------------------------------------------------------------
// Constants (citizen-portal.md §9, police-and-admin.md §9, product-decisions.md "Clearance certificates").

export { CLEARANCE_FEE_CENTS, CLEARANCE_FEE_AMOUNT } from './clearance-fee';
export const CLEARANCE_PROCESSING_WORKING_DAYS = 14;
export const CERTIFICATE_VALIDITY_MONTHS = 6;
/** The left-Sri-Lanka question is about this age; the birth certificate is needed under CLEARANCE_ADULT_AGE. */
export const LEFT_BEFORE_AGE = 16;
export const CLEARANCE_ADULT_AGE = 18;
/** Reference numbers: PCC-<year>-<6 digits>. */
export const CLEARANCE_REFERENCE_PATTERN = /^PCC-\d{4}-\d{6,}$/;

/**
 * Stored states. `awaiting_payment` is the application before its fee is paid: officers never see it,
 * and the citizen's tracking ignores it. The others are the spec's.
 */
export const CLEARANCE_STATUSES = ['awaiting_payment', 'pending', 'in_progress', 'completed', 'rejected'] as const;
export type ClearanceStatus = (typeof CLEARANCE_STATUSES)[number];
/** What an Admin Branch officer may set (rejected needs a reason). */
export const CLEARANCE_OFFICER_STATUSES = ['pending', 'in_progress', 'completed', 'rejected'] as const;
export type ClearanceOfficerStatus = (typeof CLEARANCE_OFFICER_STATUSES)[number];
/** Statuses of an open application: a citizen has at most one. */
export const CLEARANCE_OPEN_STATUSES = ['awaiting_payment', 'pending', 'in_progress'] as const;

/** Certificate draft defaults (police-and-admin.md §9). */
export const CERTIFICATE_DEFAULTS = {
  addresseeTitle: 'THE VISA OFFICER',
  department: 'Department of Home Affairs',
  country: 'Sri Lanka',
  remarks:
    'According to the records of the Sri Lanka Police, no criminal convictions have been recorded against the above-named person during the period stated.',
} as const;

/**
 * The certificate's fixed wording, in English as the PDF is printed: the server's PDF and the officer's
 * live preview in the browser both say exactly this.
 */
export const CERTIFICATE_TEXT = {
  letterhead: 'SRI LANKA POLICE',
  letterheadSinhala: 'ශ්‍රී ලංකා පොලීසිය',
  letterheadTamil: 'இலங்கை பொலிஸ்',
  address: 'Police Headquarters, Colombo 01, Sri Lanka  ·  Admin Branch',
  title: 'POLICE CLEARANCE CERTIFICATE',
  reference: 'Reference number:',
  issued: 'Date of issue:',
  certify: 'This is to certify that',
  nic: 'National Identity Card number:',
  passport: 'Passport number:',
  addressLabel: 'Address:',
  period: (from: string, to: string) => `Period: ${from} to ${to}`,
  validUntil: (date: string) => `Valid until: ${date} (six months from the date of issue)`,
  remarks: 'Remarks',
  verifyAt: 'Verify at',
  verificationCode: 'Verification code:',
  /** In the officer's preview, where the code will be: it is made when the PDF is generated. */
  codePending: '(given when the PDF is generated)',
  signatory: 'Officer in Charge, Admin Branch',
  signatoryFor: 'for Inspector General of Police',
} as const;

// ---------------------------------------------------------------------------------------------
// Dates.

/** Whole years from `dateOfBirth` to `on` (both YYYY-MM-DD); undefined when the date is not valid. */
export function ageOn(dateOfBirth: string | undefined, on: string = colomboDate()): number | undefined {
  if (!dateOfBirth || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return undefined;
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = on.split('-').map(Number) as [number, number, number];
  const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
  return age >= 0 ? age : undefined;
}

/** `isoDate` plus `months` calendar months, clamped to the month's last day: 2026-08-31 + 6 → 2027-02-28. */
export function addMonths(isoDay: string, months: number) {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/**
 * The last day a certificate issued on `issuedOn` (a Colombo date) is valid. Validity runs from the date of issue, not
 * from the period, which is the applicant's residence in the past (it may start years before).
 */
export const certificateValidUntil = (issuedOn: string) => addMonths(issuedOn, CERTIFICATE_VALIDITY_MONTHS);

// ---------------------------------------------------------------------------------------------
// Verification codes: what the QR code and the printed text carry (/verify/{code}), never the sequential
// reference. 20 characters of Crockford's base32 (100 random bits: no I, L, O or U, so a code typed from
// paper is not misread); certificates issued before codes existed got 32 hexadecimal characters (a random
// UUID's, 122 random bits) from their migration. Printed in groups of four; typed in any case, with or
// without the dashes.

export const VERIFICATION_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const VERIFICATION_CODE_LENGTH = 20;
const VERIFICATION_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{20,32}$/;

/** A code as typed or scanned → as stored: upper case, no spaces or dashes, O read as 0 and I or L as 1. */
export function normaliseVerificationCode(text: string) {
  return text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** Whether a normalised text can be a verification code at all (checked before any lookup). */
export const isVerificationCode = (code: string) => VERIFICATION_CODE_PATTERN.test(code);

/** The code as printed: groups of four joined by dashes (ABCD-EFGH-…). */
export const formatVerificationCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/** Birth certificate front and back are required under 18 (§9); NIC front and back always. */
export function requiredDocuments(dateOfBirth: string | undefined, today = colomboDate()): Partial<Record<ClearanceDocument, ValidationMessageKey>> {
  const age = ageOn(dateOfBirth, today);
  const out: Partial<Record<ClearanceDocument, ValidationMessageKey>> = { nicFront: 'nicFrontRequired', nicBack: 'nicBackRequired' };
  if (age !== undefined && age < CLEARANCE_ADULT_AGE) {
    out.birthCertificateFront = 'birthCertificateFrontRequired';
    out.birthCertificateBack = 'birthCertificateBackRequired';
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The nine steps (§3 fields, §5 rules). Each step is an object schema plus the rule across its fields;
// the submit payload is all of them merged, with every rule.

type Ctx = z.RefinementCtx;
const issue = (ctx: Ctx, path: (string | number)[], key: ValidationMessageKey) => ctx.addIssue({ code: 'custom', path, message: key });

/** A rule across fields: `ok` sees the values even where another field failed (so every bad field is named at once). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the values as far as they parsed
type CrossRule = { path: string[]; message: ValidationMessageKey; ok: (v: any) => boolean };
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
function withRules<S extends z.ZodType>(schema: S, rules: CrossRule[]): S {
  return rules.reduce<z.ZodType>((out, r) => out.refine(r.ok, { path: r.path, message: r.message, when: () => true }), schema) as S;
}

const step1Rules: CrossRule[] = [
  { path: ['nationality_other'], message: 'required', ok: (v) => v?.nationality !== 'other' || !!str(v.nationality_other)?.trim() },
  { path: ['left_before_sixteen'], message: 'leftBeforeSixteenMission', ok: (v) => v?.left_before_sixteen !== true },
];

const same = (a: unknown, b: unknown) => normaliseIdentityNumber(str(a) ?? '') === normaliseIdentityNumber(str(b) ?? '');
/** The same NIC in either form ("511521766V" and "195115201766"). */
const sameNic = (a: unknown, b: unknown) => normaliseNic(str(a) ?? '') === normaliseNic(str(b) ?? '');
/** A Sri Lankan's passport number is one letter and seven digits (N1234567); another country's is free. */
const sriLankanPassportOk = (nationality: unknown, passport: unknown) =>
  !str(passport)?.trim() ||
  !/^sri[\s_-]*lankan$/i.test(str(nationality)?.trim() ?? '') ||
  SRI_LANKAN_PASSPORT_PATTERN.test(normaliseIdentityNumber(str(passport)!));
const step2Rules: CrossRule[] = [
  {
    path: ['confirm_nic_number'],
    message: 'nicMismatch',
    ok: (v) => !str(v?.nic_number) || !str(v?.confirm_nic_number) || sameNic(v.nic_number, v.confirm_nic_number),
  },
  { path: ['confirm_passport_number'], message: 'passportMismatch', ok: (v) => same(v?.passport_number, v?.confirm_passport_number) },
  { path: ['passport_number'], message: 'passportSriLankanFormat', ok: (v) => sriLankanPassportOk(v?.nationality, v?.passport_number) },
];

const step6Rules: CrossRule[] = [
  {
    path: ['spouse', 'passport_number'],
    message: 'passportSriLankanFormat',
    ok: (v) => sriLankanPassportOk(v?.spouse?.nationality, v?.spouse?.passport_number),
  },
];

const step3Rules: CrossRule[] = [
  { path: ['passport_issue_date'], message: 'passportIssueFuture', ok: (v) => !str(v?.passport_issue_date) || v.passport_issue_date <= colomboDate() },
  {
    path: ['passport_issue_date'],
    message: 'passportIssueBeforeBirth',
    ok: (v) => !str(v?.passport_issue_date) || !str(v?.date_of_birth) || v.passport_issue_date >= v.date_of_birth,
  },
];

const digits = (v: unknown) => (str(v) ?? '').replace(/[\s-]/g, '');
const lower = (v: unknown) => (str(v) ?? '').trim().toLowerCase();
const step5Rules: CrossRule[] = [
  {
    path: ['confirm_mobile_number'],
    message: 'mobileMismatch',
    ok: (v) => !str(v?.mobile_number) || !str(v?.confirm_mobile_number) || digits(v.mobile_number) === digits(v.confirm_mobile_number),
  },
  { path: ['confirm_email'], message: 'emailMismatch', ok: (v) => !str(v?.email) || !str(v?.confirm_email) || lower(v.email) === lower(v.confirm_email) },
];

export type ClearanceUploads = Partial<Record<ClearanceDocument, string>>;
const DOCUMENT_REQUIRED: Partial<Record<ClearanceDocument, ValidationMessageKey>> = {
  nicFront: 'nicFrontRequired',
  nicBack: 'nicBackRequired',
  birthCertificateFront: 'birthCertificateFrontRequired',
  birthCertificateBack: 'birthCertificateBackRequired',
};
const step7Rules: CrossRule[] = Object.entries(DOCUMENT_REQUIRED).map(([document, message]) => ({
  path: ['uploads', document],
  message,
  ok: (v) => !(document in requiredDocuments(str(v?.date_of_birth))) || !!str(v?.uploads?.[document])?.trim(),
}));

/** The date of birth rides along with steps whose rules need it (3 and 7), as the wizard's values hold it. */
const withBirth = { date_of_birth: z.string().optional() };
/** So does the nationality (step 1's) with step 2, whose passport number it shapes. */
const withNationality = { nationality: z.string().optional() };

const step = <N extends number>(n: N) => z.object(stepShape(CLEARANCE_RECORD, n));

/** Step schemas, in order (index 0 is step 1): the wizard validates a step with its schema on Next. */
export const CLEARANCE_STEP_SCHEMAS = [
  withRules(step(1), step1Rules),
  withRules(step(2).extend(withNationality), step2Rules),
  withRules(step(3).extend(withBirth), step3Rules),
  step(4),
  withRules(step(5), step5Rules),
  withRules(step(6), step6Rules),
  withRules(step(7).extend(withBirth), step7Rules),
  step(8),
  step(9),
] as const;
export const CLEARANCE_STEP_COUNT = CLEARANCE_STEP_SCHEMAS.length;

/** The whole application, as `POST /clearance/apply` takes it: every step's fields and rules. */
export const clearanceApplicationSchema = withRules(z.object(recordShape(CLEARANCE_RECORD)), [
  ...step1Rules,
  ...step2Rules,
  ...step3Rules,
  ...step5Rules,
  ...step6Rules,
  ...step7Rules,
]);
export type ClearanceApplicationInput = z.input<typeof clearanceApplicationSchema>;
export type ClearanceApplication = z.output<typeof clearanceApplicationSchema>;

// ---------------------------------------------------------------------------------------------
// Calls.

export const identityNumberParamSchema = z.object({ identity_number: z.string().max(40) });
export const clearanceStatusResponseSchema = z.object({ exists: z.boolean() });

/** The signed-in citizen's application that is paid and not finished (a new one is refused while it is): the wizard says so before step 1. */
export const clearanceOpenApplicationSchema = z.object({
  open: z.object({ reference_number: z.string().nullable(), status: z.enum(CLEARANCE_STATUSES) }).nullable(),
});
export type ClearanceOpenApplication = z.infer<typeof clearanceOpenApplicationSchema>;

export const clearanceApplyResponseSchema = z.object({ url: z.string(), sessionId: z.string() });

export const clearanceSessionParamSchema = z.object({ sessionId: z.string().min(1).max(200) });
export const clearancePaymentStatusSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  checkoutSession: z.object({ id: z.string(), payment_status: z.enum(['paid', 'unpaid']) }),
  clearanceCertificate: z.object({ reference_number: z.string().nullable(), amount: z.string() }),
});
export type ClearancePaymentStatus = z.infer<typeof clearancePaymentStatusSchema>;

/** The wizard's saved draft: the step reached and the values so far (any shape; checked on submit). */
export const CLEARANCE_DRAFT_MAX_BYTES = 64 * 1024;
export const clearanceDraftSchema = z.object({
  step: z.number(msg('invalidType')).int().min(1).max(CLEARANCE_STEP_COUNT),
  data: z.record(z.string(), z.unknown(), msg('invalidType')).refine((v) => JSON.stringify(v).length <= CLEARANCE_DRAFT_MAX_BYTES, msg('tooLong')),
});
export type ClearanceDraft = z.infer<typeof clearanceDraftSchema>;
export const clearanceDraftResponseSchema = z.object({ draft: clearanceDraftSchema.extend({ updated_at: z.string() }).nullable() });

const statusField = z.enum(CLEARANCE_STATUSES);

/** A status change, as the application's history keeps it. */
export const clearanceHistoryEntrySchema = z.object({
  from_status: statusField.nullable(),
  to_status: statusField,
  note: z.string().nullable(),
  changed_by: z.string().nullable(),
  changed_at: z.string(),
});

/**
 * The certificate an application holds now (the latest issued): its verification code and the address
 * the QR code opens, when it was issued, whether the officer generated it here (its PDF prints the code)
 * or attached a PDF of their own (which does not: the citizen's tracking page shows the code), and its
 * withdrawal. An earlier certificate of the same application answers "replaced" at verification.
 */
export const clearanceCertificateSchema = z.object({
  verification_code: z.string(),
  verification_url: z.string(),
  issued_at: z.string(),
  generated: z.boolean(),
  withdrawn_at: z.string().nullable(),
  withdrawal_reason: z.string().nullable(),
});
export type ClearanceCertificate = z.infer<typeof clearanceCertificateSchema>;

/** The citizen's tracking view (§3 tracking fields, in the spec's spellings). */
export const clearanceTrackSchema = z.object({
  id: z.number(),
  reference_number: z.string().nullable(),
  referenceNumber: z.string().nullable(),
  status: statusField,
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  createdAt: z.string(),
  full_name: z.string(),
  fullName: z.string(),
  idNumber: z.string(),
  /** The certificate's file: null while there is none, and once it is withdrawn. */
  certificate_url: z.string().nullable(),
  certificateUrl: z.string().nullable(),
  certificate: clearanceCertificateSchema.nullable(),
  history: z.array(clearanceHistoryEntrySchema),
});
export type ClearanceTrack = z.infer<typeof clearanceTrackSchema>;

/** One row of the Admin Branch list. */
export const clearanceListItemSchema = z.object({
  id: z.number(),
  reference_number: z.string().nullable(),
  application_status: statusField,
  full_name_nic: z.string(),
  nic_number: z.string(),
  /** The police station the applicant chose. */
  station: z.string(),
  /** The officer who changed its status last (null until one has). */
  handled_by: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  has_certificate: z.boolean(),
});
export type ClearanceListItem = z.infer<typeof clearanceListItemSchema>;

export const CLEARANCE_PAGE_SIZE_MAX = 100;
/** The longest search the Admin Branch's list takes (a full name fits; the field stops typing there). */
export const CLEARANCE_SEARCH_MAX = 40;
export const clearanceListQuerySchema = z.object({
  /** A reference number or its tail, a NIC, or words of the applicant's name: as typed (each match normalises it). */
  search: optionalText(CLEARANCE_SEARCH_MAX),
  status: optionalChoice(CLEARANCE_OFFICER_STATUSES),
  station: optionalChoice(CLEARANCE_STATIONS),
  /** The next_cursor of the page before (its last application's paid_at and id): applications paid before it. */
  cursor: keysetCursor({ instant: true, id: 'int' }),
  page_size: z.coerce.number(msg('invalidType')).int().min(1).max(CLEARANCE_PAGE_SIZE_MAX).default(20),
});
export const clearanceListSchema = z.object({
  applications: z.array(clearanceListItemSchema),
  page_size: z.number(),
  /** The cursor of the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
  /** How many applications the search and filters find, over all pages, up to LIST_COUNT_CAP. */
  ...cappedCountShape,
});
export type ClearanceList = z.infer<typeof clearanceListSchema>;

/** The account an application was made from, as the account says (beside what the application says). */
export const clearanceAccountSchema = z.object({
  username: z.string(),
  identity_type: z.enum(IDENTITY_TYPES),
  identity_number: z.string(),
  full_name: z.string(),
});
export type ClearanceAccount = z.infer<typeof clearanceAccountSchema>;

/**
 * The full application an Admin Branch officer opens (police-and-admin.md §3): the application as the
 * citizen gave it, by the names it was given with (`CLEARANCE_RECORD`), plus what the portal adds.
 */
export const clearanceDetailSchema = z.object({
  ...recordViewShape(CLEARANCE_RECORD),
  id: z.number(),
  account: clearanceAccountSchema,
  reference_number: z.string().nullable(),
  application_status: statusField,
  rejection_reason: z.string().nullable(),
  /** Document name → /uploads/{path}. */
  uploads: z.record(z.string(), z.string()),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  amount: z.string(),
  period_from: z.string().nullable(),
  period_to: z.string().nullable(),
  /** The current certificate's file (withdrawn or not: officers may still open it). */
  certificate_url: z.string().nullable(),
  certificate: clearanceCertificateSchema.nullable(),
  history: z.array(clearanceHistoryEntrySchema),
});
export type ClearanceDetail = z.infer<typeof clearanceDetailSchema>;

export const clearanceIdParamSchema = z.object({ id: z.coerce.number(msg('invalidType')).int().positive().max(2_147_483_647) });

export const clearanceStatusUpdateSchema = z
  .object({ status: z.enum(CLEARANCE_OFFICER_STATUSES, msg('invalidChoice')), reason: optionalText(1000) })
  .superRefine((v, ctx) => {
    if (v.status === 'rejected' && !v.reason) issue(ctx, ['reason'], 'rejectionReasonRequired');
  });

/** Withdrawing an issued certificate (the application becomes rejected with this reason, which the citizen sees). */
export const certificateWithdrawalSchema = z.object({ reason: requiredText(1000, 'withdrawalReasonRequired') });

/** The certificate draft the officer edits (police-and-admin.md §3). */
export const certificateDraftSchema = z
  .object({
    addresseeTitle: requiredText(200),
    department: requiredText(200),
    country: requiredText(100),
    fullName: requiredText(200),
    nicNumber: optionalText(20),
    passportNumber: optionalText(20),
    address: requiredText(500),
    periodFrom: isoDate(),
    periodTo: isoDate(),
    remarks: requiredText(2000),
  })
  .superRefine((v, ctx) => {
    // The period is the residence the certificate speaks for: it has happened, so it ends today at the latest.
    if (v.periodFrom > colomboDate()) issue(ctx, ['periodFrom'], 'periodFromFuture');
    else if (v.periodFrom > v.periodTo) issue(ctx, ['periodTo'], 'periodOrder');
    if (v.periodTo > colomboDate()) issue(ctx, ['periodTo'], 'periodToFuture');
  });
/** The draft as the server answers it (defaults filled in). */
export const certificateDraftViewSchema = z.object({
  addresseeTitle: z.string(),
  department: z.string(),
  country: z.string(),
  fullName: z.string(),
  nicNumber: z.string().optional(),
  passportNumber: z.string().optional(),
  address: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  remarks: z.string(),
});
export type CertificateDraftInput = z.input<typeof certificateDraftSchema>;
export type CertificateDraft = z.output<typeof certificateDraftSchema>;

export const certificateUrlSchema = z.object({ certificate_url: z.string().max(300) });
export const certificateUrlResponseSchema = z.object({ certificate_url: z.string() });

/** Replacing a certificate is asked for explicitly (the officer confirmed it): without it, an application holding one answers 409. */
export const certificateReplaceQuerySchema = z.object({
  replace: z
    .enum(['true', 'false'], msg('invalidChoice'))
    .optional()
    .transform((v) => v === 'true'),
});

// The public verification's schemas are a module of their own: the verification page loads them without the rest.
export {
  certificateCodeParamSchema,
  CERTIFICATE_VERIFY_RESULTS,
  certificateVerificationSchema,
  type CertificateVerification,
} from './certificate-verification';
