import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { PageTitle } from '../../components/PageTitle';
import { paths } from '../../paths';
import { LoginForm } from './LoginForm';
import { useLoginErrorText } from './login-errors';
import { takeReturnPath } from '../../lib/session/return-path';
import { useSignedInRedirect } from './use-signed-in-redirect';
import { SessionEndedNotice } from './SessionEndedNotice';
import { SignedInAsNotice } from './SignedInAsNotice';
import './auth.css';

/** Where a citizen goes after signing in: the page they wanted, unless that is a sign-in page or a staff area. */
function citizenDestination() {
  const path = takeReturnPath(paths.home);
  const pathname = path.split(/[?#]/)[0]!;
  const elsewhere =
    pathname === paths.login ||
    pathname === paths.signup ||
    pathname.startsWith('/login/') ||
    pathname === paths.adminLogin ||
    pathname.startsWith(`${paths.adminLogin}/`) ||
    pathname.startsWith('/police/');
  return elsewhere ? paths.home : path;
}

export function LoginPage() {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  const location = useLocation();
  const signedUp = (location.state as { signedUp?: boolean } | null)?.signedUp === true;
  useSignedInRedirect('citizen', citizenDestination);

  const errorText = useLoginErrorText({ wrongRole: t('login.unauthorizedRole'), other: () => t('login.failed') });

  return (
    <section className="page auth-page">
      <PageTitle subtitle={t('login.lead')}>{t('common:pageTitles.login')}</PageTitle>
      <div className="card">
        <SessionEndedNotice signInPath={paths.login} />
        <SignedInAsNotice pageRole="citizen" />
        {signedUp ? <Alert kind="success">{t('login.signupDone')}</Alert> : null}
        <LoginForm area="citizen" errorText={errorText} submitLabel={t('login.submit')} />
        <p className="auth-page__switch">
          {t('login.noAccount')} <Link to={paths.signup}>{t('login.signupLink')}</Link>
        </p>
      </div>
      <p className="auth-page__staff">
        {t('login.staffNote')} <Link to={paths.policeLogin}>{t('common:footer.policeLogin')}</Link> ·{' '}
        <Link to={paths.adminLogin}>{t('common:footer.adminLogin')}</Link>
      </p>
    </section>
  );
}
