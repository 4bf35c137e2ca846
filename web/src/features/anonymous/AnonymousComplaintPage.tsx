import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ANONYMOUS_COMPLAINT_TYPES, anonymousComplaintFieldsSchema, MAX_UPLOAD_BYTES, PHOTO_ACCEPT, PHOTO_MIME_TYPES } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { ErrorSummary } from '../../components/ErrorSummary';
import { FormField } from '../../components/FormField';
import { PageTitle } from '../../components/PageTitle';
import { useErrorMessage } from '../../components/errors';
import { ApiError } from '../../lib/api/client';
import { useFormDraft } from '../../lib/drafts/use-form-draft';
import { DraftGuard } from '../../components/DraftGuard';
import { StationSelect } from '../../lib/stations/StationSelect';
import { paths } from '../../paths';
import { useSubmitAnonymousComplaint } from './api';
import './anonymous.css';
import { FilePicker } from '../../components/FilePicker';
import { fileProblem } from '../../lib/files/file-content';
import { useFocusOutcome } from '../../components/use-focus-outcome';
import { TrackingCodeShown } from './TrackingCodeShown';
import { SubmitButton } from '../../components/SubmitButton';

type Field = 'station' | 'complaintType' | 'when' | 'what' | 'where' | 'how' | 'evidence' | 'contactNumber';
const TEXT_FIELDS = ['station', 'complaintType', 'when', 'what', 'where', 'how'] as const;
type Values = Record<(typeof TEXT_FIELDS)[number] | 'contactNumber', string>;
const EMPTY: Values = { station: '', complaintType: '', when: '', what: '', where: '', how: '', contactNumber: '' };
/** The form as its draft sees it: the texts, the contact choice, and the evidence photo (which is never kept). */
type DraftValues = Values & { provideContact: boolean; evidence: File | null };
const EMPTY_DRAFT: DraftValues = { ...EMPTY, provideContact: false, evidence: null };

