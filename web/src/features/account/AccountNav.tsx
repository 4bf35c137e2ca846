import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/session-context';
import { paths } from '../../paths';

/** The account's own pages, side by side: a citizen's devices, data and settings (staff have the devices page only). */
export function AccountNav() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  if (user?.role !== 'citizen') return null;
  const links = [
    { to: paths.accountDevices, label: t('nav.devices') },
    { to: paths.accountData, label: t('nav.data') },
    { to: paths.settings, label: t('nav.settings') },
  ];
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
