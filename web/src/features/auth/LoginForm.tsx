import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginRequestSchema, type LoginArea, type MfaChallenge } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../components/ErrorSummary';
import { FormField } from '../../components/FormField';
import { useSession } from '../../lib/session/session-context';
import { paths } from '../../paths';
import { MfaStep } from './MfaStep';

const credentialsSchema = loginRequestSchema.pick({ username: true, password: true });
type Credentials = { username: string; password: string };

/**
 * Username and password for one area's sign-in page. The server refuses a role that does not belong
 * to `area` (403, no token), so a wrong-role account never gets a session here. `errorText` turns a
 * failure into the page's own message. Where to go afterwards is the page's business (it watches the
 * signed-in user). Officers and administrators answer their second factor here next (MfaStep).
 */
export function LoginForm({ area, errorText, submitLabel }: { area: LoginArea; errorText: (err: unknown) => string; submitLabel: string }) {
  const { t } = useTranslation(['auth', 'common']);
  const { signIn } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({ resolver: zodResolver(credentialsSchema) });

  const fields = [
    { name: 'username', id: `${area}-username`, label: t('login.username') },
    { name: 'password', id: `${area}-password`, label: t('login.password') },
  ] as const;

  const onSubmit = handleSubmit(async ({ username, password }) => {
    setFailure(null);
    try {
      const result = await signIn(area, username, password);
      if ('mfa' in result) setChallenge(result);
    } catch (err) {
      setFailure(errorText(err));
    }
  });

  if (challenge) return <MfaStep challenge={challenge} onRestart={() => setChallenge(null)} />;

  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      <ErrorSummary items={summaryFrom(errors, fields)} />
      {failure ? <Alert kind="error">{failure}</Alert> : null}
      <FormField id={fields[0].id} label={fields[0].label} error={errors.username?.message} required>
        <input type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} {...register('username')} />
      </FormField>
      <FormField id={fields[1].id} label={fields[1].label} error={errors.password?.message} required>
        <input type="password" autoComplete="current-password" {...register('password')} />
      </FormField>
      <button type="submit" className="button button--primary auth-form__submit" disabled={isSubmitting}>
        {isSubmitting ? t('login.submitting') : submitLabel}
      </button>
      <p className="auth-form__forgot">
        <Link to={paths.forgotPassword}>{t('passwords.forgotLink')}</Link>
      </p>
    </form>
  );
}
