import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/Alert';
import { useSession } from '../../lib/session/session-context';
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

/**
 * For a signed-in citizen: whether they have a clearance request (the card then offers it, or says there is
 * none); undefined until known or when it cannot be asked. The home area has no query cache, so a plain call.
 */
function useClearanceRequestExists() {
  const { state } = useSession();
  const identityNumber = state.status === 'authenticated' && state.user.role === 'citizen' ? state.user.identity_number : null;
  const [answer, setAnswer] = useState<{ identityNumber: string; exists: boolean }>();
  useEffect(() => {
    if (!identityNumber) return;
    let current = true;
    // Loaded on demand: an endpoint's description carries its schemas, and the home area's first load stays free of zod.
    import('./track-api')
      .then(({ clearanceRequestExists }) => clearanceRequestExists(identityNumber))
      .then(
        (exists) => current && setAnswer({ identityNumber, exists }),
        () => {}, // The card still leads to /track-clearance, which says what went wrong.
      );
    return () => {
      current = false;
    };
  }, [identityNumber]);
  return answer && answer.identityNumber === identityNumber ? answer.exists : undefined;
}

export function TrackPage() {
  const { t } = useTranslation(['home', 'common']);
  const { onNeedSignIn, modal } = useSignInPrompt();
  const clearanceExists = useClearanceRequestExists();
  const clearanceExtra =
    clearanceExists === undefined ? undefined : clearanceExists ? (
      <Link className="button button--primary" to={paths.trackClearance}>
        {t('track.clearance.active')}
      </Link>
    ) : (
      <Alert kind="info">{t('track.clearance.none')}</Alert>
    );
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
            extra={c.key === 'clearance' ? clearanceExtra : undefined}
            onNeedSignIn={onNeedSignIn}
          />
        ))}
      </ul>
      <p className="track__anonymous">
        <Link to={paths.anonymousTrack}>{t('track.anonymousLink')}</Link>
      </p>
      {modal}
    </section>
  );
}
