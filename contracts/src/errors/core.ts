import type { ModuleErrors } from './entry';

/** Errors of any request, answered before a module is involved or when it fails unexpectedly. */
export const validationErrors = {
  'validation.failed': { status: 400, message: 'Invalid input: {{fields}}' },
} as const satisfies ModuleErrors<'validation'>;

export const requestErrors = {
  'request.malformed': { status: 400, message: 'The request could not be read. Check its format.' },
  'request.not_found': { status: 404, message: 'Not found' },
  'request.too_large': { status: 413, message: 'The request or one of its files is too large (5 MB per file).' },
  'request.unsupported_media_type': { status: 415, message: 'This content type or file type is not accepted here.' },
  'request.too_many': { status: 429, message: 'Too many requests. Please wait and try again.' },
  'request.uri_too_long': { status: 414, message: 'The address of the request is too long.' },
  'request.headers_too_large': { status: 431, message: 'The request headers are too large.' },
  'request.timeout': { status: 408, message: 'The request took too long to arrive.' },
  'request.rate_limited': { status: 429, message: 'Too many requests from this connection. Please try again in {{minutes}} minutes.' },
} as const satisfies ModuleErrors<'request'>;

export const serverErrors = {
  'server.internal': { status: 500, message: 'Something went wrong on our side. Please try again.' },
  /** The database does not answer (down, restarting or frozen): answered with Retry-After. */
  'server.unavailable': { status: 503, message: 'The service is temporarily unavailable. Please try again in a moment.' },
} as const satisfies ModuleErrors<'server'>;
