import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal';
import { QueryState } from '../../../components/QueryState';
import { useClearanceApplication } from './api';
import { AccountSection } from './AccountSection';
import { ApplicationDetails } from './ApplicationDetails';
import { ApplicationHistory } from './ApplicationHistory';
import { CertificateSection } from './CertificateSection';
import { DocumentsSection } from './DocumentsSection';
import { StatusControl } from './StatusControl';

/** The large application modal: every section of the application, its documents and history, the status and the certificate. */
export function ApplicationModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('clearance');
  const detail = useClearanceApplication(id);
  const reference = detail.data?.id === id ? detail.data?.reference_number : undefined;
  return (
    <Modal open={id !== null} onClose={onClose} size="large" title={reference ? t('officer.detailTitle', { reference }) : t('officer.detailTitleLoading')}>
      {id !== null ? (
        <QueryState query={detail} loading={t('officer.detailLoading')} error={t('officer.detailFailed')}>
          {(application) => (
            <div className="clearance-application">
              <StatusControl key={application.id} application={application} />
              <AccountSection application={application} />
              <ApplicationDetails application={application} />
              <DocumentsSection uploads={application.uploads} />
              <CertificateSection application={application} />
              <ApplicationHistory history={application.history} />
            </div>
          )}
        </QueryState>
      ) : null}
    </Modal>
  );
}
