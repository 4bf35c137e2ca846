import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { PageTitle } from '../../components/PageTitle';
import { useFormat } from '../../components/format';
import { useCertificateVerification } from './api';
import './clearance.css';

/** /verify/{reference}, the QR code's target: genuine and valid, genuine but expired, or not ours; the holder's name only. */
export function VerifyCertificatePage() {
  const { t } = useTranslation(['clearance', 'common']);
  const format = useFormat();
  const reference = (useParams().reference ?? '').slice(0, 40);
  const check = useCertificateVerification(reference);

  let body;
  if (check.isPending) {
    body = (
      <p className="page-status" role="status" aria-live="polite">
        {t('verify.checking')}
      </p>
    );
  } else if (check.isError) {
    body = (
      <>
        <Alert kind="error">{t('verify.error')}</Alert>
        <button type="button" className="button button--secondary" onClick={() => void check.refetch()}>
          {t('common:actions.retry')}
        </button>
      </>
    );
  } else {
    const v = check.data;
    body = (
      <>
        <div className="clearance-verify-result" data-testid="verify-result" data-result={v.result}>
          {v.result === 'valid' ? (
            <Alert kind="success">{t('verify.valid', { date: format.calendarDate(v.valid_until!) })}</Alert>
          ) : v.result === 'expired' ? (
            <Alert kind="warning">{t('verify.expired', { date: format.calendarDate(v.valid_until!) })}</Alert>
          ) : (
            <Alert kind="error">{t('verify.unknown')}</Alert>
          )}
        </div>
        <dl className="clearance-facts">
          <dt>{t('fields.reference')}</dt>
          <dd>{v.reference_number}</dd>
          {v.full_name ? (
            <>
              <dt>{t('verify.holder')}</dt>
              <dd>{v.full_name}</dd>
            </>
          ) : null}
        </dl>
      </>
    );
  }

  return (
    <section className="page page--narrow clearance-page">
      <PageTitle>{t('common:pageTitles.verifyCertificate')}</PageTitle>
      <div className="card stack">{body}</div>
    </section>
  );
}
