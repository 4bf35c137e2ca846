import { z } from 'zod';
import type { BRANCHES } from './enums';
import { msg, type ValidationMessageKey } from './messages';
import { cappedCountShape, isoDate, keysetCursor, optionalText, pageSizeQuery, pastColomboDateTime, requiredText } from './common';
import { choice } from './slots';
import { multipartForm, uploadForm } from './files';
import { field, recordShape, recordViewShape, textField, typedField } from './records';

export const COMPLAINT_TYPES = ['traffic', 'crime', 'minor_offense'] as const;
export type ComplaintType = (typeof COMPLAINT_TYPES)[number];

/** The branch that handles each complaint type (at the complaint's station). */
export const COMPLAINT_BRANCH = {
  traffic: 'Traffic Branch',
  crime: 'Crime Branch',
  minor_offense: 'Minor Offense Branch',
} as const satisfies Record<ComplaintType, (typeof BRANCHES)[number]>;
export const COMPLAINT_BRANCHES = ['Traffic Branch', 'Crime Branch', 'Minor Offense Branch'] as const;
export type ComplaintBranch = (typeof COMPLAINT_BRANCHES)[number];

/** Path segment of each submission call: POST /api/complaints/<segment>. */
export const COMPLAINT_TYPE_PATH = { traffic: 'traffic', crime: 'crime', minor_offense: 'minor-offense' } as const satisfies Record<ComplaintType, string>;

export const TRAFFIC_CATEGORIES = ['road_accidents', 'reckless_driving', 'illegal_parking', 'rule_violations', 'fines_and_license'] as const;
export type TrafficCategory = (typeof TRAFFIC_CATEGORIES)[number];

export const CRIME_CATEGORIES = ['personal', 'property'] as const;
export type CrimeCategory = (typeof CRIME_CATEGORIES)[number];
export const CRIME_INCIDENT_TYPES = {
  personal: ['kidnapping', 'serious_injuries', 'attempted_murder', 'rape', 'child_abuse'],
  property: ['illegal_demolition', 'forceful_acquisition', 'robbery', 'theft'],
} as const satisfies Record<CrimeCategory, readonly string[]>;
export const ALL_CRIME_INCIDENT_TYPES = [...CRIME_INCIDENT_TYPES.personal, ...CRIME_INCIDENT_TYPES.property] as const;
export type CrimeIncidentType = (typeof ALL_CRIME_INCIDENT_TYPES)[number];
/** Choosing the category radio presets the incident type to this (the spec). */
export const CRIME_CATEGORY_DEFAULT_TYPE = { personal: 'kidnapping', property: 'robbery' } as const satisfies Record<CrimeCategory, CrimeIncidentType>;

export const MINOR_OFFENSE_INCIDENT_TYPES = [
  'land_disputes',
  'financial_disputes',
  'family_disputes',
  'domestic_violence',
  'elder_abuse',
  'worker_conflicts',
] as const;
export type MinorOffenseIncidentType = (typeof MINOR_OFFENSE_INCIDENT_TYPES)[number];

export const GENDERS = ['male', 'female', 'other'] as const;
export const COMPLAINT_MARITAL_STATUSES = ['married', 'single'] as const;

export const COMPLAINT_PHONE_PATTERN = /^(\+94\d{9}|0\d{9})$/;
export const AGE_MIN = 1;
export const AGE_MAX = 120;
/** LKR, 0 or more, at most 2 decimals; fits numeric(12,2). */
export const DAMAGE_VALUE_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;
export const COMPLAINT_STATUS_MAX = 60;
/**
 * Appointments a citizen may hold at once: complaints whose appointment has not begun yet (at most one per
 * slot). A booking over it is refused (complaints.booking_limit); the texts of that error say "3".
 */
export const MAX_UPCOMING_BOOKINGS = 3;

/** What an officer marks of an appointment that has come (today or before): the citizen came, or did not. */
export const APPOINTMENT_ATTENDANCE = ['attended', 'missed'] as const;
export type AppointmentAttendance = (typeof APPOINTMENT_ATTENDANCE)[number];
/**
 * The rule for citizens who do not come (issue 49): MISSED_APPOINTMENTS_FOR_LIMIT appointments marked missed whose
 * dates lie within MISSED_WINDOW_DAYS calendar days of each other (the later one's date and the 89 days before it)
 * limit the citizen to MAX_UPCOMING_AFTER_MISSED upcoming appointment from the later one's date for
 * MISSED_LIMIT_DAYS days: the usual MAX_UPCOMING_BOOKINGS applies again on the later date + 30 days. Dates are
 * appointment dates (Colombo), not the moments of marking, so a late or corrected mark does not move the window.
 */
