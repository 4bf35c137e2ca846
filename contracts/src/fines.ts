import { z } from 'zod';
import { centsToAmount } from './money';
import { IDENTITY_TYPES } from './enums';
import { PASSPORT_PATTERN } from './auth';
import { nicProblem, normaliseIdentityNumber } from './nic';
import { msg } from './messages';
import { OFFENSE_TYPES } from './offenses';
import { cappedCountShape, keysetCursor, optionalText, pageSizeQuery, requiredText } from './common';
import { CLOCK_SKEW_TOLERANCE_MS, colomboLocalToDate } from './time';

export const FINE_STATUSES = ['unpaid', 'paid'] as const;
export type FineStatus = (typeof FINE_STATUSES)[number];

/** What the citizen and the officer see: an unpaid fine past its due date is Overdue. */
export const FINE_DISPLAY_STATUSES = ['Unpaid', 'Paid', 'Overdue'] as const;
export type FineDisplayStatus = (typeof FINE_DISPLAY_STATUSES)[number];

/** A fine is due this many days after it is issued (Colombo calendar days). */
export const FINE_DUE_DAYS = 14;
export const FINE_AMOUNT_MAX_CENTS = 100_000_000; // LKR 1,000,000.00
export const FINE_LIST_LIMIT = 200;
export const SPEED_MAX_KMH = 400;
export const VEHICLE_NUMBER_MIN = 2;
export const VEHICLE_NUMBER_MAX = 15;

// ---------------------------------------------------------------------------------------------
// Money: exact decimal strings with two places ("2500.00") on the wire, integer cents in the database.

/** Cents of a plain non-negative decimal with at most two places ("2500", "2500.5", "2500.50"); undefined otherwise. */
export function amountToCents(text: string): number | undefined {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export { centsToAmount } from './money';

/** A fine amount: a decimal string (or a JSON number) of rupees; the output is normalised to two places. */
export const fineAmountSchema = z.union([z.string(), z.number()], msg('required')).transform((value, ctx) => {
  const text = String(value).trim();
  const fail = (key: 'required' | 'fineAmountFormat' | 'fineAmountPositive' | 'fineAmountTooLarge') => {
    ctx.addIssue({ code: 'custom', message: key });
    return z.NEVER;
  };
  if (text === '') return fail('required');
  if (!/^[+-]?\d+(\.\d+)?$/.test(text)) return fail('fineAmountFormat');
  if (text.startsWith('-') && /[1-9]/.test(text)) return fail('fineAmountPositive');
  if ((text.split('.')[1] ?? '').length > 2) return fail('fineAmountFormat');
  const digits = text.replace(/^[+-]/, '').replace(/^0+(?=\d)/, '');
  if (digits.split('.')[0]!.length > 9) return fail('fineAmountTooLarge');
  const cents = amountToCents(digits);
  if (cents === undefined) return fail('fineAmountFormat');
  if (cents === 0) return fail('fineAmountPositive');
  if (cents > FINE_AMOUNT_MAX_CENTS) return fail('fineAmountTooLarge');
  return centsToAmount(cents);
});

// ---------------------------------------------------------------------------------------------
// Identity and vehicle numbers, normalised the same way when a fine is issued and when it is searched.

/** Upper case, single spaces, no spaces around dashes: " wp  cab - 1234 " → "WP CAB-1234". */
export const normaliseVehicleNumber = (value: string) => value.trim().toUpperCase().replace(/\s+/g, ' ').replace(/ ?- ?/g, '-');

/** What a citizen's search compares: letters and digits only ("WP CAB-1234" and "wpcab 1234" match). */
export const vehicleSearchKey = (value: string) => value.toUpperCase().replace(/[\s-]+/g, '');

/** The provinces' codes that open a plate ("WP CAB-1234"); the database's `plate_key` strips the same ones. */
export const PROVINCE_CODES = ['WP', 'CP', 'SP', 'NW', 'NC', 'UP', 'SG', 'NP', 'EP'] as const;
const PROVINCE_PREFIX = new RegExp(`^(?:${PROVINCE_CODES.join('|')})[\\s-]+(?=[A-Z])`);

/**
 * What a search that leaves the province out ("CAB-1234", "cab 1234") compares with the column `fines.plate_key`
 * (the stored number without its province, letters and digits only: a plate is unique without it); '' when the
 * text starts with a province, as "WP CAB-1234" does: then `vehicleSearchKey` is what to compare.
 */
export const plateSearchKey = (value: string) => (PROVINCE_PREFIX.test(value.trim().toUpperCase()) ? '' : vehicleSearchKey(value));

export const VEHICLE_NUMBER_PATTERN = /^[A-Z0-9](?:[A-Z0-9 -]*[A-Z0-9])?$/;

const vehicleNumberField = requiredText(40)
  .transform(normaliseVehicleNumber)
  .refine(
    (v) => v.length >= VEHICLE_NUMBER_MIN && v.length <= VEHICLE_NUMBER_MAX && VEHICLE_NUMBER_PATTERN.test(v) && /\d/.test(v),
    msg('vehicleNumberFormat'),
  );

// ---------------------------------------------------------------------------------------------
// Incident date: "YYYY-MM-DDTHH:MM" as typed in a datetime-local field, meaning Colombo time.

const incidentDateField = z
  .string(msg('incidentDateFormat'))
  .trim()
  .min(1, msg('incidentDateFormat'))
  .superRefine((v, ctx) => {
    const at = colomboLocalToDate(v);
    if (!at) ctx.addIssue({ code: 'custom', message: 'incidentDateFormat' });
    else if (at.getTime() > Date.now() + CLOCK_SKEW_TOLERANCE_MS) ctx.addIssue({ code: 'custom', message: 'incidentDateFuture' });
    else if (at.getUTCFullYear() < 2000) ctx.addIssue({ code: 'custom', message: 'incidentDateTooOld' });
  });

// ---------------------------------------------------------------------------------------------
// Speeds: a number of km/h, or null. Form fields send text, so "80" and "" (→ null) are read too.

const speedField = z
  .union([z.number(), z.string(), z.null()], msg('speedNotNumber'))
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null) return null;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) {
        ctx.addIssue({ code: 'custom', message: 'speedNotNumber' });
        return z.NEVER;
      }
      return v;
    }
    const text = v.trim();
    if (text === '') return null;
    if (!/^-?\d+(\.\d+)?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'speedNotNumber' });
      return z.NEVER;
    }
    return Number(text);
  })
  .pipe(z.number().min(0, msg('speedNegative')).max(SPEED_MAX_KMH, msg('speedTooHigh')).nullable());

