import { useTranslation } from 'react-i18next';
import { CLEARANCE_FEE_AMOUNT } from '@pes/contracts';
import { PageTitle } from '../../components/PageTitle';
import { useFormat } from '../../components/format';
import { paths } from '../../paths';
import { LinkActions } from '../../components/LinkActions';
import './clearance.css';

const DOCUMENTS = ['nic', 'passport', 'birthCertificate', 'photographs', 'residence'] as const;

/** /clearance: what the certificate is, what is needed, what it costs; Start goes to the application. */
export function ClearanceInfoPage() {
  const { t } = useTranslation(['clearance', 'common']);
  const format = useFormat();
  return (
    <section className="page page--medium clearance-page">
      <PageTitle subtitle={t('info.lead')}>{t('common:pageTitles.clearance')}</PageTitle>
      <div className="card stack">
        <h2>{t('info.whatTitle')}</h2>
        <p>{t('info.what')}</p>
        <p>{t('info.uses')}</p>
        <p>{t('info.time')}</p>
        <h2>{t('info.documentsTitle')}</h2>
        <ul>
          {DOCUMENTS.map((d) => (
            <li key={d}>{t(`info.documents.${d}`)}</li>
          ))}
        </ul>
        <h2>{t('info.feeTitle')}</h2>
        <p>{t('info.fee', { amount: format.money(CLEARANCE_FEE_AMOUNT) })}</p>
        <LinkActions
          className="clearance-actions"
          actions={[
            { to: paths.clearanceApply, label: t('info.start'), primary: true },
            { to: paths.trackClearance, label: t('info.track') },
          ]}
        />
      </div>
    </section>
  );
}
