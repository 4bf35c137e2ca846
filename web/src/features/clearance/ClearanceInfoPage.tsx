import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CLEARANCE_FEE_AMOUNT } from '@pes/contracts';
import { PageTitle } from '../../components/PageTitle';
import { useFormat } from '../../components/format';
import { paths } from '../../paths';
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
        <div className="clearance-actions">
          <Link className="button button--primary" to={paths.clearanceApply}>
            {t('info.start')}
          </Link>
          <Link className="button button--secondary" to={paths.trackClearance}>
            {t('info.track')}
          </Link>
        </div>
      </div>
    </section>
  );
}
