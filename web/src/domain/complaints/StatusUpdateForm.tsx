import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type { updateAnonymousStatusRequestSchema, updateComplaintStatusRequestSchema } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../components/ErrorSummary';
import { applyServerFieldErrors, useErrorMessage } from '../../components/errors';
import { FormField } from '../../components/FormField';
import { useFocusOutcome } from '../../components/use-focus-outcome';
import { statusTone, useStatusText } from './StatusBadge';
import './complaint-records.css';

type Outcome = { kind: 'updated' } | { kind: 'failed'; error: unknown };

/**
 * An officer's free-text status update with the suggested statuses as chips: one form for complaints and
 * anonymous reports (both take a non-empty status of at most `maxLength`). `save` sends it; the outcome, a
 * success or a failure, takes the focus (the button pressed is disabled while saving, and focus would
 * otherwise fall to the page body); a refusal naming the field goes to the error summary instead.
 */
export function StatusUpdateForm({
  idPrefix,
  status,
  suggestions,
  schema,
  maxLength,
  save,
}: {
  idPrefix: string;
  status: string;
  suggestions: readonly string[];
  /** The contract's request schema of the record's status update. */
  schema: typeof updateComplaintStatusRequestSchema | typeof updateAnonymousStatusRequestSchema;
  maxLength: number;
  save: (status: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('police');
  const statusText = useStatusText();
  const errorMessage = useErrorMessage();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { register, handleSubmit, setError, setValue, formState } = useForm<{ status: string }>({
    resolver: zodResolver(schema),
    defaultValues: { status },
    shouldFocusError: false,
  });
  const inputId = `${idPrefix}-status`;
  const titleId = `${idPrefix}-status-title`;
  const outcomeRef = useFocusOutcome(outcome);
  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await save(values.status);
      setOutcome({ kind: 'updated' });
    } catch (err) {
      if (!applyServerFieldErrors(err, setError)) setOutcome({ kind: 'failed', error: err });
    }
  });
  return (
    <form className="status-form" noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
      <h3 id={titleId}>{t('status.title')}</h3>
      <ErrorSummary items={summaryFrom(formState.errors, [{ name: 'status', id: inputId, label: t('status.label') }])} focusKey={formState.submitCount} />
      <div ref={outcomeRef} tabIndex={-1} className="status-form__outcome" aria-live="polite">
        {outcome?.kind === 'updated' ? <Alert kind="success">{t('status.updated')}</Alert> : null}
        {outcome?.kind === 'failed' ? (
          <Alert kind="error">
            <strong>{t('status.failed')}</strong> {errorMessage(outcome.error)}
          </Alert>
        ) : null}
      </div>
      <div className="status-form__row">
        <FormField id={inputId} label={t('status.label')} hint={t('status.hint')} required error={formState.errors.status?.message}>
          <input type="text" list={`${idPrefix}-status-suggestions`} maxLength={maxLength} autoComplete="off" {...register('status')} />
        </FormField>
        <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('status.saving') : t('status.save')}
        </button>
      </div>
      {/* The suggestions are stored in English (the status is shared text); the datalist shows their translation beside them. */}
      <datalist id={`${idPrefix}-status-suggestions`}>
        {suggestions.map((s) => (
          <option key={s} value={s} label={statusText(s)} />
        ))}
      </datalist>
      <div className="status-form__chips" role="group" aria-label={t('status.suggestions')}>
        {suggestions.map((s) => (
          <button
            key={s}
            type="button"
            className={`status-chip badge badge--${statusTone(s)}`}
            onClick={() => setValue('status', s, { shouldValidate: formState.isSubmitted })}
          >
            {statusText(s)}
          </button>
        ))}
      </div>
    </form>
  );
}
