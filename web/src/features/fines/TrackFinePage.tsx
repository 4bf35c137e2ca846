import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { paths } from '../../paths';
import { PaymentHistory } from './components/PaymentHistory';
import './fines.css';

/** The signed-in citizen's paid fines, newest payment first. */
export function TrackFinePage() {
  const { t } = useTranslation(['fines', 'common']);
  return (
    <section className="page fines-page">
      <PageTitle subtitle={t('history.intro')}>{t('common:pageTitles.trackFine')}</PageTitle>
      <div className="card">
        <PaymentHistory empty={<p>{t('history.empty')}</p>} />
        <p>
          <Link className="button button--primary" to={paths.payFine}>
            {t('history.toPayFine')}
          </Link>
        </p>
      </div>
    </section>
  );
}
