import { useTranslation } from 'react-i18next';
import { SUGGESTED_COMPLAINT_STATUSES } from '@pes/contracts';

/** The colour of a free-text status: the three suggested ones have their own (police-and-admin §4). */
export function statusTone(status: string) {
  const s = status.trim().toLowerCase();
  if (s.includes('progress')) return 'progress';
  if (s.includes('complete')) return 'completed';
  if (s.includes('pending')) return 'pending';
  return 'other';
}

/** A status in the chosen language when it is one of the suggested ones; free text as the officer typed it. */
export function useStatusText() {
  const { t } = useTranslation('complaints');
  return (status: string) => ((SUGGESTED_COMPLAINT_STATUSES as readonly string[]).includes(status) ? t(`status.${status}`) : status);
}

export function StatusBadge({ status }: { status: string }) {
  const text = useStatusText();
  const tone = statusTone(status);
  return <span className={tone === 'other' ? 'badge' : `badge badge--${tone}`}>{text(status)}</span>;
}
