import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { validationMessagesEn } from '@pes/contracts';
import { DomainError, englishFieldMessage } from './domain-error';

const isMessageKey = (k: string) => Object.hasOwn(validationMessagesEn, k);

type Body = { error: { code: string; message: string; fields?: Record<string, string>; fieldKeys?: Record<string, string> } };

function body(code: string, message: string, fieldKeys?: Record<string, string>): Body {
  // Keys the browser cannot translate (a library's own message) fall back to a generic one, in both forms.
  const keys = fieldKeys && Object.fromEntries(Object.entries(fieldKeys).map(([f, k]) => [f, isMessageKey(k) ? k : 'invalidType']));
  return {
    error: {
      code,
      message,
      ...(keys && {
        fieldKeys: keys,
        fields: Object.fromEntries(Object.entries(keys).map(([f, k]) => [f, englishFieldMessage(k)])),
      }),
    },
  };
}

/** First issue per field; the field is the issue path joined with dots. */
export function zodFieldKeys(issues: ReadonlyArray<{ path: PropertyKey[]; message: string; code?: string }>) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    if (!(field in out)) out[field] = issue.message || 'invalidType';
  }
  return out;
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    if (err instanceof DomainError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.status).send(body(err.code, err.message, err.fieldKeys));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldKeys: Record<string, string> = {};
      for (const v of err.validation) {
        const field = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
        if (!(field in fieldKeys)) fieldKeys[field] = (v.message as string) || 'invalidType';
      }
      return reply.status(400).send(body('validation.failed', `Invalid ${err.validationContext ?? 'request'}`, fieldKeys));
    }
    if (err instanceof ZodError) {
      return reply.status(400).send(body('validation.failed', 'Invalid input', zodFieldKeys(err.issues)));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send(body('server.internal', 'Something went wrong on our side. Please try again.'));
    }
    const fe = err as FastifyError;
    const status = fe.statusCode ?? 500;
    if (status === 413 || fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_PARTS_LIMIT' || fe.code === 'FST_FILES_LIMIT') {
      return reply.status(413).send(body('request.too_large', 'The request or one of its files is too large (5 MB per file).'));
    }
    if (status === 415 || fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return reply.status(415).send(body('request.unsupported_media_type', 'This content type is not accepted here.'));
    }
    if (status === 429) {
      return reply.status(429).send(body('request.too_many', 'Too many requests. Please wait and try again.'));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, an empty JSON body, bad headers: the client's fault, said without internals.
      return reply.status(status).send(body('request.malformed', 'The request could not be read. Check its format.'));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('server.internal', 'Something went wrong on our side. Please try again.'));
  });
}

export const routeNotFoundBody = (method: string, url: string) => body('request.not_found', `No route ${method} ${url.split('?')[0]}`);
