import { NotYetAvailable } from '../../components/NotYetAvailable';

export function IssueFinePage() {
  return <NotYetAvailable titleKey="pageTitles.issueFine" />;
}
