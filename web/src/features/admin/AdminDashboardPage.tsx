import { NotYetAvailable } from '../../components/NotYetAvailable';

export function AdminDashboardPage() {
  return <NotYetAvailable titleKey="pageTitles.adminDashboard" />;
}
