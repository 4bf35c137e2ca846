import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  CLEARANCE_DOCUMENTS,
  CLEARANCE_RECORD,
  CLEARANCE_STEP_COUNT,
  CLEARANCE_STEP_SCHEMAS,
  formToInput,
  initialValues,
  stepFieldNames,
  type ClearanceApplicationInput,
  type ClearanceDocument,
  type FormValues,
} from '@pes/contracts';

/** The wizard's values as the inputs hold them (text, 'yes'/'no', ticks), from the application's description. */
export type WizardValues = FormValues<typeof CLEARANCE_RECORD> & {
  /** Document → the chosen file's name and type, for the preview after a reload (never sent). */
  upload_files: Record<ClearanceDocument, { name: string; type: string } | null>;
};
export type ResidenceValues = WizardValues['residence_history'][number];

export const emptyWizard = (): WizardValues => ({
  ...initialValues(CLEARANCE_RECORD),
  upload_files: Object.fromEntries(CLEARANCE_DOCUMENTS.map((d) => [d, null])) as WizardValues['upload_files'],
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

/** The application as `POST /clearance/apply` takes it (the shared schema checks it there again). */
export const toPayload = (v: WizardValues) => formToInput(CLEARANCE_RECORD, v) as ClearanceApplicationInput;

/** Step `step` (1–9) checked with its shared schema, over the payload made of the values; the inputs keep their text. */
export function stepResolver(step: number): Resolver<WizardValues> {
  const schema = z.preprocess((v) => toPayload(v as WizardValues), CLEARANCE_STEP_SCHEMAS[step - 1]!);
  return zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<WizardValues>;
}

/** The fields of each step (index 0 is step 1), in the order the error summary lists them. */
export const STEP_FIELDS: ReadonlyArray<readonly string[]> = Array.from({ length: CLEARANCE_STEP_COUNT }, (_, i) => stepFieldNames(CLEARANCE_RECORD, i + 1));

/** The step (1–9) holding a field named by the server (`residence_history.0.toDate` is step 4). */
export function stepOfField(field: string) {
  const index = STEP_FIELDS.findIndex((names) => names.some((n) => field === n || field.startsWith(`${n}.`)));
  return index < 0 ? undefined : index + 1;
}

/** The input id of a field path (ids cannot hold dots usefully in CSS, so dots become dashes). */
export const fieldId = (name: string) => `clr-${name.replace(/\./g, '-')}`;
