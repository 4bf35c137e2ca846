import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMPLAINT_ATTACHMENT_FIELD,
  COMPLAINT_FIELDS_SCHEMAS,
  COMPLAINT_RECORD,
  initialValues,
  maxLengthOf,
  DOCUMENT_MIME_TYPES,
  MAX_UPLOAD_BYTES,
  complaintBaseFields,
  type ComplaintType,
  type FormValues,
  type ValidationMessageKey,
} from '@pes/contracts';

/** Every field of the three forms, as the inputs hold them (text); the schema of the chosen type checks them. */
export type ComplaintFormValues = FormValues<typeof COMPLAINT_RECORD> & {
  traffic_category: string;
  crime_category: string;
  incident_type: string;
  /** Only picks the day whose slots are listed; the slot id is what is sent. */
  appointment_date: string;
  /** The attached file's name, kept in the draft (never sent): a file cannot be kept, so a restored draft names the one to attach again. */
  attached_file_name: string;
};
export type ComplaintFieldName = keyof ComplaintFormValues;

export const emptyComplaintForm: ComplaintFormValues = {
  ...initialValues(COMPLAINT_RECORD),
  traffic_category: '',
  crime_category: '',
  incident_type: '',
  appointment_date: '',
  attached_file_name: '',
};

/** The input limit of a shared field, from its description in contracts. */
export const complaintMaxLength = (name: keyof typeof COMPLAINT_RECORD.fields) => maxLengthOf(COMPLAINT_RECORD, name);

/** The contracts schema of the type, keeping the raw text values for the multipart body. */
export function complaintResolver(type: ComplaintType): Resolver<ComplaintFormValues> {
  const schema = COMPLAINT_FIELDS_SCHEMAS[type] as (typeof COMPLAINT_FIELDS_SCHEMAS)['traffic'];
  return zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<ComplaintFormValues>;
}

/** The fields each type sends besides the shared ones. */
const TYPE_FIELDS: Record<ComplaintType, ComplaintFieldName[]> = {
  traffic: ['traffic_category', 'incident_type'],
  crime: ['crime_category', 'incident_type'],
  minor_offense: ['incident_type'],
};

/** The multipart body: the type's fields with empty values left out (the spec), and the file if any. */
export function complaintFormData(type: ComplaintType, values: ComplaintFormValues, file: File | undefined) {
  const form = new FormData();
  const names = [...(Object.keys(complaintBaseFields) as ComplaintFieldName[]), ...TYPE_FIELDS[type]];
  for (const name of names) {
    const value = values[name].trim();
    if (value !== '') form.append(name, value);
  }
  if (file) form.append(COMPLAINT_ATTACHMENT_FIELD, file, file.name);
  return form;
}

/** The browser's own check of the attachment (the server checks the content again). */
export function attachmentProblem(file: File | undefined): ValidationMessageKey | undefined {
  if (!file) return undefined;
  if (file.size > MAX_UPLOAD_BYTES) return 'fileTooLarge';
  if (!(DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type)) return 'fileTypeWithPdf';
  return undefined;
}
