import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { paths } from '../../paths';
import { ServiceCard } from './ServiceCard';
import { ClearanceIcon, ComplaintIcon, FineHistoryIcon } from './icons';
import { useSignInPrompt } from './use-sign-in-prompt';
import './home.css';

/** /track: one card per thing a citizen can follow; each page behind it needs a sign-in. */
const CARDS = [
  { key: 'complaint', to: paths.trackComplaint, icon: <ComplaintIcon /> },
  { key: 'fine', to: paths.trackFine, icon: <FineHistoryIcon /> },
  { key: 'clearance', to: paths.trackClearance, icon: <ClearanceIcon /> },
] as const;

export function TrackPage() {
  const { t } = useTranslation(['home', 'common']);
  const { onNeedSignIn, modal } = useSignInPrompt();
  return (
    <section>
      <PageTitle subtitle={t('track.lead')}>{t('common:pageTitles.track')}</PageTitle>
      <ul className="service-grid service-grid--three">
        {CARDS.map((c) => (
          <ServiceCard
            key={c.key}
            to={c.to}
            icon={c.icon}
            title={t(`track.${c.key}.title`)}
            body={t(`track.${c.key}.body`)}
            note={onNeedSignIn ? t('services.signInRequired') : undefined}
            onNeedSignIn={onNeedSignIn}
          />
        ))}
      </ul>
      {modal}
    </section>
  );
}
