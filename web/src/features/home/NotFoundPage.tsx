import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { paths } from '../../paths';
import './home.css';

export function NotFoundPage() {
  const { t } = useTranslation(['home', 'common']);
  const { pathname } = useLocation();
  return (
    <section className="page page--narrow not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <PageTitle>{t('common:pageTitles.notFound')}</PageTitle>
      <p>{t('notFound.body')}</p>
      <p className="not-found__path">
        <code>{pathname}</code>
      </p>
      <div className="row">
        <Link className="button button--primary" to={paths.home}>
          {t('common:actions.backHome')}
        </Link>
        <Link className="button button--secondary" to={paths.guidance}>
          {t('notFound.guidance')}
        </Link>
      </div>
    </section>
  );
}
