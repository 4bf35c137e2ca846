import { NotYetAvailable } from '../../components/NotYetAvailable';

export function PayFinePage() {
  return <NotYetAvailable titleKey="pageTitles.payFine" />;
}
