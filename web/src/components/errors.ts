import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../lib/api/client';

/**
 * A translated message for any error: the server's code when the catalogue has a text for it, else the action's own text
 * (`fallbackKey`). Never a raw code (`http.500`) nor the server's or the browser's untranslated words ("Bad Gateway").
 */
export function useErrorMessage() {
  const { t, i18n } = useTranslation(['errors', 'common']);
  return useCallback(
    (err: unknown, fallbackKey = 'errors:generic') => {
      // The server's placeholder values fill the translation (a wait in minutes), as they fill its English message.
      if (err instanceof ApiError && i18n.exists(`errors:${err.code}`)) return t(`errors:${err.code}`, err.params);
      return t(fallbackKey);
    },
    [t, i18n],
  );
}

/**
 * Puts the server's per-field errors (validation message keys) on the form's fields, each followed by its hints (a weak
 * password's warning and suggestions) as more keys: the field's message is then the keys separated by spaces, which
 * FormField and ErrorSummary translate one by one (`useValidationText`). Returns true if any.
 */
export function applyServerFieldErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>) {
  if (!(err instanceof ApiError)) return false;
  const entries = Object.entries(err.fieldKeys);
  for (const [field, key] of entries) setError(field as Path<T>, { type: 'server', message: [key, ...(err.fieldHints[field] ?? [])].join(' ') });
  return entries.length > 0;
}

/** Whether the server named fields in its refusal (their messages then go to the form's error summary). */
export function hasFieldErrors(err: unknown) {
  return err instanceof ApiError && Object.keys(err.fieldKeys).length > 0;
}
