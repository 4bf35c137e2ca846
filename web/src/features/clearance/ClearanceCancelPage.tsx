import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { PageTitle } from '../../components/PageTitle';
import { paths } from '../../paths';
import { LinkActions } from '../../components/LinkActions';
import './clearance.css';

/**
 * The gateway's cancel URL: nothing was charged; the application can be paid later. "Try again" opens the
 * wizard, which comes back at its payment step from the kept draft (the application awaits payment and a new
 * submit replaces it); going back in history would land on the cancelled checkout, a dead end.
 */
export function ClearanceCancelPage() {
  const { t } = useTranslation(['clearance', 'common']);
  return (
    <section className="page page--narrow clearance-page">
      <PageTitle>{t('common:pageTitles.clearanceCancel')}</PageTitle>
      <div className="card stack">
        <Alert kind="warning">{t('cancel.body')}</Alert>
        <LinkActions
          className="clearance-actions"
          actions={[
            { to: paths.clearanceApply, label: t('cancel.tryAgain'), primary: true },
            { to: paths.clearance, label: t('cancel.toClearance') },
          ]}
        />
      </div>
    </section>
  );
}
