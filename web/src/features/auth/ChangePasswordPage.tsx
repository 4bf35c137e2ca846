import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../components/ErrorSummary';
import { FormField } from '../../components/FormField';
import { PageTitle } from '../../components/PageTitle';
import { SubmitButton } from '../../components/SubmitButton';
import { applyServerFieldErrors, hasFieldErrors, useErrorMessage } from '../../components/errors';
import { useFocusOutcome } from '../../components/use-focus-outcome';
import { useSummaryForm } from '../../components/use-summary-form';
import { changePasswordFormSchema, type ChangePasswordForm } from './password-forms';
import { useChangePassword } from './passwords-api';
import './auth.css';

const EMPTY: ChangePasswordForm = { current_password: '', new_password: '', confirm_password: '' };

/** Any signed-in user's own password: the current one, then the new one twice. Every other session ends; this one stays. */
export function ChangePasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const errorMessage = useErrorMessage();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, submitCount },
  } = useSummaryForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });
  const fieldRefused = change.isError && hasFieldErrors(change.error);
  const outcomeRef = useFocusOutcome(change.isSuccess || change.isError ? change.submittedAt : null, { skip: Object.keys(errors).length > 0 || fieldRefused });
  const fields = [
    { name: 'current_password', id: 'password-current', label: t('passwords.change.current') },
    { name: 'new_password', id: 'password-new', label: t('passwords.change.new') },
    { name: 'confirm_password', id: 'password-confirm', label: t('passwords.change.confirm') },
  ] as const;

  const onSubmit = handleSubmit(({ current_password, new_password }) =>
    change.mutate(
      { current_password, new_password },
      {
        onSuccess: () => reset(EMPTY),
        onError: (err) => applyServerFieldErrors(err, setError),
      },
    ),
  );

  return (
    <section className="page auth-page">
      <PageTitle subtitle={t('passwords.change.lead')}>{t('passwords.change.title')}</PageTitle>
      <form className="card auth-form" onSubmit={onSubmit} noValidate>
        <ErrorSummary items={summaryFrom(errors, fields)} focusKey={submitCount} />
        <FormField id={fields[0].id} label={fields[0].label} error={errors.current_password?.message} required>
          <input type="password" autoComplete="current-password" {...register('current_password')} />
        </FormField>
        <FormField id={fields[1].id} label={fields[1].label} error={errors.new_password?.message} hint={t('passwords.rules')} required>
          <input type="password" autoComplete="new-password" {...register('new_password')} />
        </FormField>
        <FormField id={fields[2].id} label={fields[2].label} error={errors.confirm_password?.message} required>
          <input type="password" autoComplete="new-password" {...register('confirm_password')} />
        </FormField>
        <SubmitButton pending={change.isPending} label={t('passwords.change.submit')} pendingLabel={t('passwords.change.submitting')} />
        <div ref={outcomeRef} tabIndex={-1}>
          {change.isSuccess && <Alert kind="success">{t('passwords.change.done')}</Alert>}
          {change.isError && !fieldRefused && <Alert kind="error">{errorMessage(change.error, 'auth:passwords.change.failed')}</Alert>}
        </div>
      </form>
    </section>
  );
}
