import { useTranslation } from 'react-i18next';
import type { Fine } from '@pes/contracts';
import { useFormat } from '../../../components/format';
import { FineStatusBadge } from './FineStatusBadge';
import { useFineLabels } from './labels';

/** A citizen's search results; each unpaid fine has its own Pay button. */
export function SearchResultsTable({ fines, payingId, onPay }: { fines: Fine[]; payingId: string | null; onPay: (fineId: string) => void }) {
  const { t } = useTranslation('fines');
  const format = useFormat();
  const labels = useFineLabels();
  const columns = {
    vehicle: t('fields.vehicleNumber'),
    violation: t('fields.violation'),
    amount: t('fields.amountLkr'),
    issued: t('fields.issuedAt'),
    due: t('fields.dueDate'),
    status: t('fields.status'),
    court: t('fields.courtRequired'),
    action: t('pay.actionColumn'),
  };
  return (
    <div className="table-wrap">
      <table className="fines-table fines-table--stack">
        <caption className="visually-hidden">{t('pay.resultsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.vehicle}</th>
            <th scope="col">{columns.violation}</th>
            <th scope="col" className="num">{columns.amount}</th>
            <th scope="col">{columns.issued}</th>
            <th scope="col">{columns.due}</th>
            <th scope="col">{columns.status}</th>
            <th scope="col">{columns.court}</th>
            <th scope="col">{columns.action}</th>
          </tr>
        </thead>
        <tbody>
          {fines.map((fine) => (
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
              <td data-label={columns.due} className="nowrap">
                {format.calendarDate(fine.due_date)}
              </td>
              <td data-label={columns.status}>
                <FineStatusBadge status={fine.display_status} />
              </td>
              <td data-label={columns.court}>{labels.yesNo(fine.court_required)}</td>
              <td data-label={columns.action}>
                {fine.status === 'unpaid' ? (
                  <button
                    type="button"
                    className="button button--primary button--small"
                    disabled={payingId !== null}
                    onClick={() => onPay(fine.id)}
                    aria-label={t('pay.payAria', { vehicle: fine.vehicle_number, amount: format.money(fine.amount) })}
                  >
                    {payingId === fine.id ? t('pay.paying') : t('pay.pay')}
                  </button>
                ) : (
                  <span className="fines-empty">{t('pay.alreadyPaid')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
