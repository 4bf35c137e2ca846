import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { validationMessagesEn, type ApiError } from '@pes/contracts';
import { AppError, appError, fieldKeysOf, invalidInput } from '../app-error';
import { isDatabaseUnavailable } from '../db/errors';

/** Seconds a caller is asked to wait while the database does not answer. */
const UNAVAILABLE_RETRY_AFTER_S = '5';

const isMessageKey = (k: string) => Object.hasOwn(validationMessagesEn, k);
const english = validationMessagesEn as Record<string, string>;

/** The answer's body: the code, its English message and, for bad fields, their message keys and English texts. */
function errorBody(err: AppError): ApiError {
  // Keys the browser cannot translate (a library's own message) fall back to a generic one, in both forms.
  const keys = err.fieldKeys && Object.fromEntries(Object.entries(err.fieldKeys).map(([f, k]) => [f, isMessageKey(k) ? k : 'invalidType']));
  const hints = err.fieldHints && Object.fromEntries(Object.entries(err.fieldHints).map(([f, list]) => [f, list.filter(isMessageKey)]));
  return {
    error: {
      code: err.code,
      message: err.message,
      ...(err.params && { params: err.params }),
      ...(keys && {
        fieldKeys: keys,
        // In English, a field's message is followed by its hints (a weak password's warning and suggestions).
        fields: Object.fromEntries(Object.entries(keys).map(([f, k]) => [f, [k, ...(hints?.[f] ?? [])].map((key) => english[key]).join(' ')])),
      }),
      ...(hints && { fieldHints: hints }),
    },
  };
}

/** What the caller is told about an error that is not an AppError: Fastify's, the parsers' and the validators'. */
function asAppError(err: FastifyError | Error): AppError | undefined {
  if (err instanceof AppError) return err;
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fieldKeys: Record<string, string> = {};
    for (const v of err.validation) {
      const field = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
      if (!(field in fieldKeys)) fieldKeys[field] = (v.message as string) || 'invalidType';
    }
    return invalidInput(fieldKeys);
  }
  if (err instanceof ZodError) return invalidInput(fieldKeysOf(err.issues));
  const fe = err as FastifyError;
  const status = fe.statusCode ?? 500;
  if (status === 413 || fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_PARTS_LIMIT' || fe.code === 'FST_FILES_LIMIT') {
    return appError('request.too_large');
  }
  if (status === 415 || fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return appError('request.unsupported_media_type');
  }
  if (status === 429) return appError('request.too_many');
  if (isDatabaseUnavailable(err)) return appError('server.unavailable', { headers: { 'retry-after': UNAVAILABLE_RETRY_AFTER_S } });
  return undefined;
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    const known = asAppError(err);
    if (known) {
      if (known.code === 'server.unavailable') request.log.warn({ err: { message: err.message } }, 'database unavailable');
      if (known.headers) reply.headers(known.headers);
      return reply.status(known.status).send(errorBody(known));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send(errorBody(appError('server.internal')));
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, an empty JSON body, bad headers: the client's fault, said without internals.
      return reply.status(status).send(errorBody(appError('request.malformed')));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody(appError('server.internal')));
  });
}

export const routeNotFoundBody = () => errorBody(appError('request.not_found'));

/**
 * Errors Fastify answers before any route runs (a URL that does not decode, a path parameter over its
 * length): in the error format, echoing nothing of the request, with the security headers (no onRequest
 * hook runs for them).
 */
export function frameworkErrors(headers: ReadonlyArray<readonly [string, string]>) {
  return (err: FastifyError, _request: unknown, reply: import('fastify').FastifyReply) => {
    const known = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? appError('request.uri_too_long') : appError('request.malformed');
    for (const [name, value] of headers) reply.header(name, value);
    return reply.status(known.status).header('cache-control', 'no-store').send(errorBody(known));
  };
}

/**
 * Errors of Node's HTTP parser (headers too large, a request that does not arrive in time, a broken
 * request line): answered on the raw socket, in the error format and with the security headers, then the
 * connection is closed.
 */
export function clientErrorHandler(headers: ReadonlyArray<readonly [string, string]>) {
  const headerLines = headers.map(([name, value]) => `${name}: ${value}\r\n`).join('') + 'cache-control: no-store\r\n';
  return (err: NodeJS.ErrnoException, socket: import('node:stream').Duplex) => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const known =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? appError('request.headers_too_large')
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? appError('request.timeout')
          : err.code === 'HPE_URI_TOO_LONG'
            ? appError('request.uri_too_long')
            : appError('request.malformed');
    const body = JSON.stringify(errorBody(known));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${known.status} ${STATUS_TEXT[known.status] ?? 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `${headerLines}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' };
