import { useTranslation } from 'react-i18next';
import type { FineDisplayStatus } from '@pes/contracts';

const BADGE_CLASS: Record<FineDisplayStatus, string> = {
  Unpaid: 'badge badge--pending',
  Paid: 'badge badge--paid',
  Overdue: 'badge badge--overdue',
};

/** Unpaid, Paid or Overdue (unpaid past its due date), coloured and in words. */
export function FineStatusBadge({ status }: { status: FineDisplayStatus }) {
  const { t } = useTranslation('fines');
  return <span className={BADGE_CLASS[status]}>{t(`status.${status}`)}</span>;
}
