import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { certificateWithdrawalSchema, type ClearanceDetail } from '@pes/contracts';
import { ActionFailed } from '../../../components/ActionFailed';
import { ErrorSummary, summaryFrom } from '../../../components/ErrorSummary';
import { applyServerFieldErrors } from '../../../components/errors';
import { useUpdateClearanceStatus } from './api';
import { ReasonField } from './ReasonField';
import { SubmitButton } from '../../../components/SubmitButton';
import { useSummaryForm } from '../../../components/use-summary-form';

/**
 * Withdraws the certificate issued: the application becomes rejected with the reason (which the applicant
 * sees); verification then says withdrawn, and the applicant is no longer offered or served the file. Opened
 * by its own button, with what it does said before the officer confirms.
 */
export function WithdrawCertificate({ application, onWithdrawn }: { application: ClearanceDetail; onWithdrawn: () => void }) {
  const { t } = useTranslation('clearance');
  const [open, setOpen] = useState(false);
  const openRef = useRef<HTMLButtonElement>(null);
  if (!open) {
    return (
      <div className="clearance-actions">
        <button type="button" ref={openRef} className="button button--danger" onClick={() => setOpen(true)}>
          {t('officer.withdraw.open')}
        </button>
      </div>
    );
  }
  return (
    <WithdrawForm
      application={application}
      onDone={onWithdrawn}
      onCancel={() => {
        setOpen(false);
        requestAnimationFrame(() => openRef.current?.focus());
      }}
    />
  );
}

function WithdrawForm({ application, onDone, onCancel }: { application: ClearanceDetail; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('clearance');
  const update = useUpdateClearanceStatus(application.id);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, submitCount },
  } = useSummaryForm<{ reason: string }>({
    resolver: zodResolver(certificateWithdrawalSchema),
    defaultValues: { reason: '' },
  });
  const reason = useWatch({ control, name: 'reason' });
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const onSubmit = handleSubmit((values) =>
    update.mutate({ status: 'rejected', reason: values.reason }, { onSuccess: onDone, onError: (err) => applyServerFieldErrors(err, setError) }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="certificate-confirm" aria-labelledby="certificate-withdraw-title" data-testid="certificate-withdraw">
      <h5 id="certificate-withdraw-title" tabIndex={-1} ref={headingRef}>
        {t('officer.withdraw.title')}
      </h5>
      <p>{t('officer.withdraw.explain')}</p>
      <ErrorSummary
        items={summaryFrom(errors, [{ name: 'reason', id: 'certificate-withdraw-reason', label: t('officer.withdraw.reason') }])}
        focusKey={submitCount}
      />
      <ActionFailed title={t('officer.withdraw.failed')} error={update.error} />
      <ReasonField
        id="certificate-withdraw-reason"
        label={t('officer.withdraw.reason')}
        error={errors.reason?.message}
        value={reason}
        field={register('reason')}
      />
      <div className="clearance-actions">
        <SubmitButton pending={update.isPending} label={t('officer.withdraw.confirm')} pendingLabel={t('officer.withdraw.withdrawing')} kind="danger" />
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('officer.withdraw.cancel')}
        </button>
      </div>
    </form>
  );
}
