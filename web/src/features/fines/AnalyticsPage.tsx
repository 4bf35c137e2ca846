import { NotYetAvailable } from '../../components/NotYetAvailable';

export function AnalyticsPage() {
  return <NotYetAvailable titleKey="pageTitles.analytics" />;
}
