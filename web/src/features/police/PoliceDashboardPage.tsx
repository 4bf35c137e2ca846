import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { Branch } from '@pes/contracts';
import { PageTitle } from '../../components/PageTitle';
import { useSession } from '../../lib/session/session-context';

/** What each branch works on; the features that own the work supply it (app/police-area.tsx). Every branch has one. */
export type BranchPanels = Record<Branch, ComponentType>;

/** One dashboard per branch: the officer's name, branch and station, then their branch's panel. */
export function PoliceDashboardPage({ branchPanels }: { branchPanels: BranchPanels }) {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  const Panel = user.branch ? branchPanels[user.branch] : undefined;
  return (
    <section className="page">
      <PageTitle subtitle={[user.full_name ?? user.username, user.branch, user.station].filter(Boolean).join(' · ')}>
        {t('pageTitles.policeDashboard')}
      </PageTitle>
      {Panel ? <Panel /> : <p>{t('policeDashboard.noBranch')}</p>}
    </section>
  );
}