// ---------------------------------------------------------------------------------------------
// Requests

export const issueFineRequestSchema = z
  .object({
    citizen_identity_type: z.enum(IDENTITY_TYPES, msg('invalidChoice')),
    citizen_identity_number: requiredText(20).transform(normaliseIdentityNumber),
    vehicle_number: vehicleNumberField,
    amount: fineAmountSchema,
    description: optionalText(1000),
    incident_date: incidentDateField,
    incident_location: requiredText(200).transform((v) => v.replace(/\s+/g, ' ')),
    offense_type: z.enum(OFFENSE_TYPES, msg('offenseTypeChoice')),
    speed_recorded: speedField,
    speed_limit: speedField,
    court_required: z.boolean(msg('invalidType')).default(false),
  })
  .superRefine(
    (v, ctx) => {
      const nic = v.citizen_identity_type === 'NIC' ? nicProblem(v.citizen_identity_number) : undefined;
      if (nic) ctx.addIssue({ code: 'custom', path: ['citizen_identity_number'], message: nic });
      if (v.citizen_identity_type === 'Passport' && !PASSPORT_PATTERN.test(v.citizen_identity_number)) {
        ctx.addIssue({ code: 'custom', path: ['citizen_identity_number'], message: 'passportSymbols' });
      }
    },
    {
      // Checked even when other fields are bad, so every bad field is named at once.
      when: (payload) => !payload.issues.some((i) => i.path?.[0] === 'citizen_identity_type' || i.path?.[0] === 'citizen_identity_number'),
    },
  );
export type IssueFineRequest = z.input<typeof issueFineRequestSchema>;
export type IssueFineInput = z.output<typeof issueFineRequestSchema>;

/** A citizen's search: all three must match together. */
export const fineSearchQuerySchema = z.object({
  identity_type: z.enum(IDENTITY_TYPES, msg('missingDetails')),
  identity_number: requiredText(30, 'missingDetails'),
  vehicle_number: requiredText(40, 'missingDetails'),
});
export type FineSearchQuery = z.input<typeof fineSearchQuerySchema>;

/** Rows of one page of the officer's own fines. */
export const OFFICER_FINES_PAGE_SIZE = 25;
/**
 * A search of the officer's fines starts at this many letters or digits: fewer match too many of an officer's
 * fines for any index to find a page of them without reading thousands (issue 43).
 */
export const OFFICER_FINE_SEARCH_MIN = 3;

