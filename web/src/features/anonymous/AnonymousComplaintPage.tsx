import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ANONYMOUS_COMPLAINT_TYPES, ANONYMOUS_FIELD_MAX, PHOTO_ACCEPT } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../components/ErrorSummary';
import { FormField } from '../../components/FormField';
import { PageTitle } from '../../components/PageTitle';
import { applyServerFieldErrors, hasFieldErrors, useErrorMessage } from '../../components/errors';
import { useFormDraft } from '../../lib/drafts/use-form-draft';
import { DraftGuard } from '../../components/DraftGuard';
import { StationSelect } from '../../lib/stations/StationSelect';
import { paths } from '../../paths';
import { useSubmitAnonymousComplaint } from './api';
import './anonymous.css';
import { FilePicker } from '../../components/FilePicker';
import { useFocusOutcome } from '../../components/use-focus-outcome';
import { TrackingCodeShown } from './TrackingCodeShown';
import { anonymousFormData, anonymousResolver, emptyAnonymousForm, evidencePhoto, type AnonymousFormValues } from './anonymous-form';
import { SubmitButton } from '../../components/SubmitButton';
import { useSummaryForm } from '../../components/use-summary-form';

type Field = keyof AnonymousFormValues | 'evidence';
/** The form's fields in the order they show (the error summary's order). */
const FIELDS: readonly Field[] = ['station', 'complaintType', 'when', 'what', 'where', 'how', 'evidence', 'contactNumber'];

/** The public anonymous report form; on success the tracking code, shown once. */
export function AnonymousComplaintPage() {
  const { t } = useTranslation('anonymous');
  const errorMessage = useErrorMessage();
  const submit = useSubmitAnonymousComplaint();
  const [evidence, setEvidence] = useState<File | null>(null);
  const [photo] = useState(evidencePhoto);
  const [resolver] = useState(() => anonymousResolver(photo));
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors, submitCount },
  } = useSummaryForm<AnonymousFormValues>({
    resolver,
    defaultValues: emptyAnonymousForm,
  });
  const values = useWatch({ control }) as AnonymousFormValues;
  // What was typed is kept in this tab through a reload (never the evidence photo).
  const draft = useFormDraft({ form: 'anonymous-report', values, empty: emptyAnonymousForm, restore: reset });
  const previewRef = useRef<HTMLImageElement>(null);
  const [code, setCode] = useState<string | null>(null);
  const failure = submit.isError && !hasFieldErrors(submit.error) ? submit.error : null;
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
    provideContact: t('provideContact'),
    evidence: t('evidence'),
    contactNumber: t('contactNumber'),
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    // The failure of an earlier try is not left standing beside this one's outcome.
    submit.reset();
    return handleSubmit(async (report) => {
      try {
        const res = await submit.mutateAsync(anonymousFormData(report, photo.file()));
        draft.discard();
        setCode(res.tracking_code);
      } catch (err) {
        applyServerFieldErrors(err, setError);
      }
    })(e);
  };

  if (code) return <TrackingCodeShown code={code} />;

  const fieldError = (f: Field) => errors[f]?.message;
  const summary = summaryFrom(
    errors,
    FIELDS.map((f) => ({ name: f, id: `anon-${f}`, label: labels[f] })),
  );
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
      <ErrorSummary items={summary} focusKey={submitCount} />
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormField id="anon-station" label={labels.station} error={fieldError('station')} required>
          <StationSelect placeholder={t('stationPlaceholder')} {...register('station')} value={values.station} />
        </FormField>
        <FormField id="anon-complaintType" label={labels.complaintType} error={fieldError('complaintType')} required>
          <select {...register('complaintType')}>
            <option value="">{t('typePlaceholder')}</option>
            {ANONYMOUS_COMPLAINT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="anon-when" label={labels.when} error={fieldError('when')} required>
          <input type="datetime-local" {...register('when')} />
        </FormField>
        <FormField id="anon-what" label={labels.what} error={fieldError('what')} required>
          <textarea rows={4} maxLength={ANONYMOUS_FIELD_MAX.what} {...register('what')} />
        </FormField>
        <FormField id="anon-where" label={labels.where} error={fieldError('where')} required>
          <input type="text" maxLength={ANONYMOUS_FIELD_MAX.where} {...register('where')} />
        </FormField>
        <FormField id="anon-how" label={labels.how} error={fieldError('how')}>
          <textarea rows={3} maxLength={ANONYMOUS_FIELD_MAX.how} {...register('how')} />
        </FormField>
        <FormField id="anon-evidence" label={labels.evidence} error={fieldError('evidence')} hint={t('evidenceHint')}>
          <FilePicker
            name="evidence"
            accept={PHOTO_ACCEPT}
            onChange={(e) => {
              clearErrors('evidence');
              setEvidence(null);
              photo.choose(e.target.files?.[0] ?? null, (accepted, problem) => {
                setEvidence(accepted);
                if (problem) setError('evidence', { type: 'file', message: problem });
              });
            }}
          />
        </FormField>
        {evidence ? <img ref={previewRef} className="anonymous__preview" alt={t('evidencePreview')} /> : null}
        <div className="field">
          <label>
            <input type="checkbox" {...register('provideContact')} /> {labels.provideContact}
          </label>
        </div>
        {values.provideContact ? (
          <FormField id="anon-contactNumber" label={labels.contactNumber} error={fieldError('contactNumber')} hint={t('contactHint')} required>
            <input type="tel" inputMode="numeric" maxLength={ANONYMOUS_FIELD_MAX.contactNumber} {...register('contactNumber')} />
          </FormField>
        ) : null}
        <SubmitButton pending={submit.isPending} label={t('submit')} pendingLabel={t('submitting')} />
      </form>
    </section>
  );
}
