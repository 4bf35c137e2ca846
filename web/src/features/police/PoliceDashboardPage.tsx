import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { useSession } from '../../lib/session/session-context';
import { ComplaintQueue } from '../complaints/ComplaintQueue';
import { FineOfficerDashboard } from '../fines/FineOfficerDashboard';

/** One dashboard per branch: each branch's work comes from the feature that owns it. */
export function PoliceDashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <section className="page">
      <PageTitle subtitle={[user.full_name ?? user.username, user.branch, user.station].filter(Boolean).join(' · ')}>
        {t('pageTitles.policeDashboard')}
      </PageTitle>
      {user.branch === 'Traffic Fine Branch' ? (
        <FineOfficerDashboard />
      ) : user.branch === 'Admin Branch' ? (
        <p>{t('notYetAvailable.body')}</p>
      ) : (
        <ComplaintQueue />
      )}
    </section>
  );
}
