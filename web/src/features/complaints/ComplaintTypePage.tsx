import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { paths } from '../../paths';
import './complaints.css';

const TYPES = [
  { key: 'traffic', to: paths.complaintTraffic },
  { key: 'crime', to: paths.complaintCrime },
  { key: 'minor', to: paths.complaintMinorOffence },
] as const;

/** Choose which kind of complaint to lodge. */
export function ComplaintTypePage() {
  const { t } = useTranslation(['complaints', 'common']);
  return (
    <section className="page">
      <PageTitle subtitle={t('type.intro')}>{t('common:pageTitles.complaint')}</PageTitle>
      <ul className="complaint-types grid">
        {TYPES.map(({ key, to }) => (
          <li key={key} className="card complaint-types__card">
            <h2 id={`type-${key}`}>{t(`type.${key}.title`)}</h2>
            <p>{t(`type.${key}.body`)}</p>
            <Link className="button button--primary" to={to} id={`start-${key}`} aria-labelledby={`start-${key} type-${key}`}>
              {t('type.start')}
            </Link>
          </li>
        ))}
      </ul>
      <div className="complaint-types__more card">
        <p>
          {t('type.track')} <Link to={paths.trackComplaint}>{t('type.trackLink')}</Link>
        </p>
        <p>
          {t('type.anonymous')} <Link to={paths.anonymousComplaint}>{t('type.anonymousLink')}</Link>
        </p>
      </div>
    </section>
  );
}
