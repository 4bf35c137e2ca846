import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { paths } from '../../paths';

/** An administrator's page opens with its one heading, the way back to the dashboard and what the page is for. */
export function AdminPageHeader({ title, intro }: { title: string; intro: string }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <p>
        <Link to={paths.adminDashboard}>{t('backToDashboard')}</Link>
      </p>
      <p className="admin-area__muted">{intro}</p>
    </>
  );
}
