import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { CLEARANCE_OFFICER_STATUSES, clearanceStatusUpdateSchema, type ClearanceDetail, type ClearanceOfficerStatus } from '@pes/contracts';
import { ActionFailed } from '../../../components/ActionFailed';
import { Alert } from '../../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../../components/ErrorSummary';
import { applyServerFieldErrors } from '../../../components/errors';
import { FormField } from '../../../components/FormField';
import { useFocusOutcome } from '../../../components/use-focus-outcome';
import { useUpdateClearanceStatus } from './api';
import { ReasonField } from './ReasonField';
import { SubmitButton } from '../../../components/SubmitButton';
import { useSummaryForm } from '../../../components/use-summary-form';

interface StatusValues {
  status: ClearanceOfficerStatus;
  reason?: string;
}

/** The status select: pending, in progress, completed, or rejected with a reason the citizen sees. */
export function StatusControl({ application }: { application: ClearanceDetail }) {
  const { t } = useTranslation('clearance');
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
  } = useSummaryForm<StatusValues, unknown, StatusValues>({
    resolver: zodResolver(clearanceStatusUpdateSchema),
    defaultValues: { status: current, reason: application.rejection_reason ?? '' },
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

  // The button pressed is disabled while saving: the outcome takes the focus; a refusal naming a field is the summary's.
  const [failure, setFailure] = useState<unknown>(null);
  const outcomeRef = useFocusOutcome(updated || failure);
  const onSubmit = handleSubmit((values) => {
    setUpdated(false);
    setFailure(null);
    update.mutate(values.status === 'rejected' ? values : { status: values.status }, {
      onSuccess: () => setUpdated(true),
      onError: (err) => {
        if (!applyServerFieldErrors(err, setError)) setFailure(err);
      },
    });
  });

  return (
    <section className="clearance-application__section clearance-status-control" aria-labelledby="clearance-status-title">
      <h3 id="clearance-status-title">{t('officer.status.title')}</h3>
      <div aria-live="polite" ref={outcomeRef} tabIndex={-1} className="clearance-outcome">
        {updated ? <Alert kind="success">{t('officer.status.updated')}</Alert> : null}
        <ActionFailed title={t('officer.status.failed')} error={update.error} />
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
          <ReasonField id="clearance-reason" label={t('officer.status.reason')} error={errors.reason?.message} value={reason} field={register('reason')} />
        ) : null}
        {status === 'rejected' && withdraws ? (
          <p className="field__hint" data-testid="status-withdraws">
            {t('officer.status.withdrawsCertificate')}
          </p>
        ) : null}
        <SubmitButton pending={update.isPending} label={t('officer.status.save')} pendingLabel={t('officer.status.saving')} />
      </form>
    </section>
  );
}
