import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { ComplaintForm } from './ComplaintForm';

export function CrimeComplaintPage() {
  const { t } = useTranslation();
  return (
    <section className="page page--medium">
      <PageTitle>{t('pageTitles.complaintCrime')}</PageTitle>
      <ComplaintForm type="crime" />
    </section>
  );
}
