import { DomainError } from '../../http/domain-error';

export const invalidCredentials = () =>
  new DomainError('auth.invalid_credentials', 401, 'Invalid username or password');

export const wrongArea = (area: string) =>
  new DomainError('auth.wrong_area', 403, `This account cannot sign in to the ${area} area`);

export const loginThrottled = (retryAfterSeconds: number) =>
  new DomainError(
    'auth.throttled',
    429,
    `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );

export const usernameTaken = () =>
  new DomainError('auth.username_taken', 409, 'This username is already taken', { username: 'usernameTaken' });

export const identityTaken = () =>
  new DomainError('auth.identity_taken', 409, 'An account with this identity number already exists', {
    identity_number: 'identityTaken',
  });
