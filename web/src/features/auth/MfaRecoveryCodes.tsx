import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MfaConfirmResponse } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { useErrorMessage } from '../../components/errors';
import { useSession } from '../../lib/session/session-context';
import { StepHeading } from './StepHeading';

/** The ten recovery codes, shown once after set-up: to download or print before the session starts. */
export function MfaRecoveryCodes({ session }: { session: MfaConfirmResponse }) {
  const { t } = useTranslation(['auth', 'common']);
  const errorMessage = useErrorMessage();
  const { startSession } = useSession();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const codes = session.recovery_codes;

  const download = () => {
    const text = `${t('mfa.recovery.fileHeading')}\n\n${codes.join('\n')}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'pes-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const proceed = async () => {
    setPending(true);
    setFailure(null);
    try {
      await startSession(session);
    } catch (err) {
      setFailure(errorMessage(err));
      setPending(false);
    }
  };

  return (
    <div className="mfa mfa--recovery">
      <StepHeading>{t('mfa.recovery.title')}</StepHeading>
      <Alert kind="info">{t('mfa.recovery.lead')}</Alert>
      <ol className="mfa__codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="mfa__actions">
        <button type="button" className="button button--secondary" onClick={download}>
          {t('mfa.recovery.download')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          {t('mfa.recovery.print')}
        </button>
      </div>
      {failure ? <Alert kind="error">{failure}</Alert> : null}
      <button type="button" className="button button--primary auth-form__submit" disabled={pending} onClick={() => void proceed()}>
        {pending ? t('mfa.recovery.continuing') : t('mfa.recovery.continue')}
      </button>
    </div>
  );
}
