import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@pes/contracts';
import { PageTitle } from '../../components/PageTitle';
import { homePathFor } from '../../components/layout/nav-items';

/**
 * What an officer or administrator sees on a citizen's page: sending them to the citizen sign-in page (where
 * their staff account is refused) led nowhere, so the page says whose it is and leads back to their own area.
 */
export function StaffOnCitizenPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow" data-testid="citizens-only">
      <PageTitle>{t('guard.citizensOnly.title')}</PageTitle>
      <p>{t(user.role === 'admin' ? 'guard.citizensOnly.admin' : 'guard.citizensOnly.police')}</p>
      <p>
        <Link className="button button--primary" to={homePathFor(user)}>
          {t('guard.citizensOnly.back')}
        </Link>
      </p>
    </section>
  );
}
