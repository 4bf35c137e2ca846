import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mfaConfirmRequestSchema, type MfaConfirmResponse } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../components/ErrorSummary';
import { FormField } from '../../components/FormField';
import { SubmitButton } from '../../components/SubmitButton';
import { applyServerFieldErrors, useErrorMessage } from '../../components/errors';
import { ApiError } from '../../lib/api/client';
import { mfaApi } from './mfa-api';
import { MfaRecoveryCodes } from './MfaRecoveryCodes';
import { StepHeading } from './StepHeading';
import { useQrImage } from './qr-image';

const codeSchema = mfaConfirmRequestSchema.pick({ code: true });
type Answer = { code: string };

/**
 * The first sign-in's second step: the new secret (a QR code, and the key as text to type), a first code to
 * confirm it, then the recovery codes, shown once.
 */
export function MfaSetup({ token, onRestart }: { token: string; onRestart: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const errorMessage = useErrorMessage();
  // One secret per sign-in: a query (not an effect) is asked once even when React mounts the step twice.
  const setup = useQuery({ queryKey: ['mfa-setup', token], queryFn: () => mfaApi.setup(token), staleTime: Infinity, gcTime: 0, retry: false });
  const qr = useQrImage(setup.data?.otpauth_url);
  const [done, setDone] = useState<MfaConfirmResponse | null>(null);
  const [failure, setFailure] = useState<{ text: string; expired: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<Answer>({ resolver: zodResolver(codeSchema) as never });

  if (done) return <MfaRecoveryCodes session={done} />;

  const fields = [{ name: 'code', id: 'mfa-setup-code', label: t('mfa.setup.codeLabel') }] as const;
  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      setDone(await mfaApi.confirm(token, code));
    } catch (err) {
      if (!applyServerFieldErrors(err, setError)) {
        setFailure({ text: errorMessage(err), expired: err instanceof ApiError && err.code === 'mfa.token_invalid' });
      }
    }
  });

  const setupFailed = setup.error ? { text: errorMessage(setup.error), expired: true } : null;
  const shown = failure ?? setupFailed;
  return (
    <div className="mfa">
      <StepHeading>{t('mfa.setup.title')}</StepHeading>
      <p>{t('mfa.setup.lead')}</p>
      {shown ? <Alert kind="error">{shown.text}</Alert> : null}
      {shown?.expired ? (
        <button type="button" className="button button--secondary" onClick={onRestart}>
          {t('mfa.signInAgain')}
        </button>
      ) : null}
      {setup.isPending ? <p role="status">{t('common:guard.loading')}</p> : null}
      {setup.data ? (
        <>
          <ol className="mfa__steps">
            <li>{t('mfa.setup.stepApp')}</li>
            <li>
              {t('mfa.setup.stepScan')}
              <div className="mfa__qr">{qr ? <img src={qr} width={220} height={220} alt={t('mfa.setup.qrAlt')} /> : null}</div>
              <p>{t('mfa.setup.keyLead')}</p>
              <p className="mfa__key">
                <span className="visually-hidden">{t('mfa.setup.keyLabel')} </span>
                <code data-testid="mfa-secret">{setup.data.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
              </p>
            </li>
            <li>{t('mfa.setup.stepCode')}</li>
          </ol>
          <form onSubmit={onSubmit} noValidate className="auth-form">
            <ErrorSummary items={summaryFrom(errors, fields)} focusKey={submitCount} />
            <FormField id={fields[0].id} label={fields[0].label} hint={t('mfa.codeHint')} error={errors.code?.message} required>
              <input type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={7} {...register('code')} />
            </FormField>
            <SubmitButton pending={isSubmitting} label={t('mfa.setup.submit')} pendingLabel={t('mfa.setup.submitting')} />
          </form>
        </>
      ) : null}
    </div>
  );
}
