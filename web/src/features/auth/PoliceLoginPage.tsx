import { NotYetAvailable } from '../../components/NotYetAvailable';

export function PoliceLoginPage() {
  return <NotYetAvailable titleKey="pageTitles.policeLogin" />;
}
