import { NotYetAvailable } from '../../components/NotYetAvailable';

export function UsersPage() {
  return <NotYetAvailable titleKey="pageTitles.adminUsers" />;
}
