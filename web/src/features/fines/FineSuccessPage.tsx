import { NotYetAvailable } from '../../components/NotYetAvailable';

export function FineSuccessPage() {
  return <NotYetAvailable titleKey="pageTitles.fineSuccess" />;
}
