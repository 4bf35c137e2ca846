import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RESET_TTL_MINUTES } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../components/ErrorSummary';
import { FormField } from '../../components/FormField';
import { PageTitle } from '../../components/PageTitle';
import { SubmitButton } from '../../components/SubmitButton';
import { applyServerFieldErrors, hasFieldErrors, useErrorMessage } from '../../components/errors';
import { useFocusOutcome } from '../../components/use-focus-outcome';
import { useSummaryForm } from '../../components/use-summary-form';
import { paths } from '../../paths';
import { forgotPasswordFormSchema, type ForgotPasswordForm } from './password-forms';
import { useRequestPasswordReset } from './passwords-api';
import './auth.css';

/** Asks for a link to choose a new password. The answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const errorMessage = useErrorMessage();
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, submitCount },
  } = useSummaryForm<ForgotPasswordForm>({ resolver: zodResolver(forgotPasswordFormSchema), defaultValues: { username: '' } });
  const fieldRefused = request.isError && hasFieldErrors(request.error);
  const outcomeRef = useFocusOutcome(request.isSuccess || request.isError ? request.submittedAt : null, {
    skip: Object.keys(errors).length > 0 || fieldRefused,
  });
  const fields = [{ name: 'username', id: 'forgot-username', label: t('login.username') }] as const;

  const onSubmit = handleSubmit(({ username }) => request.mutate(username, { onError: (err) => applyServerFieldErrors(err, setError) }));

  return (
    <section className="page auth-page">
      <PageTitle subtitle={t('passwords.forgot.lead', { minutes: PASSWORD_RESET_TTL_MINUTES })}>{t('passwords.forgot.title')}</PageTitle>
      <div className="card">
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <ErrorSummary items={summaryFrom(errors, fields)} focusKey={submitCount} />
          <FormField id={fields[0].id} label={fields[0].label} error={errors.username?.message} required>
            <input type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} {...register('username')} />
          </FormField>
          <SubmitButton pending={request.isPending} label={t('passwords.forgot.submit')} pendingLabel={t('passwords.forgot.submitting')} />
          <div ref={outcomeRef} tabIndex={-1}>
            {request.isSuccess && <Alert kind="success">{t('passwords.forgot.sent', { minutes: PASSWORD_RESET_TTL_MINUTES })}</Alert>}
            {request.isError && !fieldRefused && <Alert kind="error">{errorMessage(request.error, 'auth:passwords.forgot.failed')}</Alert>}
          </div>
        </form>
        <p className="auth-page__switch">{t('passwords.forgot.staffNote')}</p>
        <p className="auth-page__switch">
          <Link to={paths.login}>{t('passwords.backToSignIn')}</Link>
        </p>
      </div>
    </section>
  );
}
