import { useTranslation } from 'react-i18next';
import type { Fine } from '@pes/contracts';
import { DataTable, type Column } from '../../../components/DataTable';
import { useFormat } from '../../../components/format';
import { useFineColumns } from './fine-columns';

/** A citizen's search results; each unpaid fine has its own Pay button. */
export function SearchResultsTable({ fines, payingId, onPay }: { fines: Fine[]; payingId: string | null; onPay: (fineId: string) => void }) {
  const { t } = useTranslation('fines');
  const format = useFormat();
  const column = useFineColumns();
  const pay: Column<Fine> = {
    id: 'pay',
    header: t('pay.actionColumn'),
    cell: (fine) =>
      fine.status === 'unpaid' ? (
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
      ),
  };
  return (
    <DataTable
      caption={t('pay.resultsCaption')}
      captionHidden
      className="fines-table"
      columns={[column.vehicle, column.violation, column.amount, column.issuedOn, column.due, column.status, column.court, pay]}
      rows={fines}
      rowKey={(fine) => fine.id}
    />
  );
}
