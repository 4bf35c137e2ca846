import { NotYetAvailable } from '../../components/NotYetAvailable';

export function GuidancePage() {
  return <NotYetAvailable titleKey="pageTitles.guidance" />;
}
