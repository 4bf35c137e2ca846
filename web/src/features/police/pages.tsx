import { NotYetAvailable } from '../../components/NotYetAvailable';

export const PoliceDashboardPage = () => <NotYetAvailable titleKey="pageTitles.policeDashboard" />;
export { IssueFinePage, AnalyticsPage } from '../fines/police-pages';
