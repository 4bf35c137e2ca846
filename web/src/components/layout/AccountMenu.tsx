import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/session-context';
import { rememberReturnPath } from '../../lib/session/return-path';
import { paths } from '../../paths';
import { signedOutPathFor } from './nav-items';

export function AccountMenu() {
  const { t } = useTranslation();
  const { user, signOut } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState(false);

  if (!user) {
    return (
      <div className="account-menu">
        <Link className="button button--ghost" to={paths.login} onClick={() => rememberReturnPath(location.pathname + location.search)}>
          {t('nav.login')}
        </Link>
        <Link className="button button--primary" to={paths.signup}>
          {t('nav.signup')}
        </Link>
      </div>
    );
  }
  return (
    <div className="account-menu">
      <span className="account-menu__greeting" data-testid="greeting">
        {t('nav.greeting', { name: user.username })}
      </span>
      <Link className="button button--ghost" to={paths.changePassword}>
        {t('nav.changePassword')}
      </Link>
      <button
        type="button"
        className="button button--ghost"
        onClick={async () => {
          setError(false);
          const next = signedOutPathFor(user);
          try {
            await signOut();
            navigate(next);
          } catch {
            setError(true);
          }
        }}
      >
        {t('nav.logout')}
      </button>
      {error ? <span role="alert">{t('nav.logoutFailed')}</span> : null}
    </div>
  );
}
