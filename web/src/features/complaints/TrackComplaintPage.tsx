import { NotYetAvailable } from '../../components/NotYetAvailable';

export function TrackComplaintPage() {
  return <NotYetAvailable titleKey="pageTitles.trackComplaint" />;
}
