import { Suspense, useRef, useState } from 'react';
import { Outlet, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AccountMenu } from './AccountMenu';
import { LanguageSelector } from './LanguageSelector';
import { Footer } from './Footer';
import { MainNav } from './MainNav';
import { homePathFor, navItemsFor } from './nav-items';
import { useViewer } from './use-viewer';
import { useCloseOnEscape } from './use-close-on-escape';

export function Layout() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const nav = navItemsFor(viewer);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuToggleRef = useRef<HTMLButtonElement>(null);
  useCloseOnEscape(menuOpen, setMenuOpen, menuToggleRef);
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <header className="top-bar">
        <div className="top-bar__inner">
          <Link to={homePathFor(viewer)} className="brand">
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
          <MainNav items={nav} open={menuOpen} onNavigate={() => setMenuOpen(false)} />
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
