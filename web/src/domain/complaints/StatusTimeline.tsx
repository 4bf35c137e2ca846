import { useTranslation } from 'react-i18next';
import { INITIAL_COMPLAINT_STATUS, type Complaint } from '@pes/contracts';
import { useFormat } from '../../components/format';
import { useStatusText } from './StatusBadge';
import './complaint-records.css';

/** The complaint's status history, from submission to now. */
export function StatusTimeline({ complaint, headingId }: { complaint: Complaint; headingId: string }) {
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
              <span className="timeline__by">{t('track.timelineBy', { name: entry.changed_by })}</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
