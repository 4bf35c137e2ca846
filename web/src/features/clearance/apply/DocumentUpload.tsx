import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_ACCEPT, DOCUMENT_MIME_TYPES, MAX_UPLOAD_BYTES, type ClearanceDocument } from '@pes/contracts';
import { FormField, useValidationText } from '../../../components/FormField';
import { ApiError } from '../../../lib/api/client';
import { uploadDocument } from './upload';
import { fieldId } from './wizard-form';
import { FilePicker } from '../../../components/FilePicker';

export interface UploadedFile {
  path: string;
  name: string;
  type: string;
}

interface Props {
  document: ClearanceDocument;
  required: boolean;
  value: UploadedFile | null;
  /** A validation key from the step's check (e.g. 'nicFrontRequired'). */
  error?: string;
  onChange(file: UploadedFile | null): void;
}

/** One document of step 7: uploaded as soon as it is chosen, with progress, a preview, replace and remove. */
export function DocumentUpload({ document, required, value, error, onChange }: Props) {
  const { t, i18n } = useTranslation(['clearance', 'common']);
  const text = useValidationText();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const abortRef = useRef<(() => void) | null>(null);
  const id = fieldId(`uploads.${document}`);
  const label = t(`apply.documents.${document}`);

  useEffect(() => () => abortRef.current?.(), []);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    if (file.size > MAX_UPLOAD_BYTES) return setFailure(text('fileTooLarge'));
    if (!(DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type)) return setFailure(text('fileTypeWithPdf'));
    abortRef.current?.();
    setProgress(0);
    const upload = uploadDocument(file, setProgress);
    abortRef.current = upload.abort;
    try {
      const path = await upload.promise;
      setPreview(file.type.startsWith('image/') ? URL.createObjectURL(file) : null);
      onChange({ path, name: file.name, type: file.type });
    } catch (err) {
      // The server's reason when the catalogue has it (too large, wrong type), else the spec's text.
      const reason = err instanceof ApiError && i18n.exists(`errors:${err.code}`) ? t(`errors:${err.code}`) : null;
      setFailure(reason ? `${label}: ${reason}` : t('apply.uploadFailed', { document: label }));
    } finally {
      abortRef.current = null;
      setProgress(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  // The input is emptied after each upload (to take the same file again), so the picker's name says what is kept.
  return (
    <FormField
      id={id}
      label={label}
      required={required}
      hint={t('apply.uploadHint')}
      error={failure ?? error}
      errorAlert={failure !== null}
      describedBy={value ? `${id}-file-name` : undefined}
      className="clearance-upload"
      testId={`upload-${document}`}
      extra={
        <>
          {progress !== null ? (
            <div className="clearance-upload__progress">
              <progress max={1} value={progress} aria-label={t('apply.uploading', { document: label })} />
              <span aria-hidden="true">{Math.round(progress * 100)}%</span>
            </div>
          ) : null}
          {value && progress === null ? (
            <div className="clearance-upload__preview">
              {preview ? (
                <img src={preview} alt={t('apply.previewAlt', { document: label })} />
              ) : (
                <span className="clearance-upload__icon" aria-hidden="true">
                  {value.type === 'application/pdf' ? 'PDF' : 'IMG'}
                </span>
              )}
              <button type="button" className="button button--secondary" onClick={() => inputRef.current?.click()}>
                {t('apply.replace')}
                <span className="visually-hidden"> {label}</span>
              </button>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => {
                  setPreview(null);
                  onChange(null);
                }}
              >
                {t('apply.remove')}
                <span className="visually-hidden"> {label}</span>
              </button>
            </div>
          ) : null}
        </>
      }
    >
      <FilePicker ref={inputRef} fileName={value?.name ?? null} accept={DOCUMENT_ACCEPT} onChange={(e) => void choose(e.target.files?.[0])} />
    </FormField>
  );
}
