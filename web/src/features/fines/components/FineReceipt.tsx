import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Fine } from '@pes/contracts';
import { useFormat } from '../../../components/format';
import { FineStatusBadge } from './FineStatusBadge';
import { useFineLabels } from './labels';

/** The receipt of a paid fine, laid out to print on its own. */
export function FineReceipt({ fine }: { fine: Fine }) {
  const { t } = useTranslation(['fines', 'common']);
  const format = useFormat();
  const labels = useFineLabels();
  const rows: Array<[string, ReactNode]> = [
    [t('fields.fineId'), <code key="id">{fine.id}</code>],
    [
      t('fields.amountPaidLkr'),
      <span key="amount" className="receipt__amount money">
        {format.money(fine.amount)}
      </span>,
    ],
    [t('fields.status'), <FineStatusBadge key="status" status={fine.display_status} />],
    [t('fields.paidAt'), fine.paid_at ? format.dateTime(fine.paid_at) : '—'],
    [t('fields.paymentReference'), <code key="ref">{fine.payment_reference ?? t('receipt.defaultReference')}</code>],
    [
      t('fields.vehicleNumber'),
      <span key="plate" className="fine-plate">
        {fine.vehicle_number}
      </span>,
    ],
    [t('fields.violation'), labels.offense(fine.offense_type)],
    [t('fields.identityType'), labels.identityType(fine.citizen_identity_type)],
    [t('fields.identityNumber'), fine.citizen_identity_number],
    [t('fields.issuedAt'), format.dateTime(fine.issued_at)],
  ];
  return (
    <article className="card receipt" aria-labelledby="receipt-title" data-testid="fine-receipt">
      <div className="receipt__head">
        <img src="/favicon.svg" alt="" width="44" height="44" />
        <div>
          <h2 id="receipt-title">{t('receipt.title')}</h2>
          <p>
            {t('common:brand.name')} · {t('receipt.subtitle')}
          </p>
        </div>
      </div>
      <dl className="receipt__list">
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {fine.court_required && (
        <p className="receipt__court" role="note" data-testid="receipt-court">
          <strong>{t('receipt.courtStillRequired')}</strong>
        </p>
      )}
      <p className="receipt__note">{t('receipt.note')}</p>
    </article>
  );
}
