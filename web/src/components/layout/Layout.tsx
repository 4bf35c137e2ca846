import { Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../paths';
import { AccountMenu } from './AccountMenu';
import { LanguageSelector } from './LanguageSelector';
import { Footer } from './Footer';

const NAV = [
  { to: paths.home, key: 'nav.home', end: true },
  { to: paths.guidance, key: 'nav.guidance' },
  { to: paths.complaint, key: 'nav.complaint' },
  { to: paths.track, key: 'nav.track' },
  { to: paths.payFine, key: 'nav.fine' },
  { to: paths.clearance, key: 'nav.clearance' },
] as const;

export function Layout() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuToggleRef = useRef<HTMLButtonElement>(null);
  // Escape closes the phone menu and gives the focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuToggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <header className="top-bar">
        <div className="top-bar__inner">
          <Link to={paths.home} className="brand">
            <img src="/favicon.svg" alt="" width="36" height="36" />
            <span>
              <strong>{t('brand.name')}</strong>
              <small>{t('brand.tagline')}</small>
            </span>
          </Link>
          <button
            type="button"
            ref={menuToggleRef}
            className="button button--ghost menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="main-nav"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {t('nav.menu')}
          </button>
          <nav id="main-nav" aria-label={t('nav.label')} className={menuOpen ? 'main-nav main-nav--open' : 'main-nav'}>
            <ul>
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={'end' in item} onClick={() => setMenuOpen(false)}>
                    {t(item.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="top-bar__tools">
            <LanguageSelector />
            <AccountMenu />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Suspense
          fallback={
            <p className="page-status" role="status">
              {t('guard.loading')}
            </p>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
