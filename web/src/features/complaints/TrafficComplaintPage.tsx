import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { ComplaintForm } from './ComplaintForm';

export function TrafficComplaintPage() {
  const { t } = useTranslation();
  return (
    <section className="page page--medium">
      <PageTitle>{t('pageTitles.complaintTraffic')}</PageTitle>
      <ComplaintForm type="traffic" />
    </section>
  );
}
