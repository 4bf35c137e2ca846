import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { paths } from '../../paths';
import { LinkActions } from '../../components/LinkActions';
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
      <LinkActions
        actions={[
          { to: paths.home, label: t('common:actions.backHome'), primary: true },
          { to: paths.guidance, label: t('notFound.guidance') },
        ]}
      />
    </section>
  );
}
