import { NotYetAvailable } from '../../components/NotYetAvailable';

export function CreateOfficerPage() {
  return <NotYetAvailable titleKey="pageTitles.adminCreateOfficer" />;
}
