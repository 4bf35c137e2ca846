import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { PageTitle } from '../../components/PageTitle';
import { useErrorMessage } from '../../components/errors';
import { paths } from '../../paths';
import { useSession } from '../../lib/session/session-context';
import { rememberReturnPath } from '../../lib/session/return-path';
import { useMarkPaid } from './api';
import { FineReceipt } from './components/FineReceipt';
import './fines.css';

/**
 * The gateway's success URL (?fineId=…). The server asks the gateway whether the checkout was paid and only
 * then marks the fine paid, so arriving here by hand changes nothing.
 */
export function FineSuccessPage() {
  const { t } = useTranslation(['fines', 'common']);
  const [params] = useSearchParams();
  const location = useLocation();
  const fineId = params.get('fineId')?.trim() || null;
  const sessionId = params.get('session_id')?.trim() || undefined;
  const { state } = useSession();
  const markPaid = useMarkPaid();
  const errorMessage = useErrorMessage();
  const started = useRef(false);

  const { mutate: markFinePaid } = markPaid;
  const verify = useCallback(() => {
    if (fineId) markFinePaid({ fineId, sessionId });
  }, [fineId, sessionId, markFinePaid]);
  useEffect(() => {
    // Once per visit (React may run effects twice in development); the server call is idempotent anyway.
    if (started.current || !fineId || state.status !== 'authenticated') return;
    started.current = true;
    verify();
  }, [fineId, state.status, verify]);

  let body: ReactNode;
  if (!fineId) {
    body = <FailureCard message={t('success.missingFineId')} />;
  } else if (state.status === 'checking' || (state.status === 'authenticated' && (markPaid.isIdle || markPaid.isPending))) {
    body = (
      <div className="card">
        <p className="page-status" role="status" aria-live="polite">
          {t('success.verifying')}
        </p>
      </div>
    );
  } else if (state.status === 'anonymous') {
    body = (
      <div className="card stack">
        <Alert kind="info">{t('success.signInToVerify')}</Alert>
        <div className="fines-actions">
          <Link className="button button--primary" to={paths.login} onClick={() => rememberReturnPath(location.pathname + location.search)}>
            {t('common:nav.login')}
          </Link>
        </div>
      </div>
    );
  } else if (markPaid.isError) {
    body = <FailureCard message={errorMessage(markPaid.error, 'fines:success.updateFailed')} onRetry={verify} />;
  } else if (markPaid.data) {
    body = (
      <div className="stack">
        <div className="fines-print-hide">
          <Alert kind="success">{t('success.confirmed')}</Alert>
        </div>
        <FineReceipt fine={markPaid.data} />
        <div className="fines-actions fines-print-hide">
          <button type="button" className="button button--primary" onClick={() => window.print()}>
            {t('success.print')}
          </button>
          <Link className="button button--secondary" to={paths.home}>
            {t('common:actions.backHome')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <section className="page fines-page page--medium fine-success">
      <PageTitle>{t('common:pageTitles.fineSuccess')}</PageTitle>
      {body}
    </section>
  );
}

function FailureCard({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation(['fines', 'common']);
  return (
    <div className="card stack">
      <h2>{t('success.failedTitle')}</h2>
      <Alert kind="error">{message}</Alert>
      <div className="fines-actions">
        <Link className="button button--primary" to={paths.payFine}>
          {t('success.backToPayFine')}
        </Link>
        {onRetry ? (
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('common:actions.retry')}
          </button>
        ) : null}
        <Link className="button button--ghost" to={paths.home}>
          {t('common:actions.backHome')}
        </Link>
      </div>
    </div>
  );
}
