import { NotYetAvailable } from '../../components/NotYetAvailable';

export function TrackFinePage() {
  return <NotYetAvailable titleKey="pageTitles.trackFine" />;
}
