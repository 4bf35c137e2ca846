import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ANONYMOUS_EVIDENCE_FIELD, PHOTO_MIME_TYPES, anonymousComplaintFieldsSchema, type AnonymousComplaintType } from '@pes/contracts';
import { fileProblem } from '../../lib/files/file-content';

/** The report as its inputs hold it: texts, and the contact choice as the checkbox's tick. */
export type AnonymousFormValues = {
  station: string;
  /** Unchosen until the visitor picks one; the schema names the field if it is left so. */
  complaintType: AnonymousComplaintType | '';
  when: string;
  what: string;
  where: string;
  how: string;
  provideContact: boolean;
  contactNumber: string;
  /** Never typed: carries the evidence photo's error (the photo itself stays out of the form, and out of its draft). */
  evidence?: never;
};

export const emptyAnonymousForm: AnonymousFormValues = {
  station: '',
  complaintType: '',
  when: '',
  what: '',
  where: '',
  how: '',
  provideContact: false,
  contactNumber: '',
};

const contractResolver = zodResolver(anonymousComplaintFieldsSchema, undefined, { raw: true }) as unknown as Resolver<Record<string, unknown>>;

/**
 * The evidence photo: the file chosen, judged by its bytes before any preview (a text file renamed .jpg is not a
 * photo). A chosen file that is not an acceptable photo blocks the submit until it is removed or replaced: sending
 * the report without it would lose what the visitor meant to send.
 */
export function evidencePhoto() {
  let check: Promise<string | null> = Promise.resolve(null);
  let accepted: File | null = null;
  return {
    /** Checks a newly chosen file (none: removed); `checked` hears the outcome, unless another file was chosen meanwhile. */
    choose(file: File | null, checked: (accepted: File | null, problem: string | null) => void) {
      accepted = null;
      const current = (check = file ? fileProblem(file, 'photo') : Promise.resolve(null));
      void current.then((problem) => {
        if (current !== check) return;
        accepted = problem ? null : file;
        checked(accepted, problem);
      });
    },
    /** The accepted photo, if any. */
    file: () => accepted,
    /** Why the chosen file cannot be sent (a validation message key), or null; waits for a check still running. */
    async problem() {
      const problem = await check;
      if (problem || !accepted) return problem;
      return (PHOTO_MIME_TYPES as readonly string[]).includes(accepted.type) ? null : 'fileTypePhoto';
    },
  };
}
type EvidencePhoto = ReturnType<typeof evidencePhoto>;

/**
 * The contract's schema, the server's own rules ("not in the future" judged in Colombo time, whatever the browser's
 * zone), with the tick sent as the multipart body says it, and the evidence photo's check: an unacceptable photo
 * blocks the submit too.
 */
export function anonymousResolver(evidence: EvidencePhoto): Resolver<AnonymousFormValues> {
  return async (values, context, options) => {
    const checked = await contractResolver({ ...values, provideContact: String(values.provideContact) }, context, options as never);
    const problem = await evidence.problem();
    if (!problem) return checked as Awaited<ReturnType<Resolver<AnonymousFormValues>>>;
    return { values: {}, errors: { ...checked.errors, [ANONYMOUS_EVIDENCE_FIELD]: { type: 'file', message: problem } } };
  };
}

/** The multipart body of POST /api/anonymous: the texts trimmed, the contact number only when it is given. */
export function anonymousFormData(values: AnonymousFormValues, evidence: File | null) {
  const form = new FormData();
  for (const name of ['station', 'complaintType', 'when', 'what', 'where', 'how'] as const) form.append(name, values[name].trim());
  form.append('provideContact', String(values.provideContact));
  if (values.provideContact) form.append('contactNumber', values.contactNumber.trim());
  if (evidence) form.append(ANONYMOUS_EVIDENCE_FIELD, evidence);
  return form;
}
