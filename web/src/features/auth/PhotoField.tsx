import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT } from '@pes/contracts';
import { fileProblem } from '../../lib/files/file-content';
import { useValidationText } from '../../components/FormField';
import { CameraCapture } from './CameraCapture';

/** A photo's preview through an object URL that lives exactly as long as the image shows that photo. */
export function PhotoPreview({ photo, alt }: { photo: Blob; alt: string }) {
  const showPhoto = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(photo);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [photo],
  );
  return <img ref={showPhoto} alt={alt} />;
}

/**
 * A photo for the signup form: uploaded from the device (when `allowUpload`) or taken with the camera,
 * then shown as a preview that can be retaken or removed. The fieldset carries `id`, so the error
 * summary can move focus to it.
 */
export function PhotoField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  onInvalid,
  allowUpload,
  facingMode,
  noCamera = false,
  otherDevice,
}: {
  id: string;
  label: ReactNode;
  hint: ReactNode;
  error?: string;
  value: Blob | null;
  onChange: (photo: Blob | null) => void;
  onInvalid: (messageKey: string) => void;
  allowUpload: boolean;
  facingMode: 'user' | 'environment';
  /** This device has no camera: said, and the other device (when offered) opens once the field is in view. */
  noCamera?: boolean;
  /** The photo taken on another device (the phone): its panel, given a way to close it. */
  otherDevice?: (close: () => void) => ReactNode;
}) {
  const { t } = useTranslation('auth');
  const text = useValidationText();
  const [mode, setMode] = useState<'choices' | 'camera' | 'other'>('choices');
  const offerOther = otherDevice !== undefined;
  const saysNoCamera = noCamera && offerOther && !value;
  const describedBy = [`${id}-hint`, saysNoCamera ? `${id}-no-camera` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const field = useRef<HTMLFieldSetElement>(null);

  // No camera here: the phone's link is made when the citizen reaches this field, not when the page opens (it lasts 10 minutes).
  useEffect(() => {
    const element = field.current;
    if (!noCamera || !offerOther || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      setMode((m) => (m === 'choices' ? 'other' : m));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [noCamera, offerOther]);

  return (
    <fieldset ref={field} id={id} tabIndex={-1} className={`photo-field${error ? ' photo-field--error' : ''}`} aria-describedby={describedBy}>
      <legend>
        {label}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {saysNoCamera ? (
        <p className="field__hint" id={`${id}-no-camera`}>
          {t('phone.noCamera')}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {text(error)}
        </p>
      ) : null}

      {value ? (
        <div className="photo-field__preview">
          <PhotoPreview photo={value} alt={t('photo.previewAlt', { label: typeof label === 'string' ? label : '' })} />
          <div className="row">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                onChange(null);
                setMode(allowUpload ? 'choices' : noCamera && offerOther ? 'other' : 'camera');
              }}
            >
              {allowUpload ? t('photo.change') : t('photo.retake')}
            </button>
          </div>
        </div>
      ) : mode === 'other' && otherDevice ? (
        otherDevice(() => setMode('choices'))
      ) : mode === 'camera' ? (
        <CameraCapture
          facingMode={facingMode}
          onCapture={(photo) => {
            setMode('choices');
            onChange(photo);
          }}
          onStop={() => setMode('choices')}
          onOtherDevice={offerOther ? () => setMode('other') : undefined}
        />
      ) : (
        <div className="photo-field__choices">
          {allowUpload ? (
            <div className="photo-field__upload">
              {/* The native control's own words ("Choose File") follow the browser, not the page: it stays
                  hidden and keyboard-reachable, and its label is the visible, translated button. */}
              <input
                id={`${id}-file`}
                className="photo-field__file"
                type="file"
                accept={IMAGE_ACCEPT}
                aria-invalid={error ? true : undefined}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (!file) return;
                  // Judged by its bytes before any preview: a text file renamed .jpg never shows as a broken picture.
                  void fileProblem(file, 'image').then((problem) => (problem ? onInvalid(problem) : onChange(file)));
                }}
              />
              <label htmlFor={`${id}-file`} className="button button--secondary">
                {t('photo.upload')}
              </label>
            </div>
          ) : null}
          {noCamera && offerOther ? null : (
            <button type="button" className="button button--secondary" onClick={() => setMode('camera')}>
              {allowUpload ? t('photo.useCamera') : t('camera.start')}
            </button>
          )}
          {offerOther ? (
            <button type="button" className={`button ${noCamera ? 'button--primary' : 'button--secondary'}`} onClick={() => setMode('other')}>
              {t('phone.use')}
            </button>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}