export const MISSED_APPOINTMENTS_FOR_LIMIT = 2;
export const MISSED_WINDOW_DAYS = 90;
export const MISSED_LIMIT_DAYS = 30;
export const MAX_UPCOMING_AFTER_MISSED = 1;
export const INITIAL_COMPLAINT_STATUS = 'Pending';
/** Suggested statuses (free text is allowed); the web colours these. */
export const SUGGESTED_COMPLAINT_STATUSES = ['Pending', 'In Progress', 'Completed'] as const;
export const COMPLAINT_ATTACHMENT_FIELD = 'attachment_file';
/** The path of an attachment uploaded before (POST /api/complaints/upload), sent instead of the file itself. */
export const COMPLAINT_ATTACHMENT_PATH_FIELD = 'attachment_path';
/** Complaints on one page of a list (the citizen's own, the officer's latest, an officer's assigned), unless the query asks for another size. */
export const COMPLAINTS_PAGE_SIZE = 20;
export const COMPLAINTS_PAGE_SIZE_MAX = 100;

const localDateTime = pastColomboDateTime();

/** A whole number typed into a form field (text); anything but digits fails with `key`. */
const wholeNumberText = (requiredKey: ValidationMessageKey, min: number, max: number, key: ValidationMessageKey) =>
  z
    .string(msg(requiredKey))
    .trim()
    .min(1, msg(requiredKey))
    .transform((v) => (/^\d{1,10}$/.test(v) ? Number(v) : Number.NaN))
    .pipe(z.number(msg(key)).int(msg(key)).min(min, msg(key)).max(max, msg(key)));

const ageField = wholeNumberText('required', AGE_MIN, AGE_MAX, 'ageRange');

const damageValue = z
  .string(msg('damageValueFormat'))
  .trim()
  .regex(/^(\d{1,10}(\.\d{1,2})?)?$/, msg('damageValueFormat'))
  .optional()
  .transform((v) => (v === '' || v === undefined ? undefined : v));

const maritalStatus = z
  .string(msg('invalidChoice'))
  .trim()
  .refine((v) => v === '' || (COMPLAINT_MARITAL_STATUSES as readonly string[]).includes(v), msg('invalidChoice'))
  .optional()
  .transform((v) => (v ? (v as (typeof COMPLAINT_MARITAL_STATUSES)[number]) : undefined));

/** The sections of a complaint's detail view (titles `details.<id>` in the complaints locale). */
export const COMPLAINT_DETAIL_SECTIONS = ['complainant', 'incident'] as const;

/**
 * The complaint described once (citizen-portal.md §6): each field the three forms share, with its rule (the forms
 * send multipart text, so every rule reads text), its input limit, the detail section that shows it (in this order),
 * and its stored view where that is not text. Labels are `fields.<name>` in the complaints locale. The type's own
 * fields (category, incident type) follow in each type's schema below.
 */
