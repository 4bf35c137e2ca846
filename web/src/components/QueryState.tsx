import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './Alert';
import { useErrorMessage } from './errors';

/** What QueryState reads of a TanStack query result. */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  isFetching?: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * The states of a query in one place: loading, a failure with a button to ask again, nothing found,
 * and otherwise the data, handed to `children`.
 */
export function QueryState<T>({
  query,
  loading,
  error,
  empty,
  isEmpty = isEmptyList,
  children,
}: {
  query: QueryLike<T>;
  /** Said while loading; "Loading..." by default. */
  loading?: string;
  /** The failure, as text or from the error; by default the server's translated message. */
  error?: string | ((error: unknown) => string);
  /** Shown instead of `children` when the data is empty. */
  empty?: ReactNode;
  /** What empty means; by default an empty list. */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  if (query.isError) {
    const message = typeof error === 'function' ? error(query.error) : (error ?? errorMessage(query.error));
    return (
      <div className="query-state__error">
        <Alert kind="error">{message}</Alert>
        <button type="button" className="button button--secondary" disabled={query.isFetching} onClick={() => void query.refetch()}>
          {query.isFetching ? t('guard.loading') : t('actions.retry')}
        </button>
      </div>
    );
  }
  if (query.isPending || query.data === undefined) {
    return (
      <p className="page-status" role="status">
        {loading ?? t('guard.loading')}
      </p>
    );
  }
  if (empty !== undefined && isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
