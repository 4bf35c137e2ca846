import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { HOTLINE, SUPPORT_EMAIL } from '../../components/layout/Footer';
import { paths } from '../../paths';
import { LinkActions } from '../../components/LinkActions';
import './home.css';

const SIGNUP_STEPS = ['step1', 'step2', 'step3', 'step4', 'step5', 'step6'] as const;
const SERVICES = [
  { key: 'complaint', to: paths.complaint },
  { key: 'track', to: paths.track },
  { key: 'payFine', to: paths.payFine },
  { key: 'clearance', to: paths.clearance },
  { key: 'anonymous', to: paths.anonymousComplaint },
] as const;

/** 'User guidance' (spec): what a citizen needs to know to start. */
export function GuidancePage() {
  const { t } = useTranslation(['home', 'common']);
  return (
    <article className="page page--medium guidance">
      <PageTitle subtitle={t('guidance.intro')}>{t('common:pageTitles.guidance')}</PageTitle>

      <section className="card" aria-labelledby="guidance-account">
        <h2 id="guidance-account">{t('guidance.account.title')}</h2>
        <ol className="guidance__steps">
          {SIGNUP_STEPS.map((step) => (
            <li key={step}>{t(`guidance.account.${step}`)}</li>
          ))}
        </ol>
        <LinkActions
          actions={[
            { to: paths.signup, label: t('common:nav.signup'), primary: true },
            { to: paths.login, label: t('common:nav.login') },
          ]}
        />
      </section>

      <section className="card" aria-labelledby="guidance-services">
        <h2 id="guidance-services">{t('guidance.services.title')}</h2>
        <dl className="guidance__services">
          {SERVICES.map((s) => (
            <div key={s.key}>
              <dt>
                <Link to={s.to}>{t(`services.${s.key}.title`)}</Link>
              </dt>
              <dd>{t(`guidance.services.${s.key}`)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="card" aria-labelledby="guidance-language">
        <h2 id="guidance-language">{t('guidance.language.title')}</h2>
        <p>{t('guidance.language.body')}</p>
      </section>

      <section className="card" aria-labelledby="guidance-help">
        <h2 id="guidance-help">{t('guidance.help.title')}</h2>
        <p>
          {t('guidance.help.emergency')} <a href={`tel:${HOTLINE}`}>{HOTLINE}</a>
        </p>
        <p>
          {t('guidance.help.email')} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
        <p>{t('guidance.help.staff')}</p>
      </section>
    </article>
  );
}
