import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { paths } from '../../paths';
import { staffDestination } from './destinations';
import { LoginForm } from './LoginForm';
import { useLoginErrorText } from './login-errors';
import { useSignedInRedirect } from './use-signed-in-redirect';
import { SessionEndedNotice } from './SessionEndedNotice';
import { SignedInAsNotice } from './SignedInAsNotice';
import './auth.css';

const policeDestination = () => staffDestination('police');

/** /police/login: police officers only; the spec's messages for 401, 403 and anything else. */
export function PoliceLoginPage() {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  useSignedInRedirect('police_officer', policeDestination);

  const errorText = useLoginErrorText({ wrongRole: t('policeLogin.unauthorized'), other: () => t('policeLogin.failed') });

  return (
    <section className="page auth-page">
      <PageTitle subtitle={t('policeLogin.lead')}>{t('common:pageTitles.policeLogin')}</PageTitle>
      <div className="card">
        <SessionEndedNotice signInPath={paths.policeLogin} />
        <SignedInAsNotice pageRole="police_officer" />
        <LoginForm area="police" errorText={errorText} submitLabel={t('login.submit')} />
      </div>
    </section>
  );
}
