import { useTranslation } from 'react-i18next';
import type { Fine } from '@pes/contracts';
import type { Column } from '../../../components/DataTable';
import { useFormat } from '../../../components/format';
import { FineStatusBadge } from './FineStatusBadge';
import { useFineLabels } from './labels';

/** The columns the fines' tables share, each written once; a table lists the ones it shows. */
export function useFineColumns() {
  const { t } = useTranslation('fines');
  const format = useFormat();
  const labels = useFineLabels();
  return {
    vehicle: {
      id: 'vehicle',
      header: t('fields.vehicleNumber'),
      cell: (fine) => <span className="fine-plate">{fine.vehicle_number}</span>,
      sortValue: (fine) => fine.vehicle_number,
    },
    identity: {
      id: 'identity',
      header: t('fields.identityNumber'),
      cell: (fine) => `${labels.identityType(fine.citizen_identity_type)} ${fine.citizen_identity_number}`,
    },
    /** The offence, and the officer's description under it. */
    violation: {
      id: 'violation',
      header: t('fields.violation'),
      cell: (fine) => (
        <>
          {labels.offense(fine.offense_type)}
          {fine.description ? <div className="fines-empty">{fine.description}</div> : null}
        </>
      ),
    },
    offence: { id: 'offence', header: t('fields.violation'), cell: (fine) => labels.offense(fine.offense_type) },
    amount: {
      id: 'amount',
      header: t('fields.amountLkr'),
      cell: (fine) => format.money(fine.amount),
      numeric: true,
      sortValue: (fine) => Number(fine.amount),
    },
    amountPaid: { id: 'amountPaid', header: t('fields.amountPaidLkr'), cell: (fine) => format.money(fine.amount), numeric: true },
    issuedOn: { id: 'issuedOn', header: t('fields.issuedAt'), cell: (fine) => format.date(fine.issued_at), className: 'nowrap' },
    issuedAt: {
      id: 'issuedAt',
      header: t('fields.issuedAt'),
      cell: (fine) => format.dateTime(fine.issued_at),
      className: 'nowrap',
      sortValue: (fine) => fine.issued_at,
    },
    due: {
      id: 'due',
      header: t('fields.dueDate'),
      cell: (fine) => format.calendarDate(fine.due_date),
      className: 'nowrap',
      sortValue: (fine) => fine.due_date,
    },
    paidAt: { id: 'paidAt', header: t('fields.paidAt'), cell: (fine) => (fine.paid_at ? format.dateTime(fine.paid_at) : '—'), className: 'nowrap' },
    reference: {
      id: 'reference',
      header: t('fields.paymentReference'),
      cell: (fine) => <code>{fine.payment_reference ?? t('receipt.defaultReference')}</code>,
    },
    status: { id: 'status', header: t('fields.status'), cell: (fine) => <FineStatusBadge status={fine.display_status} /> },
    court: { id: 'court', header: t('fields.courtRequired'), cell: (fine) => labels.yesNo(fine.court_required) },
  } satisfies Record<string, Column<Fine>>;
}
