import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { QueryState } from '../../../components/QueryState';
import { useFineHistory } from '../api';
import { useFineColumns } from './fine-columns';

/** The signed-in citizen's paid fines, newest payment first: on /track-fine and under the search on /pay-fine. */
export function PaymentHistory({ empty }: { empty: ReactNode }) {
  const { t } = useTranslation('fines');
  const history = useFineHistory();
  const column = useFineColumns();
  return (
    <QueryState query={history} error={t('history.failed')} isEmpty={(data) => data.fines.length === 0} empty={empty}>
      {({ fines }) => (
        <DataTable
          caption={t('history.caption')}
          captionHidden
          className="fines-table"
          columns={[column.vehicle, column.violation, column.amountPaid, column.issuedOn, column.paidAt, column.reference, column.court]}
          rows={fines}
          rowKey={(fine) => fine.id}
        />
      )}
    </QueryState>
  );
}
