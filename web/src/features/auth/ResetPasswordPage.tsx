import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';
import { Alert } from '../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../components/ErrorSummary';
import { FormField } from '../../components/FormField';
import { PageTitle } from '../../components/PageTitle';
import { SubmitButton } from '../../components/SubmitButton';
import { applyServerFieldErrors, hasFieldErrors, useErrorMessage } from '../../components/errors';
import { useFocusOutcome } from '../../components/use-focus-outcome';
import { useSummaryForm } from '../../components/use-summary-form';
import { paths } from '../../paths';
import { resetPasswordFormSchema, resetTokenFrom, type ResetPasswordForm } from './password-forms';
import { useConfirmPasswordReset } from './passwords-api';
import './auth.css';

/** The page a reset link opens: the new password twice. Afterwards every session of the account has ended. */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const location = useLocation();
  const token = resetTokenFrom(location.search);
  const errorMessage = useErrorMessage();
  const confirm = useConfirmPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, submitCount },
  } = useSummaryForm<ResetPasswordForm>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: '', confirm_password: '' } });
  const fieldRefused = confirm.isError && hasFieldErrors(confirm.error);
  const linkRefused = confirm.error instanceof ApiError && confirm.error.code === 'password.reset_link_invalid';
  const outcomeRef = useFocusOutcome(confirm.isSuccess || confirm.isError ? confirm.submittedAt : null, {
    skip: Object.keys(errors).length > 0 || fieldRefused,
  });
  const fields = [
    { name: 'password', id: 'reset-password', label: t('passwords.change.new') },
    { name: 'confirm_password', id: 'reset-confirm', label: t('passwords.change.confirm') },
  ] as const;

  const onSubmit = handleSubmit(({ password }) =>
    confirm.mutate({ token: token ?? '', password }, { onError: (err) => applyServerFieldErrors(err, setError) }),
  );

  const askAgain = (
    <p>
      <Link to={paths.forgotPassword}>{t('passwords.reset.askAgain')}</Link>
    </p>
  );

  return (
    <section className="page auth-page">
      <PageTitle subtitle={t('passwords.reset.lead')}>{t('passwords.reset.title')}</PageTitle>
      <div className="card">
        {!token ? (
          <Alert kind="error">
            {t('passwords.reset.noToken')}
            {askAgain}
          </Alert>
        ) : confirm.isSuccess ? (
          <div ref={outcomeRef} tabIndex={-1}>
            <Alert kind="success">
              {t('passwords.reset.done')}
              <p>
                <Link to={paths.login}>{t('passwords.backToSignIn')}</Link>
              </p>
            </Alert>
          </div>
        ) : (
          <form className="auth-form" onSubmit={onSubmit} noValidate>
            <ErrorSummary items={summaryFrom(errors, fields)} focusKey={submitCount} />
            <FormField id={fields[0].id} label={fields[0].label} error={errors.password?.message} hint={t('passwords.rules')} required>
              <input type="password" autoComplete="new-password" {...register('password')} />
            </FormField>
            <FormField id={fields[1].id} label={fields[1].label} error={errors.confirm_password?.message} required>
              <input type="password" autoComplete="new-password" {...register('confirm_password')} />
            </FormField>
            <SubmitButton pending={confirm.isPending} label={t('passwords.reset.submit')} pendingLabel={t('passwords.reset.submitting')} />
            <div ref={outcomeRef} tabIndex={-1}>
              {confirm.isError && !fieldRefused && (
                <Alert kind="error">
                  {errorMessage(confirm.error, 'auth:passwords.reset.failed')}
                  {linkRefused ? askAgain : null}
                </Alert>
              )}
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
