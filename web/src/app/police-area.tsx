import { AnonymousQueue } from '../features/anonymous/AnonymousQueue';
import { ClearanceOfficerPanel } from '../features/clearance/officer/ClearanceOfficerPanel';
import { ComplaintQueue } from '../features/complaints/ComplaintQueue';
import { FineOfficerDashboard } from '../features/fines/FineOfficerDashboard';
import type { BranchPanels } from '../features/police/PoliceDashboardPage';

/** The Crime Branch works on its complaints by date and on the anonymous complaints assigned to each officer. */
function CrimeBranchPanel() {
  return (
    <>
      <ComplaintQueue />
      <AnonymousQueue />
    </>
  );
}

/**
 * What the police area shows from other features, loaded with it as one chunk: each branch's panel on
 * the dashboard (the Admin Branch's is the clearance applications) and the Traffic Fine Branch's own pages.
 */
export const branchPanels: BranchPanels = {
  'Traffic Branch': ComplaintQueue,
  'Crime Branch': CrimeBranchPanel,
  'Minor Offense Branch': ComplaintQueue,
  'Traffic Fine Branch': FineOfficerDashboard,
  'Admin Branch': ClearanceOfficerPanel,
};

export { IssueFinePage } from '../features/fines/IssueFinePage';
export { AnalyticsPage } from '../features/fines/AnalyticsPage';
