import { NotYetAvailable } from '../../components/NotYetAvailable';

export function TrackPage() {
  return <NotYetAvailable titleKey="pageTitles.track" />;
}
