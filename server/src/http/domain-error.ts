import { validationMessagesEn, type ValidationMessageKey } from '@pes/contracts';

/** An error a caller can act on: a stable code, an HTTP status and, for bad input, the bad fields. */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    /** field → validation message key */
    readonly fieldKeys?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const englishFieldMessage = (key: string) =>
  (validationMessagesEn as Record<string, string>)[key] ?? key;

export const badInput = (fieldKeys: Record<string, ValidationMessageKey | string>, message?: string) =>
  new DomainError(
    'validation.failed',
    400,
    message ?? `Invalid input: ${Object.keys(fieldKeys).join(', ')}`,
    fieldKeys,
  );

export const notFound = (code = 'request.not_found', message = 'Not found') => new DomainError(code, 404, message);
export const forbidden = (message = 'You are not allowed to do this') => new DomainError('auth.forbidden', 403, message);
export const unauthenticated = (message = 'Sign in to continue') => new DomainError('auth.unauthenticated', 401, message);
export const conflict = (code: string, message: string, fieldKeys?: Record<string, string>) =>
  new DomainError(code, 409, message, fieldKeys);
