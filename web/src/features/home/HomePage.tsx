import { NotYetAvailable } from '../../components/NotYetAvailable';

export function HomePage() {
  return <NotYetAvailable titleKey="pageTitles.home" />;
}
