import { ApiError } from '../../lib/api/client';

/** What went wrong at sign-in, in the terms each page words its own message by. */
export type LoginFailure = 'invalid' | 'wrongRole' | 'throttled' | 'other';

export function loginFailure(err: unknown): LoginFailure {
  if (!(err instanceof ApiError)) return 'other';
  if (err.status === 401 || err.code === 'auth.invalid_credentials') return 'invalid';
  if (err.status === 403 || err.code === 'auth.wrong_area') return 'wrongRole';
  if (err.status === 429 || err.code === 'auth.throttled') return 'throttled';
  return 'other';
}
