import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminEndpoints } from '@pes/contracts';
import { Alert } from '../../../components/Alert';
import { useErrorMessage } from '../../../components/errors';
import { Modal } from '../../../components/Modal';
import { useFocusOutcome } from '../../../components/use-focus-outcome';
import { call } from '../../../lib/api/client';

/**
 * Resets an officer's or administrator's second sign-in step (audited; their sessions end): they set it up again
 * at their next sign-in, as on their first. For a lost phone.
 */
export function ResetMfaButton({ userId, label }: { userId: number; label: string }) {
  const { t } = useTranslation('admin');
  const errorMessage = useErrorMessage();
  const reset = useMutation({ mutationFn: () => call(adminEndpoints.resetMfa, { params: { id: userId } }) });
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const outcomeRef = useFocusOutcome(outcome);

  const run = async () => {
    setConfirming(false);
    setOutcome(null);
    try {
      await reset.mutateAsync();
      setOutcome({ kind: 'success', text: t('resetMfa.done', { name: label }) });
    } catch (err) {
      setOutcome({ kind: 'error', text: `${t('resetMfa.failed')}: ${errorMessage(err)}` });
    }
  };

  return (
    <div className="admin-area__mfa">
      <h3>{t('resetMfa.heading')}</h3>
      <p className="admin-area__muted">{t('resetMfa.lead')}</p>
      <div ref={outcomeRef} tabIndex={-1} className="admin-area__outcome">
        {outcome ? <Alert kind={outcome.kind}>{outcome.text}</Alert> : null}
      </div>
      <button type="button" className="button button--secondary" disabled={reset.isPending} onClick={() => setConfirming(true)}>
        {t('resetMfa.button')}
      </button>
      <Modal open={confirming} title={t('resetMfa.title')} onClose={() => setConfirming(false)}>
        <p>{t('resetMfa.confirm', { name: label })}</p>
        <div className="row">
          <button type="button" className="button button--danger" onClick={() => void run()}>
            {t('resetMfa.confirmButton')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
            {t('resetMfa.cancel')}
          </button>
        </div>
      </Modal>
    </div>
  );
}
