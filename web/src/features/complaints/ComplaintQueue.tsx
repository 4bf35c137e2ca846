import { useTranslation } from 'react-i18next';

/** The complaints of the officer's branch and station (Traffic, Crime and Minor Offense branches). */
export function ComplaintQueue() {
  const { t } = useTranslation();
  return <p>{t('notYetAvailable.body')}</p>;
}