export const COMPLAINT_RECORD = {
  labels: 'fields',
  fields: {
    full_name: textField(150, requiredText, { section: 'complainant' }),
    age: typedField('number', 3, ageField, { section: 'complainant', view: z.number().int() }),
    gender: field('choice', choice(GENDERS), { section: 'complainant', options: 'gender', view: z.enum(GENDERS) }),
    id_number: textField(20, requiredText, { section: 'complainant' }),
    phone_number: textField(12, (max) => requiredText(max).regex(COMPLAINT_PHONE_PATTERN, msg('complaintPhoneFormat')), { section: 'complainant' }),
    home_address: textField(300, requiredText, { section: 'complainant' }),
    marital_status: field('choice', maritalStatus, { section: 'complainant', options: 'marital', view: z.enum(COMPLAINT_MARITAL_STATUSES).nullable() }),
    religion: textField(100, optionalText, { section: 'complainant' }),
    nationality: textField(100, optionalText, { section: 'complainant' }),
    occupation: textField(100, optionalText, { section: 'complainant' }),
    work_address: textField(300, optionalText, { section: 'complainant' }),
    grama_division: textField(100, optionalText, { section: 'complainant' }),
    what_happened: textField(5000, requiredText, { section: 'incident' }),
    when: field('datetime', localDateTime, { section: 'incident' }),
    where: textField(300, requiredText, { section: 'incident' }),
    how_occurred: textField(5000, optionalText, { section: 'incident' }),
    /** LKR as text, e.g. "1500" or "1500.50"; kept as text for exactness. */
    damage_value: typedField('money', 13, damageValue, { section: 'incident' }),
    /** A note about the evidence (the file travels as attachment_file). */
    evidence: textField(5000, optionalText, { section: 'incident' }),
    /** English station name (shown with the reference, in the station's name in the reader's language). */
    station: textField(120, (max) => requiredText(max, 'required')),
    slot_id: typedField('number', 10, wholeNumberText('slotRequired', 1, 2_147_483_647, 'slotRequired'), { view: z.number().int().nullable() }),
  },
} as const;

/** The form's fields shared by the three complaint types. */
export const complaintBaseFields = recordShape(COMPLAINT_RECORD);

/** An attachment uploaded before, named by its path (the web form sends the file itself instead). */
const attachmentPathField = { [COMPLAINT_ATTACHMENT_PATH_FIELD]: optionalText(64) };

export const trafficComplaintFieldsSchema = z.object({
  ...complaintBaseFields,
  ...attachmentPathField,
  traffic_category: choice(TRAFFIC_CATEGORIES),
  incident_type: optionalText(100),
});

/** The category an incident type belongs to. */
export const crimeCategoryOf = (incidentType: CrimeIncidentType): CrimeCategory =>
  (CRIME_INCIDENT_TYPES.personal as readonly string[]).includes(incidentType) ? 'personal' : 'property';

/**
 * The spec's crime form has no category field (its radio only presets the incident type): the category
 * may be sent, and must then match the type, or is derived from the type.
 */
export const crimeComplaintFieldsSchema = z
  .object({
    ...complaintBaseFields,
    ...attachmentPathField,
    crime_category: z.preprocess((v) => (v === '' || v === null ? undefined : v), choice(CRIME_CATEGORIES).optional()),
    incident_type: choice(ALL_CRIME_INCIDENT_TYPES),
  })
  .superRefine((v, ctx) => {
    if (v.crime_category && !(CRIME_INCIDENT_TYPES[v.crime_category] as readonly string[]).includes(v.incident_type)) {
      ctx.addIssue({ code: 'custom', path: ['incident_type'], message: 'incidentTypeCategory' satisfies ValidationMessageKey });
    }
  })
  .transform((v) => ({ ...v, crime_category: v.crime_category ?? crimeCategoryOf(v.incident_type) }));

export const minorOffenseComplaintFieldsSchema = z.object({
  ...complaintBaseFields,
  ...attachmentPathField,
  incident_type: choice(MINOR_OFFENSE_INCIDENT_TYPES),
});

export const COMPLAINT_FIELDS_SCHEMAS = {
  traffic: trafficComplaintFieldsSchema,
  crime: crimeComplaintFieldsSchema,
  minor_offense: minorOffenseComplaintFieldsSchema,
} as const;

/** Each complaint form as sent: its fields and an optional attachment (an image or a PDF). */
export const COMPLAINT_FORMS = {
  traffic: multipartForm({ fields: trafficComplaintFieldsSchema, files: { [COMPLAINT_ATTACHMENT_FIELD]: 'document' } }),
  crime: multipartForm({ fields: crimeComplaintFieldsSchema, files: { [COMPLAINT_ATTACHMENT_FIELD]: 'document' } }),
  minor_offense: multipartForm({ fields: minorOffenseComplaintFieldsSchema, files: { [COMPLAINT_ATTACHMENT_FIELD]: 'document' } }),
} as const;

/** An attachment uploaded ahead of its complaint. */
export const complaintAttachmentUploadForm = uploadForm('document');
export type TrafficComplaintFields = z.input<typeof trafficComplaintFieldsSchema>;
export type CrimeComplaintFields = z.input<typeof crimeComplaintFieldsSchema>;
export type MinorOffenseComplaintFields = z.input<typeof minorOffenseComplaintFieldsSchema>;

