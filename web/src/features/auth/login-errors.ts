import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';

/** What went wrong at sign-in, in the terms each page words its own message by. */
type LoginFailure = 'invalid' | 'deactivated' | 'wrongRole' | 'throttled' | 'other';

function loginFailure(err: unknown): LoginFailure {
  if (!(err instanceof ApiError)) return 'other';
  if (err.status === 401 || err.code === 'auth.invalid_credentials') return 'invalid';
  // A 403 too, but not a wrong area: the right password of a deactivated account.
  if (err.code === 'auth.account_deactivated') return 'deactivated';
  if (err.status === 403 || err.code === 'auth.wrong_area') return 'wrongRole';
  if (err.status === 429 || err.code === 'auth.throttled') return 'throttled';
  return 'other';
}

/**
 * A sign-in failure in words: wrong credentials and throttling read the same on every sign-in page;
 * each page says in its own words that the account does not belong there, and what else went wrong.
 */
export function useLoginErrorText({ wrongRole, other }: { wrongRole: string; other: (err: unknown) => string }) {
  const { t } = useTranslation('errors');
  return (err: unknown) => {
    switch (loginFailure(err)) {
      case 'invalid':
        return t('auth.invalid_credentials');
      case 'deactivated':
        return t('auth.account_deactivated');
      case 'wrongRole':
        return wrongRole;
      // Waiting is the only remedy, so say so rather than "an error occurred".
      case 'throttled':
        return t('auth.throttled');
      default:
        return other(err);
    }
  };
}
