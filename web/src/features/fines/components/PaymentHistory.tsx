import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, TablePages } from '../../../components/DataTable';
import { useKeysetPages } from '../../../components/keyset-pages';
import { QueryState } from '../../../components/QueryState';
import { useFineHistory } from '../api';
import { useFineColumns } from './fine-columns';

/** The signed-in citizen's paid fines, newest payment first, a page at a time: on /track-fine and under the search on /pay-fine. */
export function PaymentHistory({ empty }: { empty: ReactNode }) {
  const { t } = useTranslation('fines');
  const pages = useKeysetPages('');
  const history = useFineHistory(pages.cursor ?? undefined);
  const column = useFineColumns();
  // The server orders the pages (newest payment first): sorting one page in the browser would mislead.
  const columns = [column.vehicle, column.violation, column.amountPaid, column.issuedOn, column.paidAt, column.reference, column.court].map((c) => ({
    ...c,
    sortValue: undefined,
  }));
  return (
    <QueryState query={history} error={t('history.failed')} isEmpty={(data) => data.fines.length === 0} empty={empty}>
      {({ fines, total, total_exact, page_size, next_cursor }) => (
        <>
          <DataTable caption={t('history.caption')} captionHidden className="fines-table" columns={columns} rows={fines} rowKey={(fine) => fine.id} />
          <TablePages
            caption={t('history.caption')}
            pages={total_exact ? Math.max(1, Math.ceil(total / page_size)) : undefined}
            busy={history.isPlaceholderData}
            {...pages.controls(next_cursor)}
          />
        </>
      )}
    </QueryState>
  );
}
