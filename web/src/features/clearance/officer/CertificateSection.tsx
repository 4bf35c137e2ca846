import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatVerificationCode, type ClearanceCertificate, type ClearanceDetail } from '@pes/contracts';
import { ActionFailed } from '../../../components/ActionFailed';
import { Alert } from '../../../components/Alert';
import { ErrorSummary } from '../../../components/ErrorSummary';
import { FormField } from '../../../components/FormField';
import { useFocusOutcome } from '../../../components/use-focus-outcome';
import { useFormat } from '../../../components/format';
import { useUploadAndAttachCertificate } from './api';
import { CertificateEditor } from './CertificateEditor';
import { ReplaceConfirmation } from './ReplaceConfirmation';
import { WithdrawCertificate } from './WithdrawCertificate';
import { FilePicker } from '../../../components/FilePicker';

/** The certificate issued: how it verifies (code and address), when and how it was issued, and its withdrawal. */
function CurrentCertificate({ certificate: c, url, reference }: { certificate: ClearanceCertificate; url: string | null; reference: string }) {
  const { t } = useTranslation('clearance');
  const format = useFormat();
  return (
    <div className="certificate-current" data-testid="certificate-attached">
      {c.withdrawn_at ? (
        <Alert kind="error">
          {t('officer.certificate.withdrawnOn', { date: format.dateTime(c.withdrawn_at) })} {c.withdrawal_reason}
        </Alert>
      ) : (
        <p>{t(c.generated ? 'officer.certificate.currentGenerated' : 'officer.certificate.currentAttached', { date: format.dateTime(c.issued_at) })}</p>
      )}
      <dl className="clearance-facts">
        <div className="clearance-facts__row">
          <dt>{t('track.verificationCode')}</dt>
          <dd>
            <code data-testid="certificate-code">{formatVerificationCode(c.verification_code)}</code>
          </dd>
        </div>
        <div className="clearance-facts__row">
          <dt>{t('track.verificationPage')}</dt>
          <dd>
            <a href={c.verification_url} target="_blank" rel="noopener">
              {c.verification_url}
            </a>
          </dd>
        </div>
      </dl>
      {url ? (
        <div className="clearance-actions">
          <a className="button button--secondary" href={url} target="_blank" rel="noopener">
            {t('track.openNewTab')}
          </a>
          <a className="button button--secondary" href={url} download={`${reference}.pdf`}>
            {t('track.download')}
          </a>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The certificate: the one issued (its code, open, download, withdraw), Generate Certificate (the draft
 * editor with its preview), and the other path, a PDF uploaded and attached. Both need a completed
 * application, and both ask first when they would replace the certificate the application holds.
 */
export function CertificateSection({ application }: { application: ClearanceDetail }) {
  const { t } = useTranslation('clearance');
  const [editing, setEditing] = useState(false);
  const [attached, setAttached] = useState<'generated' | 'uploaded' | null>(null);
  const [fileMissing, setFileMissing] = useState(false);
  // A chosen PDF waiting for the officer's word that it replaces the current certificate.
  const [toConfirm, setToConfirm] = useState<File | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const attachRef = useRef<HTMLButtonElement>(null);
  const upload = useUploadAndAttachCertificate(application.id);
  const completed = application.application_status === 'completed';
  const reference = application.reference_number ?? String(application.id);
  const current = application.certificate;
  // Generate PDF closes the editor (and its button) and Attach is disabled while sending: the outcome takes the focus.
  const attachedRef = useFocusOutcome(attached);

  const [pickerKey, setPickerKey] = useState(0);
  const attach = (file: File, replace: boolean) =>
    upload.mutate(
      { file, replace },
      {
        onSuccess: () => {
          setAttached('uploaded');
          // A fresh picker: the attached file is no longer the one chosen.
          setPickerKey((n) => n + 1);
        },
        onSettled: () => setToConfirm(null),
      },
    );
  function onAttach(e: FormEvent) {
    e.preventDefault();
    setAttached(null);
    const file = fileRef.current?.files?.[0];
    setFileMissing(!file);
    if (!file) return;
    if (current) setToConfirm(file);
    else attach(file, false);
  }

  return (
    <section className="clearance-application__section" aria-labelledby="clearance-certificate">
      <h3 id="clearance-certificate">{t('officer.sections.certificate')}</h3>
      <div aria-live="polite" ref={attachedRef} tabIndex={-1} className="clearance-outcome">
        {attached ? <Alert kind="success">{t(attached === 'generated' ? 'officer.certificate.generated' : 'officer.certificate.attached')}</Alert> : null}
      </div>
      {current ? <CurrentCertificate certificate={current} url={application.certificate_url} reference={reference} /> : <p>{t('track.notYetAvailable')}</p>}
      {!completed ? (
        <p className="field__hint" id="certificate-needs-completed">
          {t('officer.certificate.needsCompleted')}
        </p>
      ) : null}
      {editing && completed ? (
        <CertificateEditor
          id={application.id}
          reference={reference}
          current={current}
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
            {t(current ? 'officer.certificate.openAgain' : 'officer.certificate.open')}
          </button>
        </div>
      )}
      {current && !current.withdrawn_at ? <WithdrawCertificate application={application} onWithdrawn={() => setAttached(null)} /> : null}
      <form noValidate onSubmit={onAttach} className="certificate-upload" aria-labelledby="certificate-upload-title">
        <h4 id="certificate-upload-title">{t('officer.certificate.uploadTitle')}</h4>
        <ErrorSummary
          items={fileMissing ? [{ id: 'certificate-file', label: t('officer.certificate.file'), message: t('officer.certificate.fileRequired') }] : []}
        />
        <ActionFailed title={t('officer.certificate.uploadFailed')} error={upload.error} />
        <FormField
          id="certificate-file"
          label={t('officer.certificate.file')}
          hint={t('officer.certificate.fileHint')}
          error={fileMissing ? t('officer.certificate.fileRequired') : undefined}
          required
        >
          <FilePicker key={pickerKey} accept="application/pdf,.pdf" ref={fileRef} disabled={!completed} onChange={() => setFileMissing(false)} />
        </FormField>
        {toConfirm && current ? (
          <ReplaceConfirmation
            id="certificate-reattach"
            current={current}
            busy={upload.isPending}
            onConfirm={() => attach(toConfirm, true)}
            onCancel={() => {
              setToConfirm(null);
              attachRef.current?.focus();
            }}
          />
        ) : null}
        <button type="submit" ref={attachRef} className="button button--secondary" disabled={!completed || upload.isPending}>
          {upload.isPending ? t('officer.certificate.attaching') : t('officer.certificate.attach')}
        </button>
      </form>
    </section>
  );
}
