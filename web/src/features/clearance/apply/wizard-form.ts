import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { CLEARANCE_DOCUMENTS, CLEARANCE_STEP_SCHEMAS, type ClearanceApplicationInput, type ClearanceDocument } from '@pes/contracts';

export interface ResidenceValues {
  address: string;
  policeArea: string;
  fromDate: string;
  toDate: string;
}

/** The wizard's values as the inputs hold them (text, 'yes'/'no', ticks); `toPayload` makes the application of them. */
export interface WizardValues {
  application_type: string;
  nationality: string;
  nationality_other: string;
  date_of_birth: string;
  left_before_sixteen: '' | 'yes' | 'no';
  nic_number: string;
  confirm_nic_number: string;
  new_nic_number: string;
  passport_number: string;
  confirm_passport_number: string;
  country: string;
  station: string;
  full_name_nic: string;
  sex: string;
  title: string;
  full_name_passport: string;
  name_to_print: string;
  passport_issue_date: string;
  address_sri_lanka: string;
  address_overseas: string;
  occupation: string;
  purpose: string;
  previously_applied: boolean;
  residence_history: ResidenceValues[];
  delivery_address1: string;
  delivery_address2: string;
  delivery_city: string;
  delivery_postal_code: string;
  delivery_state: string;
  delivery_country: string;
  mobile_number: string;
  confirm_mobile_number: string;
  email: string;
  confirm_email: string;
  slbfe_referred: boolean;
  spouse: { full_name: string; nationality: string; passport_number: string; nic_number: string };
  /** Document → the uploaded file's path. */
  uploads: Record<ClearanceDocument, string>;
  /** Document → the chosen file's name and type, for the preview after a reload (never sent). */
  upload_files: Record<ClearanceDocument, { name: string; type: string } | null>;
  declaration: boolean;
  payment_declaration: boolean;
}

const byDocument = <T>(value: T) => Object.fromEntries(CLEARANCE_DOCUMENTS.map((d) => [d, value])) as Record<ClearanceDocument, T>;

export const emptyWizard = (): WizardValues => ({
  application_type: 'new',
  nationality: '',
  nationality_other: '',
  date_of_birth: '',
  left_before_sixteen: '',
  nic_number: '',
  confirm_nic_number: '',
  new_nic_number: '',
  passport_number: '',
  confirm_passport_number: '',
  country: '',
  station: '',
  full_name_nic: '',
  sex: '',
  title: '',
  full_name_passport: '',
  name_to_print: '',
  passport_issue_date: '',
  address_sri_lanka: '',
  address_overseas: '',
  occupation: '',
  purpose: '',
  previously_applied: false,
  residence_history: [],
  delivery_address1: '',
  delivery_address2: '',
  delivery_city: '',
  delivery_postal_code: '',
  delivery_state: '',
  delivery_country: '',
  mobile_number: '',
  confirm_mobile_number: '',
  email: '',
  confirm_email: '',
  slbfe_referred: false,
  spouse: { full_name: '', nationality: '', passport_number: '', nic_number: '' },
  uploads: byDocument(''),
  upload_files: byDocument(null),
  declaration: false,
  payment_declaration: false,
});

/** A saved draft's values over the empty form, so a draft from an older form still fills every input. */
export function wizardFromDraft(data: unknown): WizardValues {
  const empty = emptyWizard();
  if (!data || typeof data !== 'object') return empty;
  const d = data as Partial<WizardValues>;
  return {
    ...empty,
    ...d,
    spouse: { ...empty.spouse, ...(d.spouse ?? {}) },
    uploads: { ...empty.uploads, ...(d.uploads ?? {}) },
    upload_files: { ...empty.upload_files, ...(d.upload_files ?? {}) },
    residence_history: Array.isArray(d.residence_history) ? d.residence_history : [],
  };
}

const blankToUndefined = (v: string) => (v.trim() === '' ? undefined : v);

