import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/Alert';
import { PageTitle } from '../../components/PageTitle';
import { paths } from '../../paths';
import './fines.css';

/** The gateway's cancel URL: nothing was charged and the fine stays unpaid. */
export function FineCancelPage() {
  const { t } = useTranslation(['fines', 'common']);
  return (
    <section className="page fines-page page--narrow">
      <PageTitle>{t('common:pageTitles.fineCancel')}</PageTitle>
      <div className="card stack">
        <Alert kind="warning">
          <strong>{t('cancel.heading')}</strong>
          <br />
          {t('cancel.body')}
        </Alert>
        <p>{t('cancel.next')}</p>
        <div className="fines-actions">
          <Link className="button button--primary" to={paths.payFine}>
            {t('cancel.toPayFine')}
          </Link>
          <Link className="button button--secondary" to={paths.home}>
            {t('common:actions.backHome')}
          </Link>
        </div>
      </div>
    </section>
  );
}
