import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { certificateDraftSchema, colomboDate, type CertificateDraft, type CertificateDraftInput, type ClearanceCertificate } from '@pes/contracts';
import { ActionFailed } from '../../../components/ActionFailed';
import { ErrorSummary, summaryFrom } from '../../../components/ErrorSummary';
import { applyServerFieldErrors } from '../../../components/errors';
import { FormField } from '../../../components/FormField';
import { QueryState } from '../../../components/QueryState';
import { paths } from '../../../paths';
import { useCertificateDraft, useGenerateCertificate } from './api';
import { CertificatePreview } from './CertificatePreview';
import { ReplaceConfirmation } from './ReplaceConfirmation';
import { useSummaryForm } from '../../../components/use-summary-form';

type DraftField = keyof CertificateDraftInput;

const FIELDS: ReadonlyArray<{ name: DraftField; max: number; multiline?: boolean; date?: boolean; optional?: boolean }> = [
  { name: 'addresseeTitle', max: 200 },
  { name: 'department', max: 200 },
  { name: 'country', max: 100 },
  { name: 'fullName', max: 200 },
  { name: 'nicNumber', max: 20, optional: true },
  { name: 'passportNumber', max: 20, optional: true },
  { name: 'address', max: 500, multiline: true },
  { name: 'periodFrom', max: 10, date: true },
  { name: 'periodTo', max: 10, date: true },
  { name: 'remarks', max: 2000, multiline: true },
];

const fieldId = (name: DraftField) => `certificate-${name}`;

interface EditorProps {
  id: number;
  reference: string;
  /** The certificate the application holds: generating replaces it, once the officer confirms. */
  current: ClearanceCertificate | null;
  onGenerated: () => void;
  onCancel: () => void;
}

/** Opens the draft (the server's defaults and the application's data), then the editor beside its live preview. */
export function CertificateEditor(props: EditorProps) {
  const { t } = useTranslation('clearance');
  const draft = useCertificateDraft(props.id, true);
  return (
    <QueryState query={draft} loading={t('officer.certificate.draftLoading')} error={t('officer.certificate.draftFailed')}>
      {(loaded) => <DraftForm {...props} draft={loaded} />}
    </QueryState>
  );
}

function DraftForm({ id, reference, current, draft, onGenerated, onCancel }: EditorProps & { draft: CertificateDraftInput }) {
  const { t } = useTranslation('clearance');
  const generate = useGenerateCertificate(id);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, submitCount },
  } = useSummaryForm<CertificateDraftInput, unknown, CertificateDraft>({
    resolver: zodResolver(certificateDraftSchema),
    defaultValues: { ...draft, nicNumber: draft.nicNumber ?? '', passportNumber: draft.passportNumber ?? '' },
  });
  const values = useWatch({ control });
  const label = (name: DraftField) => t(`officer.certificate.fields.${name}`);

  // The editor takes the focus when it opens, so keyboard and screen reader users start at its heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  // A checked draft waiting for the officer's word that it replaces the current certificate.
  const [toConfirm, setToConfirm] = useState<CertificateDraft | null>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const send = (edited: CertificateDraft, replace: boolean) =>
    generate.mutate(
      { draft: edited, replace },
      {
        onSuccess: onGenerated,
        onError: (err) => applyServerFieldErrors(err, setError),
        onSettled: () => setToConfirm(null),
      },
    );
  const onSubmit = handleSubmit((edited) => (current ? setToConfirm(edited) : send(edited, false)));

  return (
    <div className="certificate-editor">
      <h4 id="certificate-editor-title" tabIndex={-1} ref={headingRef}>
        {t('officer.certificate.editorTitle')}
      </h4>
      <div className="certificate-editor__columns">
        <form noValidate onSubmit={onSubmit} aria-labelledby="certificate-editor-title" className="certificate-editor__form">
          <ErrorSummary
            items={summaryFrom(
              errors,
              FIELDS.map((f) => ({ name: f.name, id: fieldId(f.name), label: label(f.name) })),
            )}
            focusKey={submitCount}
          />
          <ActionFailed title={t('officer.certificate.generateFailed')} error={generate.error} />
          {FIELDS.map((f) => (
            <FormField
              key={f.name}
              id={fieldId(f.name)}
              label={label(f.name)}
              error={errors[f.name]?.message}
              required={!f.optional}
              counter={f.multiline ? { value: values[f.name], max: f.max } : undefined}
            >
              {f.multiline ? (
                <textarea rows={f.name === 'remarks' ? 5 : 3} maxLength={f.max} {...register(f.name)} />
              ) : (
                // The period is past residence: it ends today at the latest (the schema says so too).
                <input type={f.date ? 'date' : 'text'} maxLength={f.max} max={f.date ? colomboDate() : undefined} {...register(f.name)} />
              )}
            </FormField>
          ))}
          {toConfirm && current ? (
            <ReplaceConfirmation
              id="certificate-regenerate"
              current={current}
              busy={generate.isPending}
              onConfirm={() => send(toConfirm, true)}
              onCancel={() => {
                setToConfirm(null);
                submitRef.current?.focus();
              }}
            />
          ) : null}
          <div className="clearance-actions">
            <button type="submit" ref={submitRef} className="button button--primary" disabled={generate.isPending}>
              {generate.isPending ? t('officer.certificate.generating') : t('officer.certificate.generate')}
            </button>
            <button type="button" className="button button--secondary" onClick={onCancel}>
              {t('officer.certificate.cancel')}
            </button>
          </div>
        </form>
        <CertificatePreview draft={values} reference={reference} verifyUrl={`${window.location.origin}${paths.verifyCertificate.replace(':code', '…')}`} />
      </div>
    </div>
  );
}
