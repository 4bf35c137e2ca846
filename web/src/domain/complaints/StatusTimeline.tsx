import { useTranslation } from 'react-i18next';
import { INITIAL_COMPLAINT_STATUS } from '@pes/contracts';
import { useFormat } from '../../components/format';
import { useStatusText } from './StatusBadge';
import './complaint-records.css';

/** What a timeline reads of a record: a complaint, or an anonymous report (whose history names nobody). */
export interface StatusHistory {
  submitted_at: string;
  history: ReadonlyArray<{ from_status: string | null; to_status: string; changed_at: string; changed_by?: string }>;
}

/** The record's status history, from submission to now. */
export function StatusTimeline({ complaint, headingId }: { complaint: StatusHistory; headingId: string }) {
  const { t } = useTranslation('complaints');
  const format = useFormat();
  const status = useStatusText();
  return (
    <div className="timeline">
      <h3 id={headingId} className="timeline__title">
        {t('track.timeline')}
      </h3>
      <ol className="timeline__list" aria-labelledby={headingId}>
        <li>
          <time dateTime={complaint.submitted_at}>{format.dateTime(complaint.submitted_at)}</time>
          <span>{t('track.timelineSubmitted', { status: status(INITIAL_COMPLAINT_STATUS) })}</span>
        </li>
        {complaint.history.map((entry) => (
          <li key={`${entry.changed_at}-${entry.to_status}`}>
            <time dateTime={entry.changed_at}>{format.dateTime(entry.changed_at)}</time>
            <span>
              {entry.from_status ? t('track.timelineChange', { from: status(entry.from_status), to: status(entry.to_status) }) : status(entry.to_status)}{' '}
              {entry.changed_by ? <span className="timeline__by">{t('track.timelineBy', { name: entry.changed_by })}</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
