import { NotYetAvailable } from '../../components/NotYetAvailable';

export const LoginPage = () => <NotYetAvailable titleKey="pageTitles.login" />;
export const SignupPage = () => <NotYetAvailable titleKey="pageTitles.signup" />;
export const AdminLoginPage = () => <NotYetAvailable titleKey="pageTitles.adminLogin" />;
export const PoliceLoginPage = () => <NotYetAvailable titleKey="pageTitles.policeLogin" />;
