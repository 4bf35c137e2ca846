import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { CertificateVerification } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { PageTitle } from '../../components/PageTitle';
import { useFormat } from '../../components/format';
import { ApiError } from '../../lib/api/client';
import { useCertificateVerification } from './verify-api';
import './clearance.css';

/** The verdict of one answer, in the page's words. */
function Verdict({ check }: { check: CertificateVerification }) {
  const { t } = useTranslation('clearance');
  const format = useFormat();
  const until = check.valid_until ? format.calendarDate(check.valid_until) : '';
  switch (check.result) {
    case 'valid':
      return <Alert kind="success">{t('verify.valid', { date: until })}</Alert>;
    case 'expired':
      return <Alert kind="warning">{t('verify.expired', { date: until })}</Alert>;
    case 'withdrawn':
      return <Alert kind="error">{t('verify.withdrawn', { date: check.withdrawn_at ? format.dateTime(check.withdrawn_at) : '' })}</Alert>;
    case 'replaced':
      return <Alert kind="warning">{t('verify.replaced')}</Alert>;
    case 'needs_code':
      return <Alert kind="info">{t('verify.needsCode')}</Alert>;
    default:
      return <Alert kind="error">{t('verify.unknown')}</Alert>;
  }
}

/**
 * /verify/{code}, the QR code's target: by the certificate's verification code, genuine and valid, expired,
 * withdrawn or replaced, or not ours; the holder's name only. A reference number names nobody.
 */
export function VerifyCertificatePage() {
  const { t } = useTranslation(['clearance', 'common']);
  const code = (useParams().code ?? '').slice(0, 60);
  const check = useCertificateVerification(code);

  let body;
  if (check.isPending) {
    body = (
      <p className="page-status" role="status" aria-live="polite">
        {t('verify.checking')}
      </p>
    );
  } else if (check.isError) {
    const throttled = check.error instanceof ApiError && check.error.status === 429;
    body = (
      <>
        <Alert kind="error">{t(throttled ? 'verify.tooMany' : 'verify.error')}</Alert>
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
          <Verdict check={v} />
        </div>
        {v.full_name ? (
          <dl className="clearance-facts">
            <dt>{t('verify.holder')}</dt>
            <dd>{v.full_name}</dd>
            <dt>{t('fields.reference')}</dt>
            <dd>{v.reference_number}</dd>
          </dl>
        ) : null}
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
