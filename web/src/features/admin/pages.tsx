import { NotYetAvailable } from '../../components/NotYetAvailable';

export const AdminDashboardPage = () => <NotYetAvailable titleKey="pageTitles.adminDashboard" />;
export const CreateOfficerPage = () => <NotYetAvailable titleKey="pageTitles.adminCreateOfficer" />;
export const UsersPage = () => <NotYetAvailable titleKey="pageTitles.adminUsers" />;