/** The public anonymous report form; on success the tracking code, shown once. */
export function AnonymousComplaintPage() {
  const { t } = useTranslation('anonymous');
  const errorMessage = useErrorMessage();
  const submit = useSubmitAnonymousComplaint();
  const [values, setValues] = useState<Values>(EMPTY);
  const [provideContact, setProvideContact] = useState(false);
  const [evidence, setEvidence] = useState<File | null>(null);
  // A chosen file that is not an acceptable photo blocks the submit until it is removed or replaced: sending the
  // report without it would lose what the visitor meant to send. Its check reads the bytes, so it may still be running.
  const evidenceCheck = useRef<Promise<string | null>>(Promise.resolve(null));
  // What was typed is kept in this tab through a reload (never the evidence photo).
  const draftValues = useMemo<DraftValues>(() => ({ ...values, provideContact, evidence }), [values, provideContact, evidence]);
  const restore = useCallback((kept: DraftValues) => {
    setValues(Object.fromEntries(Object.keys(EMPTY).map((k) => [k, typeof kept[k as keyof Values] === 'string' ? kept[k as keyof Values] : ''])) as Values);
    setProvideContact(kept.provideContact === true);
  }, []);
  const draft = useFormDraft({ form: 'anonymous-report', values: draftValues, empty: EMPTY_DRAFT, restore });
  const previewRef = useRef<HTMLImageElement>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [attempt, setAttempt] = useState(0);
  const [code, setCode] = useState<string | null>(null);
  const failure = submit.isError && !(submit.error instanceof ApiError && Object.keys(submit.error.fieldKeys).length > 0) ? submit.error : null;
  const failureRef = useFocusOutcome(failure, { block: 'center' });

  useEffect(() => {
    const img = previewRef.current;
    if (!evidence || !img) return;
    const url = URL.createObjectURL(evidence);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [evidence]);

  const labels: Record<Field, string> = {
    station: t('station'),
    complaintType: t('type'),
    when: t('when'),
    what: t('what'),
    where: t('where'),
    how: t('how'),
    evidence: t('evidence'),
    contactNumber: t('contactNumber'),
  };

  async function validate() {
    const found: Partial<Record<Field, string>> = {};
    const evidenceProblem = await evidenceCheck.current;
    if (evidenceProblem) found.evidence = evidenceProblem;
    // The contract's own rules, the server's: "not in the future" is judged in Colombo time, whatever the browser's zone.
    const checked = anonymousComplaintFieldsSchema.safeParse({ ...values, provideContact: String(provideContact) });
    if (!checked.success) for (const issue of checked.error.issues) found[issue.path[0] as Field] ??= issue.message;
    if (found.evidence) return found;
    if (evidence && !(PHOTO_MIME_TYPES as readonly string[]).includes(evidence.type)) found.evidence = 'fileTypePhoto';
    else if (evidence && evidence.size > MAX_UPLOAD_BYTES) found.evidence = 'fileTooLarge';
    return found;
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setAttempt((n) => n + 1);
    // The failure of an earlier try is not left standing beside this one's outcome.
    submit.reset();
    const found = await validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const form = new FormData();
    for (const f of TEXT_FIELDS) form.append(f, values[f].trim());
    form.append('provideContact', String(provideContact));
    if (provideContact) form.append('contactNumber', values.contactNumber.trim());
    if (evidence) form.append('evidence', evidence);
    try {
      const res = await submit.mutateAsync(form);
      draft.discard();
      setCode(res.tracking_code);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldKeys as Partial<Record<Field, string>>);
    }
  }

  if (code) return <TrackingCodeShown code={code} />;

  const summary = (Object.keys(errors) as Field[]).filter((f) => errors[f]).map((f) => ({ id: `anon-${f}`, label: labels[f], message: errors[f]! }));
  const set = (f: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value }));
  return (
    <section className="page anonymous">
      <PageTitle subtitle={t('intro')}>{t('title')}</PageTitle>
      <Alert kind="info">
        <p>{t('kept')}</p>
        <p>{t('notKept')}</p>
      </Alert>
      <p>
        <Link to={paths.anonymousTrack}>{t('trackLink')}</Link>
      </p>
      <div ref={failureRef} tabIndex={-1} className="anonymous__outcome">
        {failure ? <Alert kind="error">{errorMessage(failure, 'anonymous:submitFailed')}</Alert> : null}
      </div>
      <DraftGuard draft={draft} />
      <ErrorSummary items={summary} focusKey={attempt} />
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormField id="anon-station" label={labels.station} error={errors.station} required>
          <StationSelect name="station" placeholder={t('stationPlaceholder')} value={values.station} onChange={set('station')} />
        </FormField>
        <FormField id="anon-complaintType" label={labels.complaintType} error={errors.complaintType} required>
          <select name="complaintType" value={values.complaintType} onChange={set('complaintType')}>
            <option value="">{t('typePlaceholder')}</option>
            {ANONYMOUS_COMPLAINT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="anon-when" label={labels.when} error={errors.when} required>
          <input type="datetime-local" name="when" value={values.when} onChange={set('when')} />
        </FormField>
        <FormField id="anon-what" label={labels.what} error={errors.what} required>
          <textarea name="what" rows={4} maxLength={5000} value={values.what} onChange={set('what')} />
        </FormField>
        <FormField id="anon-where" label={labels.where} error={errors.where} required>
          <input type="text" name="where" maxLength={500} value={values.where} onChange={set('where')} />
        </FormField>
        <FormField id="anon-how" label={labels.how} error={errors.how}>
          <textarea name="how" rows={3} maxLength={5000} value={values.how} onChange={set('how')} />
        </FormField>
        <FormField id="anon-evidence" label={labels.evidence} error={errors.evidence} hint={t('evidenceHint')}>
          <FilePicker
            name="evidence"
            accept={PHOTO_ACCEPT}
            onChange={(e) => {
              const file = e.target.files?.[0] ?? null;
              setErrors((found) => ({ ...found, evidence: undefined }));
              if (!file) {
                evidenceCheck.current = Promise.resolve(null);
                return setEvidence(null);
              }
              // Judged by its bytes before any preview (a text file renamed .jpg is not a photo).
              evidenceCheck.current = fileProblem(file, 'photo');
              void evidenceCheck.current.then((problem) => {
                setEvidence(problem ? null : file);
                if (problem) setErrors((found) => ({ ...found, evidence: problem }));
              });
            }}
          />
        </FormField>
        {evidence ? <img ref={previewRef} className="anonymous__preview" alt={t('evidencePreview')} /> : null}
        <div className="field">
          <label>
            <input type="checkbox" name="provideContact" checked={provideContact} onChange={(e) => setProvideContact(e.target.checked)} /> {t('provideContact')}
          </label>
        </div>
        {provideContact ? (
          <FormField id="anon-contactNumber" label={labels.contactNumber} error={errors.contactNumber} hint={t('contactHint')} required>
            <input type="tel" name="contactNumber" inputMode="numeric" maxLength={10} value={values.contactNumber} onChange={set('contactNumber')} />
          </FormField>
        ) : null}
        <SubmitButton pending={submit.isPending} label={t('submit')} pendingLabel={t('submitting')} />
      </form>
    </section>
  );
}
