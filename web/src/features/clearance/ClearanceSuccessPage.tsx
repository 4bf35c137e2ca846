import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { PageTitle } from '../../components/PageTitle';
import { useFormat } from '../../components/format';
import { ApiError } from '../../lib/api/client';
import { rememberReturnPath } from '../../lib/session/return-path';
import { useSession } from '../../lib/session/session-context';
import { paths } from '../../paths';
import { useClearancePaymentStatus } from './api';
import { clearLocalClearanceDraft } from './draft-storage';
import { LinkActions } from '../../components/LinkActions';
import './clearance.css';

/**
 * The gateway's success URL (?clearance_id=…&session_id=…). The server asks the gateway and records the
 * payment once; this page only shows what it answers: verifying, paid, not completed, failed or unclear.
 */
export function ClearanceSuccessPage() {
  const { t } = useTranslation(['clearance', 'common']);
  const [params] = useSearchParams();
  const location = useLocation();
  const format = useFormat();
  const { state } = useSession();
  const sessionId = params.get('session_id')?.trim() || null;
  // The gateway's return always names the application; a page reached with that alone cannot ask about the payment.
  const clearanceId = params.get('clearance_id')?.trim() || null;
  const status = useClearancePaymentStatus(sessionId, state.status === 'authenticated');
  const paid = status.data?.success === true;

  useEffect(() => {
    if (paid) clearLocalClearanceDraft();
  }, [paid]);

  const retryActions = (
    <div className="clearance-actions">
      <button type="button" className="button button--primary" onClick={() => void status.refetch()}>
        {t('success.retry')}
      </button>
      <Link className="button button--secondary" to={paths.clearanceApply}>
        {t('success.startOver')}
      </Link>
    </div>
  );

  let body: ReactNode;
  if (!sessionId && clearanceId) {
    body = (
      <>
        <Alert kind="info">{t('success.missingSessionTrack')}</Alert>
        <div className="clearance-actions">
          <Link className="button button--primary" to={paths.trackClearance}>
            {t('info.track')}
          </Link>
        </div>
      </>
    );
  } else if (!sessionId) {
    body = <Alert kind="error">{t('success.missingSession')}</Alert>;
  } else if (state.status === 'anonymous') {
    body = (
      <>
        <Alert kind="info">{t('success.signIn')}</Alert>
        <div className="clearance-actions">
          <Link className="button button--primary" to={paths.login} onClick={() => rememberReturnPath(location.pathname + location.search)}>
            {t('common:nav.login')}
          </Link>
        </div>
      </>
    );
  } else if (state.status === 'checking' || status.isPending) {
    body = (
      <p className="page-status" role="status" aria-live="polite">
        {t('success.verifying')}
      </p>
    );
  } else if (status.isError) {
    const err = status.error;
    const failed = err instanceof ApiError && err.status === 404;
    body = (
      <>
        <Alert kind="error">{failed ? t('success.verificationFailed') : t('success.genericError')}</Alert>
        {!failed ? (
          <>
            <p>{t('success.unclear')}</p>
            {/* The reference the text asks them to quote: the gateway's session id, which support looks up. */}
            <dl className="clearance-facts">
              <dt>{t('success.paymentReference')}</dt>
              <dd data-testid="payment-reference">{sessionId}</dd>
            </dl>
          </>
        ) : null}
        {retryActions}
      </>
    );
  } else if (paid) {
    const receipt = status.data!.clearanceCertificate;
    body = (
      <>
        <Alert kind="success">{t('success.paid')}</Alert>
        <dl className="clearance-facts">
          <dt>{t('fields.reference')}</dt>
          <dd data-testid="clearance-reference">{receipt.reference_number}</dd>
          <dt>{t('fields.amount')}</dt>
          <dd className="money">{format.money(receipt.amount)}</dd>
        </dl>
        <p>{t('success.processing')}</p>
        <p>{t('success.validity')}</p>
        <LinkActions
          className="clearance-actions"
          actions={[
            { to: paths.trackClearance, label: t('info.track'), primary: true },
            { to: paths.home, label: t('common:actions.backHome') },
          ]}
        />
      </>
    );
  } else {
    body = (
      <>
        <Alert kind="warning">{t('success.notCompleted')}</Alert>
        {retryActions}
      </>
    );
  }

  return (
    <section className="page page--medium clearance-page">
      <PageTitle>{t('common:pageTitles.clearanceSuccess')}</PageTitle>
      <div className="card stack">{body}</div>
    </section>
  );
}
