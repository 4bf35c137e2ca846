import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/Alert';
import { PageTitle } from '../../components/PageTitle';
import { paths } from '../../paths';
import './clearance.css';

/** The gateway's cancel URL: nothing was charged; the application can be paid later. */
export function ClearanceCancelPage() {
  const { t } = useTranslation(['clearance', 'common']);
  const navigate = useNavigate();
  return (
    <section className="page page--narrow clearance-page">
      <PageTitle>{t('common:pageTitles.clearanceCancel')}</PageTitle>
      <div className="card stack">
        <Alert kind="warning">{t('cancel.body')}</Alert>
        <div className="clearance-actions">
          <button type="button" className="button button--primary" onClick={() => void navigate(-1)}>
            {t('cancel.tryAgain')}
          </button>
          <Link className="button button--secondary" to={paths.clearance}>
            {t('cancel.toClearance')}
          </Link>
        </div>
      </div>
    </section>
  );
}
