import { useTranslation } from 'react-i18next';

/** The Traffic Fine Branch dashboard: issued fines, search, Issue New Fine and View Analytics. */
export function FineOfficerDashboard() {
  const { t } = useTranslation();
  return <p>{t('notYetAvailable.body')}</p>;
}
