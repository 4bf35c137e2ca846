import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatVerificationCode, type ClearanceCertificate } from '@pes/contracts';
import { useFormat } from '../../../components/format';

/**
 * Asked before a new certificate replaces the one the application holds (generated or attached): what
 * happens to the current one, then Replace or Keep. It takes the focus when it appears, and gives it back
 * to the caller's control on Keep.
 */
export function ReplaceConfirmation({
  id,
  current,
  busy,
  onConfirm,
  onCancel,
}: {
  id: string;
  current: ClearanceCertificate;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('clearance');
  const format = useFormat();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="certificate-confirm" role="group" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} data-testid="certificate-replace-confirm">
      <h5 id={`${id}-title`} tabIndex={-1} ref={headingRef}>
        {t('officer.certificate.replaceTitle')}
      </h5>
      <p id={`${id}-text`}>
        {t(current.withdrawn_at ? 'officer.certificate.replaceWithdrawn' : 'officer.certificate.replaceText', {
          date: format.dateTime(current.issued_at),
          code: formatVerificationCode(current.verification_code),
        })}
      </p>
      <div className="clearance-actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={onConfirm}>
          {t('officer.certificate.replaceConfirm')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('officer.certificate.replaceKeep')}
        </button>
      </div>
    </div>
  );
}