/** The officer's own fines, optionally filtered by a vehicle or identity number prefix, a page at a time. */
export const officerFinesQuerySchema = z.object({
  search: optionalText(40).refine((v) => v === undefined || vehicleSearchKey(v).length >= OFFICER_FINE_SEARCH_MIN, msg('fineSearchTooShort')),
  /** The next_cursor of the page before (its last fine's issued_at and id): fines issued before it. */
  before: keysetCursor({ instant: true, id: 'uuid' }),
});

/** Rows of one page of the citizen's payment history, unless the query asks for another size. */
export const FINE_HISTORY_PAGE_SIZE = 25;
export const FINE_HISTORY_PAGE_SIZE_MAX = 100;

/** A page of the citizen's paid fines, newest payment first. */
export const fineHistoryQuerySchema = z.object({
  /** The next_cursor of the page before (its last fine's paid_at and id): fines paid before it. */
  cursor: keysetCursor({ instant: true, id: 'uuid' }),
  page_size: pageSizeQuery(FINE_HISTORY_PAGE_SIZE, FINE_HISTORY_PAGE_SIZE_MAX),
});

/** An empty offense_type or station (a select left on "all") means no filter; the station is its English name. */
export const analyticsQuerySchema = z.object({
  offense_type: z
    .union([z.literal(''), z.enum(OFFENSE_TYPES)], msg('offenseTypeChoice'))
    .optional()
    .transform((v) => (v ? v : undefined)),
  station: optionalText(120),
});

export const fineIdParamsSchema = z.object({ id: z.string().max(100) });

export const initiatePaymentRequestSchema = z.object({}).passthrough().optional();

/** The checkout session to verify; without it, the latest one this citizen started for the fine. */
export const markPaidRequestSchema = z
  .object({ session_id: z.string(msg('invalidType')).trim().min(1).max(200).optional() })
  .passthrough()
  .optional();

// ---------------------------------------------------------------------------------------------
// Responses

export const fineSchema = z.object({
  id: z.string(),
  citizen_identity_type: z.enum(IDENTITY_TYPES),
  citizen_identity_number: z.string(),
  vehicle_number: z.string(),
  /** LKR, two decimal places: "2500.00". */
  amount: z.string(),
  description: z.string().nullable(),
  /** ISO 8601 instant (UTC); shown in Colombo time. */
  incident_date: z.string(),
  incident_location: z.string(),
  offense_type: z.enum(OFFENSE_TYPES),
  speed_recorded: z.number().nullable(),
  speed_limit: z.number().nullable(),
  court_required: z.boolean(),
  status: z.enum(FINE_STATUSES),
  display_status: z.enum(FINE_DISPLAY_STATUSES),
  /** Colombo calendar date, YYYY-MM-DD. */
  due_date: z.string(),
  /** ISO 8601 instant (UTC). */
  issued_at: z.string(),
  paid_at: z.string().nullable(),
  payment_reference: z.string().nullable(),
  /** The issuing officer's full name. */
  issued_by: z.string(),
});
export type Fine = z.infer<typeof fineSchema>;

export const fineListResponseSchema = z.object({ fines: z.array(fineSchema) });
export type FineListResponse = z.infer<typeof fineListResponseSchema>;

/** One page of the officer's fines, newest first, with how many there are in all (for the search given). */
export const officerFinesPageSchema = fineListResponseSchema.extend({
  total: z.number().int(),
  /**
   * False when a search matched more than LIST_COUNT_CAP: `total` is then that cap (a search with no more matches is
   * paged from its matches alone: fines.repository.ts pageIssuedBy). Without a search, the exact count.
   */
  total_exact: z.boolean(),
  page_size: z.number().int(),
  /** The `before` of the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type OfficerFinesPage = z.infer<typeof officerFinesPageSchema>;

/** One page of the citizen's paid fines, newest payment first, with how many there are (counted up to LIST_COUNT_CAP). */
export const fineHistoryPageSchema = fineListResponseSchema.extend({
  ...cappedCountShape,
  page_size: z.number().int(),
  /** The `cursor` of the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type FineHistoryPage = z.infer<typeof fineHistoryPageSchema>;

export const initiatePaymentResponseSchema = z.object({ url: z.string() });

export const fineAnalyticsSchema = z.object({
  /** Every offense type, most frequent first (zero counts included). */
  topViolations: z.array(z.object({ offense_type: z.enum(OFFENSE_TYPES), count: z.number().int() })),
  /** The five most frequent locations (for the chosen violation when one is given). */
  topLocations: z.array(z.object({ incident_location: z.string(), count: z.number().int() })),
  /** 24 entries, hour 0..23 in Colombo time (for the chosen violation when one is given). */
  hourlyDistribution: z.array(z.object({ hour: z.number().int(), count: z.number().int() })),
});
export type FineAnalytics = z.infer<typeof fineAnalyticsSchema>;
