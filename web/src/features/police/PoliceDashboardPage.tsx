import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { Branch } from '@pes/contracts';
import { PageTitle } from '../../components/PageTitle';
import { useSession } from '../../lib/session/session-context';
import { useStationName } from '../../lib/stations/stations';

/** What each branch works on; the features that own the work supply it (app/police-area.tsx). Every branch has one. */
export type BranchPanels = Record<Branch, ComponentType>;

/** One dashboard per branch: the officer's name, branch and station, then their branch's panel. */
export function PoliceDashboardPage({ branchPanels }: { branchPanels: BranchPanels }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const stationName = useStationName();
  if (!user) return null;
  const Panel = user.branch ? branchPanels[user.branch] : undefined;
  // The branch and station in the chosen language (the session names them in English).
  const subtitle = [user.full_name ?? user.username, user.branch ? t(`branch.${user.branch}`) : null, user.station ? stationName(user.station) : null];
  return (
    <section className="page">
      <PageTitle subtitle={subtitle.filter(Boolean).join(' · ')}>{t('pageTitles.policeDashboard')}</PageTitle>
      {Panel ? <Panel /> : <p>{t('policeDashboard.noBranch')}</p>}
    </section>
  );
}
