import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../paths';

export const SUPPORT_EMAIL = 'eservices@police.lk';
export const HOTLINE = '119';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <div className="footer__inner">
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
      </div>
      <p className="footer__legal">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
