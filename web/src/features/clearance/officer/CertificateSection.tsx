import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClearanceDetail } from '@pes/contracts';
import { Alert } from '../../../components/Alert';
import { ErrorSummary } from '../../../components/ErrorSummary';
import { useErrorMessage } from '../../../components/errors';
import { FormField } from '../../../components/FormField';
import { useUploadAndAttachCertificate } from './api';
import { CertificateEditor } from './CertificateEditor';
import { FilePicker } from '../../../components/FilePicker';

/**
 * The certificate: the one attached (open, download), Generate Certificate (the draft editor with its
 * preview), and the other path, a PDF uploaded and attached. Both need a completed application.
 */
export function CertificateSection({ application }: { application: ClearanceDetail }) {
  const { t } = useTranslation('clearance');
  const errorMessage = useErrorMessage();
  const [editing, setEditing] = useState(false);
  const [attached, setAttached] = useState<'generated' | 'uploaded' | null>(null);
  const [fileMissing, setFileMissing] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useUploadAndAttachCertificate(application.id);
  const completed = application.application_status === 'completed';
  const reference = application.reference_number ?? String(application.id);
  const url = application.certificate_url;

  const [pickerKey, setPickerKey] = useState(0);
  function onAttach(e: FormEvent) {
    e.preventDefault();
    setAttached(null);
    const file = fileRef.current?.files?.[0];
    setFileMissing(!file);
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        setAttached('uploaded');
        // A fresh picker: the attached file is no longer the one chosen.
        setPickerKey((n) => n + 1);
      },
    });
  }

  return (
    <section className="clearance-application__section" aria-labelledby="clearance-certificate">
      <h3 id="clearance-certificate">{t('officer.sections.certificate')}</h3>
      <div aria-live="polite">
        {attached ? <Alert kind="success">{t(attached === 'generated' ? 'officer.certificate.generated' : 'officer.certificate.attached')}</Alert> : null}
      </div>
      {url ? (
        <div className="clearance-actions" data-testid="certificate-attached">
          <p>{t('officer.certificate.current')}</p>
          <a className="button button--secondary" href={url} target="_blank" rel="noopener">
            {t('track.openNewTab')}
          </a>
          <a className="button button--secondary" href={url} download={`${reference}.pdf`}>
            {t('track.download')}
          </a>
        </div>
      ) : (
        <p>{t('track.notYetAvailable')}</p>
      )}
      {!completed ? (
        <p className="field__hint" id="certificate-needs-completed">
          {t('officer.certificate.needsCompleted')}
        </p>
      ) : null}
      {editing && completed ? (
        <CertificateEditor
          id={application.id}
          reference={reference}
          onCancel={() => setEditing(false)}
          onGenerated={() => {
            setEditing(false);
            setAttached('generated');
          }}
        />
      ) : (
        <div className="clearance-actions">
          <button
            type="button"
            className="button button--primary"
            disabled={!completed}
            aria-describedby={!completed ? 'certificate-needs-completed' : undefined}
            onClick={() => {
              setAttached(null);
              setEditing(true);
            }}
          >
            {t('officer.certificate.open')}
          </button>
        </div>
      )}
      <form noValidate onSubmit={onAttach} className="certificate-upload" aria-labelledby="certificate-upload-title">
        <h4 id="certificate-upload-title">{t('officer.certificate.uploadTitle')}</h4>
        <ErrorSummary
          items={fileMissing ? [{ id: 'certificate-file', label: t('officer.certificate.file'), message: t('officer.certificate.fileRequired') }] : []}
        />
        {upload.isError ? (
          <Alert kind="error">
            <strong>{t('officer.certificate.uploadFailed')}</strong> {errorMessage(upload.error)}
          </Alert>
        ) : null}
        <FormField
          id="certificate-file"
          label={t('officer.certificate.file')}
          hint={t('officer.certificate.fileHint')}
          error={fileMissing ? t('officer.certificate.fileRequired') : undefined}
          required
        >
          <FilePicker key={pickerKey} accept="application/pdf,.pdf" ref={fileRef} disabled={!completed} onChange={() => setFileMissing(false)} />
        </FormField>
        <button type="submit" className="button button--secondary" disabled={!completed || upload.isPending}>
          {upload.isPending ? t('officer.certificate.attaching') : t('officer.certificate.attach')}
        </button>
      </form>
    </section>
  );
}
