import { useTranslation } from 'react-i18next';
import { formatVerificationCode, type ClearanceCertificate } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { PageTitle } from '../../components/PageTitle';
import { useFormat } from '../../components/format';
import { ApiError } from '../../lib/api/client';
import { useSession } from '../../lib/session/session-context';
import { useClearanceTrack } from './api';
import { StoredFile } from '../../components/stored-file/StoredFile';
import './clearance.css';

/**
 * The certificate's verification code and address, for whoever the holder shows the certificate to. A PDF
 * the officer attached does not print them, so here is where the holder finds them.
 */
function VerificationCode({ certificate }: { certificate: ClearanceCertificate }) {
  const { t } = useTranslation('clearance');
  return (
    <div className="clearance-verification" data-testid="certificate-verification">
      <p>{t(certificate.generated ? 'track.verifyPrinted' : 'track.verifyNotPrinted')}</p>
      <dl className="clearance-facts">
        <dt>{t('track.verificationCode')}</dt>
        <dd>
          <code>{formatVerificationCode(certificate.verification_code)}</code>
        </dd>
        <dt>{t('track.verificationPage')}</dt>
        <dd>
          <a href={certificate.verification_url}>{certificate.verification_url}</a>
        </dd>
      </dl>
    </div>
  );
}

/**
 * /track-clearance: the citizen's latest application, its colour-coded status and the certificate when there
 * is one (with its verification code), or its withdrawal (and no download).
 */
export function TrackClearancePage() {
  const { t } = useTranslation(['clearance', 'common']);
  const format = useFormat();
  const { state } = useSession();
  const identityNumber = state.status === 'authenticated' ? state.user.identity_number : null;
  const track = useClearanceTrack(identityNumber);

  let body;
  if (state.status === 'authenticated' && !identityNumber) {
    body = <Alert kind="error">{t('track.missingIdentity')}</Alert>;
  } else if (track.isPending) {
    body = (
      <p className="page-status" role="status" aria-live="polite">
        {t('track.loading')}
      </p>
    );
  } else if (track.isError) {
    body =
      track.error instanceof ApiError && track.error.code === 'clearance.not_found' ? (
        <Alert kind="info">{t('track.none')}</Alert>
      ) : (
        <>
          <Alert kind="error">{t('track.error')}</Alert>
          <button type="button" className="button button--secondary" onClick={() => void track.refetch()}>
            {t('common:actions.retry')}
          </button>
        </>
      );
  } else {
    const a = track.data;
    const url = a.certificate_url;
    body = (
      <>
        <h2>{t('track.overview')}</h2>
        <dl className="clearance-facts">
          <dt>{t('fields.reference')}</dt>
          <dd>{a.reference_number}</dd>
          <dt>{t('fields.status')}</dt>
          <dd>
            <span className={`clearance-status clearance-status--${a.status}`}>{t(`status.${a.status}`)}</span>
          </dd>
          {a.status === 'rejected' && a.rejection_reason ? (
            <>
              <dt>{t('fields.reason')}</dt>
              <dd>{a.rejection_reason}</dd>
            </>
          ) : null}
          <dt>{t('fields.created')}</dt>
          <dd>{format.dateTime(a.created_at)}</dd>
          <dt>{t('fields.fullName')}</dt>
          <dd>{a.full_name}</dd>
          <dt>{t('fields.identityNumber')}</dt>
          <dd>{a.idNumber}</dd>
        </dl>
        <h2>{t('track.certificate')}</h2>
        {a.certificate?.withdrawn_at ? (
          <div data-testid="certificate-withdrawn">
            <Alert kind="error">
              <p>{t('track.withdrawn', { date: format.dateTime(a.certificate.withdrawn_at) })}</p>
              {a.certificate.withdrawal_reason ? (
                <p>
                  {t('fields.reason')}: {a.certificate.withdrawal_reason}
                </p>
              ) : null}
            </Alert>
          </div>
        ) : url ? (
          <>
            <StoredFile url={url} label={t('track.previewLabel')} className="clearance-preview" />
            <div className="clearance-actions">
              <a className="button button--secondary" href={url} target="_blank" rel="noopener">
                {t('track.openNewTab')}
              </a>
              <a className="button button--primary" href={url} download={`${a.reference_number ?? 'certificate'}.pdf`}>
                {t('track.download')}
              </a>
            </div>
            {a.certificate ? <VerificationCode certificate={a.certificate} /> : null}
          </>
        ) : (
          <p>{t('track.notYetAvailable')}</p>
        )}
      </>
    );
  }

  return (
    <section className="page page--medium clearance-page">
      <PageTitle>{t('common:pageTitles.trackClearance')}</PageTitle>
      <div className="card stack">{body}</div>
    </section>
  );
}
