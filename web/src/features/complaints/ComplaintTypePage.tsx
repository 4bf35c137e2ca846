import { NotYetAvailable } from '../../components/NotYetAvailable';

export function ComplaintTypePage() {
  return <NotYetAvailable titleKey="pageTitles.complaint" />;
}
