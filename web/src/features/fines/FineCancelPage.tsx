import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { PageTitle } from '../../components/PageTitle';
import { paths } from '../../paths';
import { LinkActions } from '../../components/LinkActions';
import './fines.css';

/** The gateway's cancel URL: nothing was charged and the fine stays unpaid. */
export function FineCancelPage() {
  const { t } = useTranslation(['fines', 'common']);
  return (
    <section className="page fines-page page--narrow">
      <PageTitle>{t('common:pageTitles.fineCancel')}</PageTitle>
      <div className="card stack">
        <Alert kind="warning">
          <strong>{t('cancel.heading')}</strong>
          <br />
          {t('cancel.body')}
        </Alert>
        <p>{t('cancel.next')}</p>
        <LinkActions
          className="fines-actions"
          actions={[
            { to: paths.payFine, label: t('cancel.toPayFine'), primary: true },
            { to: paths.home, label: t('common:actions.backHome') },
          ]}
        />
      </div>
    </section>
  );
}
