import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/Alert';
import { PageTitle } from '../../components/PageTitle';
import { useFormat } from '../../components/format';
import { paths } from '../../paths';
import { useFineHistory } from './api';
import { useFineLabels } from './components/labels';
import './fines.css';

/** The signed-in citizen's paid fines, newest payment first. */
export function TrackFinePage() {
  const { t } = useTranslation(['fines', 'common']);
  const history = useFineHistory();
  const format = useFormat();
  const labels = useFineLabels();
  const fines = history.data?.fines;
  const columns = {
    vehicle: t('fields.vehicleNumber'),
    violation: t('fields.violation'),
    amount: t('fields.amountPaidLkr'),
    issued: t('fields.issuedAt'),
    paid: t('fields.paidAt'),
    reference: t('fields.paymentReference'),
    court: t('fields.courtRequired'),
  };
  return (
    <section className="page fines-page">
      <PageTitle subtitle={t('history.intro')}>{t('common:pageTitles.trackFine')}</PageTitle>
      {history.isPending ? (
        <p className="page-status" role="status">
          {t('common:guard.loading')}
        </p>
      ) : history.isError ? (
        <Alert kind="error">{t('history.failed')}</Alert>
      ) : fines && fines.length === 0 ? (
        <div className="card">
          <p>{t('history.empty')}</p>
          <Link className="button button--primary" to={paths.payFine}>
            {t('history.toPayFine')}
          </Link>
        </div>
      ) : (
        <div className="card">
          <div className="table-wrap">
            <table className="fines-table fines-table--stack">
              <caption className="visually-hidden">{t('history.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{columns.vehicle}</th>
                  <th scope="col">{columns.violation}</th>
                  <th scope="col" className="num">{columns.amount}</th>
                  <th scope="col">{columns.issued}</th>
                  <th scope="col">{columns.paid}</th>
                  <th scope="col">{columns.reference}</th>
                  <th scope="col">{columns.court}</th>
                </tr>
              </thead>
              <tbody>
                {fines?.map((fine) => (
                  <tr key={fine.id}>
                    <td data-label={columns.vehicle}>
                      <span className="fine-plate">{fine.vehicle_number}</span>
                    </td>
                    <td data-label={columns.violation}>
                      <div className="fines-cell">
                        {labels.offense(fine.offense_type)}
                        {fine.description ? <div className="fines-empty">{fine.description}</div> : null}
                      </div>
                    </td>
                    <td data-label={columns.amount} className="num">
                      {format.money(fine.amount)}
                    </td>
                    <td data-label={columns.issued} className="nowrap">
                      {format.date(fine.issued_at)}
                    </td>
                    <td data-label={columns.paid} className="nowrap">
                      {fine.paid_at ? format.dateTime(fine.paid_at) : '—'}
                    </td>
                    <td data-label={columns.reference}>
                      <code>{fine.payment_reference ?? t('receipt.defaultReference')}</code>
                    </td>
                    <td data-label={columns.court}>{labels.yesNo(fine.court_required)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            <Link to={paths.payFine}>{t('history.toPayFine')}</Link>
          </p>
        </div>
      )}
    </section>
  );
}
