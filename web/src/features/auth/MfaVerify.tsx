import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { mfaVerifyFieldsSchema } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../components/ErrorSummary';
import { FormField } from '../../components/FormField';
import { SubmitButton } from '../../components/SubmitButton';
import { applyServerFieldErrors, useErrorMessage } from '../../components/errors';
import { ApiError } from '../../lib/api/client';
import { useSession } from '../../lib/session/session-context';
import { mfaApi } from './mfa-api';
import { StepHeading } from './StepHeading';

const codeSchema = mfaVerifyFieldsSchema.pick({ code: true }).required();
const recoverySchema = mfaVerifyFieldsSchema.pick({ recovery_code: true }).required();
type Answer = { code?: string; recovery_code?: string };

/** A sign-in's second step: the authenticator app's current code, or one of the recovery codes instead. */
export function MfaVerify({ token, onRestart }: { token: string; onRestart: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const errorMessage = useErrorMessage();
  const { startSession } = useSession();
  const [useRecovery, setUseRecovery] = useState(false);
  const [failure, setFailure] = useState<{ text: string; expired: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<Answer>({ resolver: zodResolver(useRecovery ? recoverySchema : codeSchema) as never });

  const field = useRecovery
    ? ({ name: 'recovery_code', id: 'mfa-recovery-code', label: t('mfa.verify.recoveryLabel') } as const)
    : ({ name: 'code', id: 'mfa-code', label: t('mfa.verify.codeLabel') } as const);

  const onSubmit = handleSubmit(async (answer) => {
    setFailure(null);
    try {
      const session = await mfaApi.verify({ mfa_token: token, ...answer });
      await startSession(session);
    } catch (err) {
      if (!applyServerFieldErrors(err, setError)) {
        setFailure({ text: errorMessage(err), expired: err instanceof ApiError && err.code === 'mfa.token_invalid' });
      }
    }
  });

  const switchMode = () => {
    reset({});
    setFailure(null);
    setUseRecovery(!useRecovery);
  };

  return (
    <div className="mfa">
      <StepHeading>{t('mfa.verify.title')}</StepHeading>
      <p>{useRecovery ? t('mfa.verify.recoveryLead') : t('mfa.verify.lead')}</p>
      <form onSubmit={onSubmit} noValidate className="auth-form">
        <ErrorSummary items={summaryFrom(errors, [field])} focusKey={submitCount} />
        {failure ? <Alert kind="error">{failure.text}</Alert> : null}
        {failure?.expired ? (
          <button type="button" className="button button--secondary" onClick={onRestart}>
            {t('mfa.signInAgain')}
          </button>
        ) : null}
        {useRecovery ? (
          <FormField key="recovery" id={field.id} label={field.label} hint={t('mfa.verify.recoveryHint')} error={errors.recovery_code?.message} required>
            <input type="text" autoComplete="off" autoCapitalize="none" spellCheck={false} {...register('recovery_code')} />
          </FormField>
        ) : (
          <FormField key="code" id={field.id} label={field.label} hint={t('mfa.codeHint')} error={errors.code?.message} required>
            <input type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={7} {...register('code')} />
          </FormField>
        )}
        <SubmitButton pending={isSubmitting} label={t('mfa.verify.submit')} pendingLabel={t('mfa.verify.submitting')} />
      </form>
      <p className="mfa__switch">
        <button type="button" className="button button--ghost button--small" onClick={switchMode}>
          {useRecovery ? t('mfa.verify.useCode') : t('mfa.verify.useRecovery')}
        </button>
      </p>
    </div>
  );
}
