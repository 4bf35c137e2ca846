import { NotYetAvailable } from '../../components/NotYetAvailable';

/** Traffic Fine Branch pages, loaded with the police area. */
export const IssueFinePage = () => <NotYetAvailable titleKey="pageTitles.issueFine" />;
export const AnalyticsPage = () => <NotYetAvailable titleKey="pageTitles.analytics" />;
