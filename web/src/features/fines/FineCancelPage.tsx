import { NotYetAvailable } from '../../components/NotYetAvailable';

export function FineCancelPage() {
  return <NotYetAvailable titleKey="pageTitles.fineCancel" />;
}
