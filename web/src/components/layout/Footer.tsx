import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../paths';
import { navItemsFor } from './nav-items';
import { useViewer } from './use-viewer';

export const SUPPORT_EMAIL = 'eservices@police.lk';
export const HOTLINE = '119';

export function Footer() {
  const { t } = useTranslation();
  // Staff are offered their own area, not the citizen's pages (which would only send them to the citizen sign-in).
  const viewer = useViewer();
  const staff = viewer !== null && viewer.role !== 'citizen';
  return (
    <footer className="footer">
      <div className="footer__inner">
        {staff ? (
          <nav aria-label={t('footer.staffLinks')}>
            <h2>{t('footer.staffLinks')}</h2>
            <ul>
              {navItemsFor(viewer).map((item) => (
                <li key={item.to}>
                  <Link to={item.to}>{t(item.key)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <nav aria-label={t('footer.quickLinks')}>
            <h2>{t('footer.quickLinks')}</h2>
            <ul>
              <li>
                <Link to={paths.complaint}>{t('nav.complaint')}</Link>
              </li>
              <li>
                <Link to={paths.track}>{t('nav.track')}</Link>
              </li>
              <li>
                <Link to={paths.payFine}>{t('nav.fine')}</Link>
              </li>
              <li>
                <Link to={paths.clearance}>{t('nav.clearance')}</Link>
              </li>
              <li>
                <Link to={paths.anonymousComplaint}>{t('nav.anonymous')}</Link>
              </li>
              <li>
                <Link to={paths.guidance}>{t('nav.guidance')}</Link>
              </li>
            </ul>
          </nav>
        )}
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('footer.contact')}</h2>
          <p>
            {t('footer.hotline')}: <a href={`tel:${HOTLINE}`}>{HOTLINE}</a>
          </p>
          <p>
            {t('footer.email')}: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
          <address>{t('footer.address')}</address>
        </section>
        {staff ? null : (
          <section aria-labelledby="footer-staff">
            <h2 id="footer-staff">{t('footer.staff')}</h2>
            <ul>
              <li>
                <Link to={paths.policeLogin}>{t('footer.policeLogin')}</Link>
              </li>
              <li>
                <Link to={paths.adminLogin}>{t('footer.adminLogin')}</Link>
              </li>
            </ul>
          </section>
        )}
      </div>
      <p className="footer__legal">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
