import { NotYetAvailable } from '../../components/NotYetAvailable';

export function AdminLoginPage() {
  return <NotYetAvailable titleKey="pageTitles.adminLogin" />;
}
