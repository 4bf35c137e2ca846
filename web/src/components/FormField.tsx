import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FieldProps {
  /** The input's id; also the anchor the error summary links to. */
  id: string;
  label: ReactNode;
  /** A validation message key (namespace `validation`) or text. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactElement<Record<string, unknown>>;
  /** For a long text with a maxLength: shows how much of it is used, and says so when the limit is reached. */
  counter?: { value: string | undefined; max: number };
  /** The error is an action's failure (an upload refused), not a check on submit: announced as it appears. */
  errorAlert?: boolean;
  /** More descriptions of the control (ids), beside the hint, counter and error. */
  describedBy?: string;
  /** More of the field after its control (an upload's progress and preview). */
  extra?: ReactNode;
  className?: string;
  testId?: string;
}

const count = new Intl.NumberFormat('en-US');

/**
 * Translates a validation key, or several separated by spaces (a field's message and its hints from the server:
 * `applyServerFieldErrors`); shows other text as it is.
 */
export function useValidationText() {
  const { t, i18n } = useTranslation('validation');
  return (keyOrText?: string) => {
    if (!keyOrText) return '';
    const keys = keyOrText.split(' ');
    if (keys.length > 1 && keys.every((key) => i18n.exists(key, { ns: 'validation' }))) return keys.map((key) => t(key)).join(' ');
    return t(keyOrText, { defaultValue: keyOrText });
  };
}

/** A labelled input with its hint and error tied to it for screen readers. */
export function FormField({ id, label, error, hint, required, children, counter, errorAlert, describedBy: more, extra, className, testId }: FieldProps) {
  const text = useValidationText();
  const { t } = useTranslation();
  const describedBy = [hint ? `${id}-hint` : null, counter ? `${id}-counter` : null, error ? `${id}-error` : null, more].filter(Boolean).join(' ') || undefined;
  const used = counter?.value?.length ?? 0;
  const atLimit = counter ? used >= counter.max : false;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })
    : children;
  return (
    <div className={['field', error && 'field--error', className].filter(Boolean).join(' ')} data-testid={testId}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="field__optional"> ({t('form.optional')})</span>
        )}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {control}
      {extra}
      {counter ? (
        <p className={`field__counter${atLimit ? ' field__counter--limit' : ''}`} id={`${id}-counter`} aria-live="polite">
          {atLimit
            ? t('form.characterLimitReached', { max: count.format(counter.max) })
            : t('form.characterCount', { used: count.format(used), max: count.format(counter.max) })}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`} role={errorAlert ? 'alert' : undefined}>
          {text(error)}
        </p>
      ) : null}
    </div>
  );
}
