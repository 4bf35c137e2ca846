import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from './PageTitle';
import { paths } from '../paths';

/** A route whose service is not online yet: says so plainly in the chosen language. */
export function NotYetAvailable({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow">
      <PageTitle>{t(titleKey)}</PageTitle>
      <p>{t('notYetAvailable.body')}</p>
      <p>
        <Link to={paths.home}>{t('actions.backHome')}</Link>
      </p>
    </section>
  );
}
