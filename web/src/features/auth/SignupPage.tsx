import { NotYetAvailable } from '../../components/NotYetAvailable';

export function SignupPage() {
  return <NotYetAvailable titleKey="pageTitles.signup" />;
}
