import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { ComplaintForm } from './ComplaintForm';

export function MinorOffenceComplaintPage() {
  const { t } = useTranslation();
  return (
    <section className="page page--medium">
      <PageTitle>{t('pageTitles.complaintMinorOffence')}</PageTitle>
      <ComplaintForm type="minor_offense" />
    </section>
  );
}
