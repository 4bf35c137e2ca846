import { NotYetAvailable } from '../../components/NotYetAvailable';

export function TrafficComplaintPage() {
  return <NotYetAvailable titleKey="pageTitles.complaintTraffic" />;
}