/** The application as `POST /clearance/apply` takes it (the shared schema checks it there again). */
export function toPayload(v: WizardValues): ClearanceApplicationInput {
  const uploads = Object.fromEntries(Object.entries(v.uploads).filter(([, path]) => path)) as Partial<Record<ClearanceDocument, string>>;
  const spouse = Object.fromEntries(Object.entries(v.spouse).map(([k, x]) => [k, blankToUndefined(x)]));
  return {
    application_type: v.application_type as 'new',
    nationality: (blankToUndefined(v.nationality) as ClearanceApplicationInput['nationality']) ?? (undefined as never),
    nationality_other: v.nationality === 'other' ? blankToUndefined(v.nationality_other) : undefined,
    date_of_birth: v.date_of_birth,
    left_before_sixteen: v.left_before_sixteen === '' ? (undefined as never) : v.left_before_sixteen === 'yes',
    nic_number: v.nic_number,
    confirm_nic_number: v.confirm_nic_number,
    new_nic_number: blankToUndefined(v.new_nic_number),
    passport_number: blankToUndefined(v.passport_number),
    confirm_passport_number: blankToUndefined(v.confirm_passport_number),
    country: v.country,
    station: (blankToUndefined(v.station) as ClearanceApplicationInput['station']) ?? (undefined as never),
    full_name_nic: v.full_name_nic,
    sex: (blankToUndefined(v.sex) as ClearanceApplicationInput['sex']) ?? (undefined as never),
    title: (blankToUndefined(v.title) as ClearanceApplicationInput['title']) ?? (undefined as never),
    full_name_passport: blankToUndefined(v.full_name_passport),
    name_to_print: v.name_to_print,
    passport_issue_date: blankToUndefined(v.passport_issue_date),
    address_sri_lanka: v.address_sri_lanka,
    address_overseas: blankToUndefined(v.address_overseas),
    occupation: v.occupation,
    purpose: v.purpose,
    previously_applied: v.previously_applied,
    residence_history: v.residence_history,
    delivery_address1: v.delivery_address1,
    delivery_address2: blankToUndefined(v.delivery_address2),
    delivery_city: v.delivery_city,
    delivery_postal_code: v.delivery_postal_code,
    delivery_state: v.delivery_state,
    delivery_country: v.delivery_country,
    mobile_number: v.mobile_number,
    confirm_mobile_number: v.confirm_mobile_number,
    email: v.email,
    confirm_email: v.confirm_email,
    slbfe_referred: v.slbfe_referred,
    spouse: Object.values(spouse).some((x) => x !== undefined) ? spouse : undefined,
    uploads,
    declaration: v.declaration as true,
    payment_declaration: v.payment_declaration as true,
  };
}

/** Step `step` (1–9) checked with its shared schema, over the payload made of the values; the inputs keep their text. */
export function stepResolver(step: number): Resolver<WizardValues> {
  const schema = z.preprocess((v) => toPayload(v as WizardValues), CLEARANCE_STEP_SCHEMAS[step - 1]!);
  return zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<WizardValues>;
}

/** The fields of each step (index 0 is step 1), in the order the error summary lists them. */
export const STEP_FIELDS: ReadonlyArray<readonly string[]> = [
  ['application_type', 'nationality', 'nationality_other', 'date_of_birth', 'left_before_sixteen'],
  ['nic_number', 'confirm_nic_number', 'new_nic_number', 'passport_number', 'confirm_passport_number', 'country', 'station'],
  ['full_name_nic', 'sex', 'title', 'full_name_passport', 'name_to_print', 'passport_issue_date'],
  ['address_sri_lanka', 'address_overseas', 'occupation', 'purpose', 'residence_history'],
  [
    'delivery_address1',
    'delivery_address2',
    'delivery_city',
    'delivery_postal_code',
    'delivery_state',
    'delivery_country',
    'mobile_number',
    'confirm_mobile_number',
    'email',
    'confirm_email',
  ],
  ['spouse.full_name', 'spouse.nationality', 'spouse.passport_number', 'spouse.nic_number'],
  CLEARANCE_DOCUMENTS.map((d) => `uploads.${d}`),
  ['declaration'],
  ['payment_declaration'],
];

/** The step (1–9) holding a field named by the server (`residence_history.0.toDate` is step 4). */
export function stepOfField(field: string) {
  const index = STEP_FIELDS.findIndex((names) => names.some((n) => field === n || field.startsWith(`${n}.`)));
  return index < 0 ? undefined : index + 1;
}

/** The input id of a field path (ids cannot hold dots usefully in CSS, so dots become dashes). */
export const fieldId = (name: string) => `clr-${name.replace(/\./g, '-')}`;
