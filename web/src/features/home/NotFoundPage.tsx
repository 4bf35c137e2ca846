import { NotYetAvailable } from '../../components/NotYetAvailable';

export function NotFoundPage() {
  return <NotYetAvailable titleKey="pageTitles.notFound" />;
}
