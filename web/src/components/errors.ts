import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../lib/api/client';

/** A translated message for any error: the server's code if known, else its message, else the fallback key. */
export function useErrorMessage() {
  const { t } = useTranslation(['errors', 'common']);
  return useCallback(
    (err: unknown, fallbackKey = 'errors:generic') => {
      if (err instanceof ApiError) {
        const known = t(`errors:${err.code}`, { defaultValue: '' });
        return known || err.message || t(fallbackKey);
      }
      return t(fallbackKey);
    },
    [t],
  );
}

/** Puts the server's per-field errors (validation message keys) on the form's fields. Returns true if any. */
export function applyServerFieldErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>) {
  if (!(err instanceof ApiError)) return false;
  const entries = Object.entries(err.fieldKeys);
  for (const [field, key] of entries) setError(field as Path<T>, { type: 'server', message: key });
  return entries.length > 0;
}
