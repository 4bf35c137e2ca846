import { NotYetAvailable } from '../../components/NotYetAvailable';

export const AnonymousComplaintPage = () => <NotYetAvailable titleKey="pageTitles.anonymousComplaint" />;
