import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useValidationText } from './FormField';

export interface SummaryItem {
  /** The field's input id. */
  id: string;
  label: string;
  /** Validation message key or text. */
  message: string;
}

/** The errors of a form at its top, each linking to its field; takes focus when it appears. */
export function ErrorSummary({ items, title, focusKey }: { items: SummaryItem[]; title?: string; focusKey?: number }) {
  const { t } = useTranslation();
  const text = useValidationText();
  const ref = useRef<HTMLDivElement>(null);
  // Unique per summary: a page (or a modal) may hold more than one form.
  const titleId = `error-summary-title-${useId()}`;
  const hasErrors = items.length > 0;
  // Focus moves here when errors appear or on a new submit attempt (focusKey, e.g. submitCount),
  // never while the user types and the list is re-checked.
  useEffect(() => {
    if (hasErrors) ref.current?.focus();
  }, [hasErrors, focusKey]);
  if (items.length === 0) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby={titleId}>
      <h2 id={titleId}>{title ?? t('form.errorSummaryTitle')}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              onClick={(e) => {
                e.preventDefault();
                document.getElementById(item.id)?.focus();
              }}
            >
              {item.label}: {text(item.message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Summary items from react-hook-form errors, in the order of `fields`. */
export function summaryFrom(
  errors: Record<string, { message?: unknown } | undefined>,
  fields: ReadonlyArray<{ name: string; id?: string; label: string }>,
): SummaryItem[] {
  return fields
    .filter((f) => typeof errors[f.name]?.message === 'string')
    .map((f) => ({ id: f.id ?? f.name, label: f.label, message: errors[f.name]!.message as string }));
}
