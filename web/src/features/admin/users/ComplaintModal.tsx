import { useTranslation } from 'react-i18next';
import { ComplaintDetails } from '../../../domain/complaints/ComplaintDetails';
import { StatusTimeline } from '../../../domain/complaints/StatusTimeline';
import { Modal } from '../../../components/Modal';
import { QueryState } from '../../../components/QueryState';
import { useAdminComplaint } from './api';

/** Every field of one complaint, its attachment and its status history: the officer's view of it, translated. */
export function ComplaintModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'complaints']);
  const complaint = useAdminComplaint(id);
  return (
    <Modal
      open
      title={complaint.data ? t('complaint.title', { reference: complaint.data.reference_number }) : t('complaint.title', { reference: '' })}
      onClose={onClose}
      size="large"
    >
      <QueryState query={complaint} error={t('complaint.loadFailed')}>
        {(c) => (
          <>
            <ComplaintDetails complaint={c} />
            <h3>{t('complaint.attachment')}</h3>
            {c.attachment ? (
              <p>
                <a href={c.attachment.url} target="_blank" rel="noreferrer">
                  {t('complaint.openAttachment', { name: c.attachment.name })}
                </a>
              </p>
            ) : (
              <p className="admin-area__muted">{t('details.noComplaints')}</p>
            )}
            <StatusTimeline complaint={c} headingId={`admin-complaint-${c.id}-history`} />
          </>
        )}
      </QueryState>
    </Modal>
  );
}