// ---- Responses ----

export const complaintHistoryEntrySchema = z.object({
  from_status: z.string().nullable(),
  to_status: z.string(),
  /** ISO 8601 (UTC) */
  changed_at: z.string(),
  /** The officer's full name. */
  changed_by: z.string(),
});
export type ComplaintHistoryEntry = z.infer<typeof complaintHistoryEntrySchema>;

export const complaintSchema = z.object({
  id: z.number().int(),
  /** CMP-<year>-<6 digits> */
  reference_number: z.string(),
  complaint_type: z.enum(COMPLAINT_TYPES),
  status: z.string(),
  ...recordViewShape(COMPLAINT_RECORD),
  incident_type: z.string().nullable(),
  crime_category: z.enum(CRIME_CATEGORIES).nullable(),
  traffic_category: z.enum(TRAFFIC_CATEGORIES).nullable(),
  branch: z.enum(COMPLAINT_BRANCHES),
  appointment: z
    .object({
      date: z.string(),
      /** "HH:MM:SS" */
      time_from: z.string(),
      time_to: z.string(),
    })
    .nullable(),
  /** Whether the citizen came to the appointment, as an officer marked it; null until marked. */
  attendance: z.enum(APPOINTMENT_ATTENDANCE).nullable(),
  attachment: z.object({ url: z.string(), mime_type: z.string(), name: z.string() }).nullable(),
  /** ISO 8601 (UTC) */
  submitted_at: z.string(),
  /** Status changes, oldest first. */
  history: z.array(complaintHistoryEntrySchema),
});
export type Complaint = z.infer<typeof complaintSchema>;
export const complaintListSchema = z.array(complaintSchema);

/** A page of a complaints list, newest submitted first. */
export const complaintPageQuerySchema = z.object({
  /** The next_cursor of the page before (its last complaint's submitted_at and id): complaints submitted before it. */
  cursor: keysetCursor({ instant: true, id: 'int' }),
  page_size: pageSizeQuery(COMPLAINTS_PAGE_SIZE, COMPLAINTS_PAGE_SIZE_MAX),
});
export type ComplaintPageQuery = z.input<typeof complaintPageQuerySchema>;

/** One page of complaints, with how many the list holds in all (counted up to LIST_COUNT_CAP). */
export const complaintPageSchema = z.object({
  complaints: z.array(complaintSchema),
  ...cappedCountShape,
  page_size: z.number().int(),
  /** The cursor of the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ComplaintPage = z.infer<typeof complaintPageSchema>;

export const submitComplaintResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  complaint: complaintSchema,
});
export type SubmitComplaintResponse = z.infer<typeof submitComplaintResponseSchema>;

export const complaintsByDateQuerySchema = z.object({ date: isoDate() });

export const complaintIdParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const updateComplaintStatusRequestSchema = z.object({
  status: z.string(msg('statusRequired')).trim().min(1, msg('statusRequired')).max(COMPLAINT_STATUS_MAX, msg('statusTooLong')),
});
export type UpdateComplaintStatusRequest = z.input<typeof updateComplaintStatusRequestSchema>;

/** PUT /police/complaints/:id/attendance: marks (or corrects) whether the citizen came to the appointment. */
export const markAttendanceRequestSchema = z.object({ attendance: choice(APPOINTMENT_ATTENDANCE) });
export type MarkAttendanceRequest = z.input<typeof markAttendanceRequestSchema>;

/** GET /complaints/booking-allowance: how many upcoming appointments the signed-in citizen may hold now, and why. */
export const bookingAllowanceSchema = z.object({
  /** MAX_UPCOMING_BOOKINGS, or MAX_UPCOMING_AFTER_MISSED while the missed-appointments limit lasts. */
  max_upcoming: z.number().int(),
  /** Upcoming appointments held now (counted up to max_upcoming). */
  upcoming: z.number().int(),
  /** The Colombo date (YYYY-MM-DD) from which the usual limit applies again; null when the usual limit applies. */
  limited_until: z.string().nullable(),
});
export type BookingAllowance = z.infer<typeof bookingAllowanceSchema>;
