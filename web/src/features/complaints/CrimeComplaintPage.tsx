import { NotYetAvailable } from '../../components/NotYetAvailable';

export function CrimeComplaintPage() {
  return <NotYetAvailable titleKey="pageTitles.complaintCrime" />;
}
