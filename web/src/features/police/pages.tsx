// The police area, loaded as one chunk: the dashboard and the Traffic Fine Branch pages.
export { PoliceDashboardPage } from './PoliceDashboardPage';
export { IssueFinePage } from '../fines/IssueFinePage';
export { AnalyticsPage } from '../fines/AnalyticsPage';
