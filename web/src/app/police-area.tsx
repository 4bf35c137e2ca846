import { ComplaintQueue } from '../features/complaints/ComplaintQueue';
import { FineOfficerDashboard } from '../features/fines/FineOfficerDashboard';
import type { BranchPanels } from '../features/police/PoliceDashboardPage';

/**
 * What the police area shows from other features, loaded with it as one chunk: each branch's panel on
 * the dashboard (the Admin Branch has none yet) and the Traffic Fine Branch's own pages.
 */
export const branchPanels: BranchPanels = {
  'Traffic Branch': ComplaintQueue,
  'Crime Branch': ComplaintQueue,
  'Minor Offense Branch': ComplaintQueue,
  'Traffic Fine Branch': FineOfficerDashboard,
};

export { IssueFinePage } from '../features/fines/IssueFinePage';
export { AnalyticsPage } from '../features/fines/AnalyticsPage';
