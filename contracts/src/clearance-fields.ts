import { z } from 'zod';
import { PASSPORT_PATTERN } from './auth';
import { isoDate, optionalText, requiredText } from './common';
import { nicProblem, normaliseNic } from './nic';
import { msg, type ValidationMessageKey } from './messages';
import { field, textField } from './records';
import { colomboDate } from './time';
import { COUNTRIES } from './countries';

// The clearance application described once (citizen-portal.md §9 fields, §5 rules): each field's rule, its
// wizard step and the officer's detail section. Labels are `apply.fields.<name>` in the clearance locale.

export const CLEARANCE_APPLICATION_TYPES = ['new'] as const;
export const CLEARANCE_NATIONALITIES = ['sri_lankan', 'dual_citizenship', 'british', 'indian', 'qatari', 'other'] as const;
export const CLEARANCE_SEXES = ['male', 'female'] as const;
export const CLEARANCE_TITLES = ['Mr', 'Mrs', 'Miss', 'Ms', 'Dr', 'Rev'] as const;
/** The nearest station options of the form (§9). */
export const CLEARANCE_STATIONS = ['Slave Island Police', 'Kollupitiya Police Station'] as const;
export type ClearanceStation = (typeof CLEARANCE_STATIONS)[number];
export const RESIDENCE_HISTORY_MAX = 20;

/** The documents of step 7, by the spec's names. */
export const CLEARANCE_DOCUMENTS = [
  'passportPersonalPage',
  'passportCountriesPage',
  'nicFront',
  'nicBack',
  'newNicFront',
  'newNicBack',
  'birthCertificateFront',
  'birthCertificateBack',
] as const;
export type ClearanceDocument = (typeof CLEARANCE_DOCUMENTS)[number];

/** The officer's detail view, section by section (titles `officer.sections.<id>`). */
export const CLEARANCE_DETAIL_SECTIONS = ['basic', 'identity', 'personal', 'residence', 'delivery', 'spouse'] as const;

const yesNo = z.boolean(msg('required'));
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, msg('required'));
export const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values, msg('invalidChoice')).optional());
/** A NIC of either form whose day is a real one, kept in its 12-digit form (one person, one number). */
const checkNic = (v: string | undefined, ctx: z.RefinementCtx) => {
  const problem = v === undefined ? undefined : nicProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};
const nic = (max: number) => requiredText(max).superRefine(checkNic).transform(normaliseNic);
const optionalNic = (max: number) =>
  optionalText(max)
    .superRefine(checkNic)
    .transform((v) => (v === undefined ? undefined : normaliseNic(v)));
const optionalPassport = (max: number) =>
  optionalText(max)
    .transform((v) => (v === undefined ? undefined : v.toUpperCase()))
    .refine((v) => v === undefined || PASSPORT_PATTERN.test(v), msg('passportSymbols'));
const pastDate = (key: ValidationMessageKey) => isoDate().refine((v) => v <= colomboDate(), msg(key));
const optionalDate = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), isoDate().optional());
const MOBILE_PATTERN = /^\+?\d{9,15}$/;
const mobile = (max: number) =>
  requiredText(max)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => MOBILE_PATTERN.test(v), msg('invalidMobile'));
const email = (max: number) =>
  requiredText(max)
    .transform((v) => v.toLowerCase())
    .refine((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), msg('invalidEmail'));
const required = (max: number) => requiredText(max);
const LISTED_COUNTRIES: ReadonlySet<string> = new Set(COUNTRIES.map((c) => c.en));
/** Whether a name is one of the list's countries, by its English name (as records keep it). */
export const isListedCountry = (name: string) => LISTED_COUNTRIES.has(name);
// A country is one of the list's, by its English name; a free-text one (an old draft's) is refused.
const country = (max: number) => requiredText(max).refine(isListedCountry, msg('unknownCountry'));
const optional = (max: number) => optionalText(max);

/** One place lived in Sri Lanka (step 4's list); labels `apply.residence.<name>`. */
export const RESIDENCE_RECORD = {
  labels: 'apply.residence',
  fields: {
    address: textField(300, required),
    policeArea: textField(100, required),
    fromDate: field('date', isoDate(), {}),
    toDate: field('date', isoDate(), {}),
  },
} as const;
export const residenceEntrySchema = z
  .object(
    { address: RESIDENCE_RECORD.fields.address.rule, policeArea: RESIDENCE_RECORD.fields.policeArea.rule, fromDate: isoDate(), toDate: isoDate() },
    msg('invalidType'),
  )
  .superRefine((v, ctx) => {
    if (v.fromDate >= v.toDate) ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'fromBeforeTo' });
    else if (v.toDate > colomboDate()) ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'residenceDateFuture' });
  });
export type ResidenceEntry = z.infer<typeof residenceEntrySchema>;

/** The spouse of step 6, all optional (labels `apply.fields.spouse_<name>`). */
export const SPOUSE_RECORD = {
  labels: 'apply.fields',
  fields: {
    full_name: textField(200, optional),
    nationality: textField(100, optional),
    passport_number: textField(20, optionalPassport),
    nic_number: textField(20, optionalNic),
  },
} as const;
const EMBASSY_RECORD = { labels: 'apply.fields', fields: { name: textField(200, optional), address: textField(500, optional) } } as const;
const group = <S extends z.ZodRawShape>(shape: S) =>
  z
    .object(shape, msg('invalidType'))
    .optional()
    .nullable()
    .transform((v) => (v && Object.values(v).some((x) => x !== undefined) ? v : undefined));
