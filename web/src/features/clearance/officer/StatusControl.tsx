import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { CLEARANCE_OFFICER_STATUSES, clearanceStatusUpdateSchema, type ClearanceDetail, type ClearanceOfficerStatus } from '@pes/contracts';
import { Alert } from '../../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../../components/ErrorSummary';
import { applyServerFieldErrors, useErrorMessage } from '../../../components/errors';
import { FormField } from '../../../components/FormField';
import { useUpdateClearanceStatus } from './api';

interface StatusValues {
  status: ClearanceOfficerStatus;
  reason?: string;
}

const REASON_MAX = 1000;

/** The status select: pending, in progress, completed, or rejected with a reason the citizen sees. */
export function StatusControl({ application }: { application: ClearanceDetail }) {
  const { t } = useTranslation('clearance');
  const errorMessage = useErrorMessage();
  const update = useUpdateClearanceStatus(application.id);
  const [updated, setUpdated] = useState(false);
  const current = application.application_status === 'awaiting_payment' ? 'pending' : application.application_status;
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, submitCount },
  } = useForm<StatusValues, unknown, StatusValues>({
    resolver: zodResolver(clearanceStatusUpdateSchema),
    defaultValues: { status: current, reason: application.rejection_reason ?? '' },
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });
  // The status changed elsewhere (the certificate's withdrawal rejects the application): the select follows.
  useEffect(() => reset({ status: current, reason: application.rejection_reason ?? '' }), [reset, current, application.rejection_reason]);
  const withdraws = application.certificate !== null && application.certificate.withdrawn_at === null;
  const status = useWatch({ control, name: 'status' });
  const reason = useWatch({ control, name: 'reason' });

  const fields = [
    { name: 'status', id: 'clearance-new-status', label: t('officer.status.label') },
    { name: 'reason', id: 'clearance-reason', label: t('officer.status.reason') },
  ];

  const onSubmit = handleSubmit((values) => {
    setUpdated(false);
    update.mutate(values.status === 'rejected' ? values : { status: values.status }, {
      onSuccess: () => setUpdated(true),
      onError: (err) => applyServerFieldErrors(err, setError),
    });
  });

  return (
    <section className="clearance-application__section clearance-status-control" aria-labelledby="clearance-status-title">
      <h3 id="clearance-status-title">{t('officer.status.title')}</h3>
      <div aria-live="polite">
        {updated ? <Alert kind="success">{t('officer.status.updated')}</Alert> : null}
        {update.isError ? (
          <Alert kind="error">
            <strong>{t('officer.status.failed')}</strong> {errorMessage(update.error)}
          </Alert>
        ) : null}
      </div>
      <form noValidate onSubmit={onSubmit} aria-labelledby="clearance-status-title">
        <ErrorSummary items={summaryFrom(errors, fields)} focusKey={submitCount} />
        <FormField id="clearance-new-status" label={t('officer.status.label')} error={errors.status?.message} required>
          <select {...register('status', { onChange: () => setUpdated(false) })}>
            {CLEARANCE_OFFICER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </FormField>
        {status === 'rejected' ? (
          <FormField
            id="clearance-reason"
            label={t('officer.status.reason')}
            hint={t('officer.status.reasonHint')}
            error={errors.reason?.message}
            required
            counter={{ value: reason, max: REASON_MAX }}
          >
            <textarea rows={3} maxLength={REASON_MAX} {...register('reason')} />
          </FormField>
        ) : null}
        {status === 'rejected' && withdraws ? (
          <p className="field__hint" data-testid="status-withdraws">
            {t('officer.status.withdrawsCertificate')}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? t('officer.status.saving') : t('officer.status.save')}
        </button>
      </form>
    </section>
  );
}
