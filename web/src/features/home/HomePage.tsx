import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../paths';
import { HOTLINE } from '../../components/layout/Footer';
import { ServiceCard } from './ServiceCard';
import { AnonymousIcon, ClearanceIcon, ComplaintIcon, FineIcon, TrackIcon } from './icons';
import { useSignInPrompt } from './use-sign-in-prompt';
import './home.css';

const SERVICES = [
  { key: 'complaint', to: paths.complaint, icon: <ComplaintIcon />, needsSignIn: true },
  { key: 'track', to: paths.track, icon: <TrackIcon />, needsSignIn: true },
  { key: 'payFine', to: paths.payFine, icon: <FineIcon />, needsSignIn: true },
  { key: 'clearance', to: paths.clearance, icon: <ClearanceIcon />, needsSignIn: true },
  { key: 'anonymous', to: paths.anonymousComplaint, icon: <AnonymousIcon />, needsSignIn: false },
] as const;

export function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const { onNeedSignIn, modal } = useSignInPrompt();
  // Whether a card needs a login is worth saying only to someone not logged in.
  const signedOut = onNeedSignIn !== undefined;
  useEffect(() => {
    document.title = t('common:brand.short');
  }, [t]);
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__text">
          <p className="hero__kicker">{t('common:brand.name')}</p>
          <h1 id="hero-title">{t('hero.title')}</h1>
          <p className="hero__lead">{t('hero.lead')}</p>
          <div className="row">
            <Link className="button hero__cta" to={paths.guidance}>
              {t('hero.getStarted')}
            </Link>
            <p className="hero__emergency">
              {t('hero.emergency')} <a href={`tel:${HOTLINE}`}>{HOTLINE}</a>
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="services-title" className="services">
        <h2 id="services-title" className="services__title">
          {t('services.title')}
        </h2>
        <ul className="service-grid">
          {SERVICES.map((s) => (
            <ServiceCard
              key={s.key}
              to={s.to}
              icon={s.icon}
              title={t(`services.${s.key}.title`)}
              body={t(`services.${s.key}.body`)}
              note={signedOut ? t(s.needsSignIn ? 'services.signInRequired' : 'services.noSignIn') : undefined}
              onNeedSignIn={s.needsSignIn ? onNeedSignIn : undefined}
            />
          ))}
        </ul>
      </section>
      {modal}
    </div>
  );
}
