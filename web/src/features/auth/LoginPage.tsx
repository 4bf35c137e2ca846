import { NotYetAvailable } from '../../components/NotYetAvailable';

export function LoginPage() {
  return <NotYetAvailable titleKey="pageTitles.login" />;
}
