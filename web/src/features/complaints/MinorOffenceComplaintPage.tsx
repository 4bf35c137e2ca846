import { NotYetAvailable } from '../../components/NotYetAvailable';

export function MinorOffenceComplaintPage() {
  return <NotYetAvailable titleKey="pageTitles.complaintMinorOffence" />;
}
