import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { useErrorMessage } from '../../components/errors';
import { paths } from '../../paths';
import { LoginForm } from './LoginForm';
import { useLoginErrorText } from './login-errors';
import { useSignedInRedirect } from './use-signed-in-redirect';
import './auth.css';

/** /admin and /login/admin: administrators only (spec: 'Unauthorized - Admin access only'). */
export function AdminLoginPage() {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  const errorMessage = useErrorMessage();
  useSignedInRedirect('admin', () => paths.adminDashboard);

  const errorText = useLoginErrorText({ wrongRole: t('adminLogin.unauthorized'), other: (err) => errorMessage(err, 'auth:adminLogin.failed') });

  return (
    <section className="page auth-page">
      <PageTitle subtitle={t('adminLogin.lead')}>{t('common:pageTitles.adminLogin')}</PageTitle>
      <div className="card">
        <LoginForm area="admin" errorText={errorText} submitLabel={t('login.submit')} />
      </div>
    </section>
  );
}