const shapeOf = <R extends { fields: Record<string, { rule: z.ZodType }> }>(r: R) =>
  Object.fromEntries(Object.entries(r.fields).map(([k, f]) => [k, f.rule])) as { [K in keyof R['fields']]: R['fields'][K]['rule'] };

const uploadPath = optionalText(200);
export const clearanceUploadsSchema = z.object(
  Object.fromEntries(CLEARANCE_DOCUMENTS.map((d) => [d, uploadPath])) as Record<ClearanceDocument, typeof uploadPath>,
  msg('invalidType'),
);

export const CLEARANCE_RECORD = {
  labels: 'apply.fields',
  fields: {
    // Step 1: about the applicant.
    application_type: field('choice', choice(CLEARANCE_APPLICATION_TYPES), { step: 1, section: 'basic', options: 'apply.applicationTypes', initial: 'new' }),
    nationality: field('choice', choice(CLEARANCE_NATIONALITIES), { step: 1, section: 'identity', options: 'apply.nationalities' }),
    nationality_other: textField(100, optional, { step: 1, section: 'identity', when: { field: 'nationality', equals: 'other' } }),
    date_of_birth: field('date', pastDate('dateOfBirthFuture'), { step: 1, section: 'personal' }),
    left_before_sixteen: field('yes_no', yesNo, { step: 1, section: 'identity' }),
    // Step 2: identity numbers and where the certificate goes.
    nic_number: textField(20, nic, { step: 2, section: 'identity' }),
    confirm_nic_number: textField(20, (max) => requiredText(max).transform(normaliseNic), { step: 2, transient: true }),
    new_nic_number: textField(20, optionalNic, { step: 2, section: 'identity' }),
    passport_number: textField(20, optionalPassport, { step: 2, section: 'identity' }),
    confirm_passport_number: textField(20, (max) => optionalText(max).transform((v) => v?.toUpperCase()), { step: 2, transient: true }),
    country: textField(100, country, { step: 2, section: 'basic' }),
    station: field('choice', choice(CLEARANCE_STATIONS), { step: 2, section: 'basic' }),
    reference_location: textField(200, optional, { step: 2 }),
    quick_country: textField(100, optional, { step: 2 }),
    embassy: field('group', group(shapeOf(EMBASSY_RECORD)), { step: 2, item: EMBASSY_RECORD }),
    // Step 3: names.
    full_name_nic: textField(200, required, { step: 3, section: 'personal' }),
    sex: field('choice', choice(CLEARANCE_SEXES), { step: 3, section: 'personal', options: 'apply.sexes' }),
    title: field('choice', choice(CLEARANCE_TITLES), { step: 3, section: 'personal', options: 'apply.titles' }),
    full_name_passport: textField(200, optional, { step: 3, section: 'personal' }),
    name_to_print: textField(200, required, { step: 3, section: 'personal' }),
    passport_issue_date: field('date', optionalDate(), { step: 3, section: 'identity' }),
    // Step 4: addresses, occupation, purpose and where the applicant lived.
    address_sri_lanka: textField(500, required, { step: 4, section: 'personal' }),
    address_overseas: textField(500, optional, { step: 4, section: 'personal' }),
    occupation: textField(100, required, { step: 4, section: 'personal' }),
    purpose: textField(300, required, { step: 4, section: 'basic' }),
    previously_applied: field('tick', z.boolean(msg('invalidType')).optional().default(false), { step: 4, section: 'basic' }),
    residence_history: field('list', z.array(residenceEntrySchema, msg('invalidType')).max(RESIDENCE_HISTORY_MAX, msg('residenceHistoryTooLong')).default([]), {
      step: 4,
      section: 'residence',
      item: RESIDENCE_RECORD,
      empty: 'officer.noResidence',
    }),
    // Step 5: delivery and contact.
    delivery_address1: textField(200, required, { step: 5, section: 'delivery' }),
    delivery_address2: textField(200, optional, { step: 5, section: 'delivery' }),
    delivery_city: textField(100, required, { step: 5, section: 'delivery' }),
    delivery_postal_code: textField(20, required, { step: 5, section: 'delivery' }),
    delivery_state: textField(100, required, { step: 5, section: 'delivery' }),
    delivery_country: textField(100, country, { step: 5, section: 'delivery' }),
    mobile_number: textField(20, mobile, { step: 5, section: 'delivery' }),
    confirm_mobile_number: textField(20, (max) => requiredText(max).transform((v) => v.replace(/[\s-]/g, '')), { step: 5, transient: true }),
    email: textField(254, email, { step: 5, section: 'delivery' }),
    confirm_email: textField(254, (max) => requiredText(max).transform((v) => v.toLowerCase()), { step: 5, transient: true }),
    slbfe_referred: field('tick', z.boolean(msg('invalidType')).optional().default(false), { step: 5, section: 'delivery' }),
    // Step 6: the spouse, if any.
    spouse: field('group', group(shapeOf(SPOUSE_RECORD)), { step: 6, section: 'spouse', item: SPOUSE_RECORD, empty: 'officer.noSpouse' }),
    // Step 7: documents (the officer sees them in their own section, as files).
    uploads: field('files', clearanceUploadsSchema.prefault({}), { step: 7, names: CLEARANCE_DOCUMENTS }),
    // Steps 8 and 9: declarations.
    declaration: field('tick', z.literal(true, msg('declarationRequired')), { step: 8, transient: true }),
    payment_declaration: field('tick', z.literal(true, msg('paymentDeclarationRequired')), { step: 9, transient: true }),
  },
} as const;
