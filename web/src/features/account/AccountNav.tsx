import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/session-context';
import { paths } from '../../paths';
import { devicesPathFor } from '../../components/layout/nav-items';

/** The account's own pages, side by side: a citizen's devices, data, settings and password; staff's devices and password. */
export function AccountNav() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  if (!user) return null;
  const password = { to: paths.changePassword, label: t('nav.password') };
  const links =
    user.role === 'citizen'
      ? [
          { to: paths.accountDevices, label: t('nav.devices') },
          { to: paths.accountData, label: t('nav.data') },
          { to: paths.accountDataViews, label: t('nav.dataViews') },
          { to: paths.settings, label: t('nav.settings') },
          password,
        ]
      : [{ to: devicesPathFor(user), label: t('nav.devices') }, password];
  return (
    <nav className="account-nav" aria-label={t('nav.label')}>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
