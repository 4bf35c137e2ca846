import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { paths } from '../../paths';
import { LoginForm } from './LoginForm';
import { useLoginErrorText } from './login-errors';
import { useSignedInRedirect } from './use-signed-in-redirect';
import './auth.css';

/** /police/login: police officers only; the spec's messages for 401, 403 and anything else. */
export function PoliceLoginPage() {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  useSignedInRedirect('police_officer', () => paths.policeDashboard);

  const errorText = useLoginErrorText({ wrongRole: t('policeLogin.unauthorized'), other: () => t('policeLogin.failed') });

  return (
    <section className="page auth-page">
      <PageTitle subtitle={t('policeLogin.lead')}>{t('common:pageTitles.policeLogin')}</PageTitle>
      <div className="card">
        <LoginForm area="police" errorText={errorText} submitLabel={t('login.submit')} />
      </div>
    </section>
  );
}
