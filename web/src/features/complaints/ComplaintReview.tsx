import { useTranslation } from 'react-i18next';
import { COMPLAINT_STATUS_MAX, SUGGESTED_COMPLAINT_STATUSES, updateComplaintStatusRequestSchema, type Complaint } from '@pes/contracts';
import { StoredFile } from '../../components/stored-file/StoredFile';
import { useUpdateComplaintStatus } from './api';
import { AttendanceControl } from './AttendanceControl';
import { ComplaintDetails } from '../../domain/complaints/ComplaintDetails';
import { StatusTimeline } from '../../domain/complaints/StatusTimeline';
import { StatusUpdateForm } from '../../domain/complaints/StatusUpdateForm';

function Attachment({ complaint: c }: { complaint: Complaint }) {
  const { t } = useTranslation('police');
  if (!c.attachment) return <p>{t('detail.noAttachment')}</p>;
  const { url, mime_type: mime, name } = c.attachment;
  return (
    <div className="attachment">
      {mime.startsWith('image/') ? (
        <StoredFile url={url} className="attachment__image" label={t('detail.attachmentAlt', { reference: c.reference_number })} />
      ) : null}
      <p>
        <a href={url} target="_blank" rel="noopener">
          {mime === 'application/pdf' ? t('detail.openPdf') : t('detail.openFile')}
        </a>{' '}
        <span className="attachment__name">({name})</span>
      </p>
    </div>
  );
}

/**
 * What an officer sees of one complaint: the status update and the appointment's attendance first (the officer's
 * actions, not 1,400 px down under every field), then every field, the attachment and the history.
 */
export function ComplaintReview({ complaint }: { complaint: Complaint }) {
  const { t } = useTranslation('police');
  const update = useUpdateComplaintStatus();
  return (
    <div className="complaint-review">
      <StatusUpdateForm
        idPrefix="complaint"
        status={complaint.status}
        suggestions={SUGGESTED_COMPLAINT_STATUSES}
        schema={updateComplaintStatusRequestSchema}
        maxLength={COMPLAINT_STATUS_MAX}
        save={(status) => update.mutateAsync({ id: complaint.id, status })}
      />
      <AttendanceControl complaint={complaint} />
      <ComplaintDetails complaint={complaint} headingLevel={3} />
      <h3>{t('detail.attachment')}</h3>
      <Attachment complaint={complaint} />
      <StatusTimeline complaint={complaint} headingId="review-timeline" />
    </div>
  );
}
