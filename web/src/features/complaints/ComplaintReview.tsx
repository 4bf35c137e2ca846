import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMPLAINT_STATUS_MAX,
  SUGGESTED_COMPLAINT_STATUSES,
  updateComplaintStatusRequestSchema,
  type Complaint,
  type UpdateComplaintStatusRequest,
} from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../components/ErrorSummary';
import { applyServerFieldErrors } from '../../components/errors';
import { FormField } from '../../components/FormField';
import { useUpdateComplaintStatus } from './api';
import { ComplaintDetails } from '../../domain/complaints/ComplaintDetails';
import { statusTone, useStatusText } from '../../domain/complaints/StatusBadge';
import { StatusTimeline } from '../../domain/complaints/StatusTimeline';

function Attachment({ complaint: c }: { complaint: Complaint }) {
  const { t } = useTranslation('police');
  if (!c.attachment) return <p>{t('detail.noAttachment')}</p>;
  const { url, mime_type: mime, name } = c.attachment;
  return (
    <div className="attachment">
      {mime.startsWith('image/') ? <img className="attachment__image" src={url} alt={t('detail.attachmentAlt', { reference: c.reference_number })} /> : null}
      <p>
        <a href={url} target="_blank" rel="noopener">
          {mime === 'application/pdf' ? t('detail.openPdf') : t('detail.openFile')}
        </a>{' '}
        <span className="attachment__name">({name})</span>
      </p>
    </div>
  );
}

function StatusForm({ complaint }: { complaint: Complaint }) {
  const { t } = useTranslation('police');
  const statusText = useStatusText();
  const update = useUpdateComplaintStatus();
  const [result, setResult] = useState<'updated' | 'failed' | null>(null);
  const { register, handleSubmit, setError, setValue, formState } = useForm<UpdateComplaintStatusRequest>({
    resolver: zodResolver(updateComplaintStatusRequestSchema),
    defaultValues: { status: complaint.status },
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    try {
      await update.mutateAsync({ id: complaint.id, status: values.status });
      setResult('updated');
    } catch (err) {
      applyServerFieldErrors(err, setError);
      setResult('failed');
    }
  });
  return (
    <form className="status-form" noValidate onSubmit={onSubmit} aria-labelledby="status-form-title">
      <h3 id="status-form-title">{t('status.title')}</h3>
      <ErrorSummary items={summaryFrom(formState.errors, [{ name: 'status', id: 'complaint-status', label: t('status.label') }])} />
      {result === 'updated' ? <Alert kind="success">{t('status.updated')}</Alert> : null}
      {result === 'failed' ? <Alert kind="error">{t('status.failed')}</Alert> : null}
      <div className="status-form__row">
        <FormField id="complaint-status" label={t('status.label')} hint={t('status.hint')} required error={formState.errors.status?.message}>
          <input type="text" list="complaint-status-suggestions" maxLength={COMPLAINT_STATUS_MAX} autoComplete="off" {...register('status')} />
        </FormField>
        <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('status.saving') : t('status.save')}
        </button>
      </div>
      {/* The suggestions are stored in English (the status is shared text); the datalist shows their translation beside them. */}
      <datalist id="complaint-status-suggestions">
        {SUGGESTED_COMPLAINT_STATUSES.map((s) => (
          <option key={s} value={s} label={statusText(s)} />
        ))}
      </datalist>
      <div className="status-form__chips" role="group" aria-label={t('status.suggestions')}>
        {SUGGESTED_COMPLAINT_STATUSES.map((s) => (
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

/** What an officer sees of one complaint: every field, the attachment, the history, and the status update. */
export function ComplaintReview({ complaint }: { complaint: Complaint }) {
  const { t } = useTranslation('police');
  return (
    <div className="complaint-review">
      <ComplaintDetails complaint={complaint} headingLevel={3} />
      <h3>{t('detail.attachment')}</h3>
      <Attachment complaint={complaint} />
      <StatusTimeline complaint={complaint} headingId="review-timeline" />
      <StatusForm complaint={complaint} />
    </div>
  );
}
