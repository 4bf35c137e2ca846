import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { useErrorMessage } from '../../components/errors';
import { paths } from '../../paths';
import { staffDestination } from './destinations';
import { LoginForm } from './LoginForm';
import { useLoginErrorText } from './login-errors';
import { useSignedInRedirect } from './use-signed-in-redirect';
import { SessionEndedNotice } from './SessionEndedNotice';
import { SignedInAsNotice } from './SignedInAsNotice';
import './auth.css';

const adminDestination = () => staffDestination('admin');

/** /admin and /login/admin: administrators only (spec: 'Unauthorized - Admin access only'). */
export function AdminLoginPage() {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  const errorMessage = useErrorMessage();
  useSignedInRedirect('admin', adminDestination);

  const errorText = useLoginErrorText({ wrongRole: t('adminLogin.unauthorized'), other: (err) => errorMessage(err, 'auth:adminLogin.failed') });

  return (
    <section className="page auth-page">
      <PageTitle subtitle={t('adminLogin.lead')}>{t('common:pageTitles.adminLogin')}</PageTitle>
      <div className="card">
        <SessionEndedNotice signInPath={paths.adminLogin} />
        <SignedInAsNotice pageRole="admin" />
        <LoginForm area="admin" errorText={errorText} submitLabel={t('login.submit')} />
      </div>
    </section>
  );
}
