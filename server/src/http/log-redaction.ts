/**
 * What the server's log (pino, through Fastify) may hold: never a request body, query string, header,
 * client address or SQL parameter value, whatever a caller sent. Requests are logged by method and route
 * pattern, answers by status, errors by type, code, message and stack with query parameters cut out.
 */

/** Drizzle's "Failed query: ... params: <values>" and PostgreSQL's "Key (nic)=(...)" details carry values. */
const scrub = (text: unknown) =>
  typeof text === 'string'
    ? text
        .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, '\nparams: [redacted]')
        .replace(/\((?:[^()]*)\)=\([^\n]*?\)/g, '(…)=(…)')
        .slice(0, 4000)
    : undefined;

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  stack?: unknown;
  statusCode?: unknown;
  cause?: unknown;
}

function serializeError(err: unknown, depth = 0): Record<string, unknown> | undefined {
  if (!err || typeof err !== 'object') return err === undefined ? undefined : { message: '[non-error value]' };
  const e = err as ErrorLike;
  return {
    type: typeof e.name === 'string' ? e.name : 'Error',
    ...(typeof e.code === 'string' || typeof e.code === 'number' ? { code: e.code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    message: scrub(e.message),
    stack: scrub(e.stack),
    ...(e.cause && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

interface RequestLike {
  id?: string;
  method?: string;
  url?: string;
  routeOptions?: { url?: string };
}

export const logSerializers = {
  req: (req: RequestLike) => ({
    id: req.id,
    method: req.method,
    // The route's pattern (/api/fines/:id), never the path's values or the query string.
    route: req.routeOptions?.url ?? (typeof req.url === 'string' ? '(no route)' : undefined),
  }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
  err: (err: unknown) => serializeError(err),
};

/** Paths pino removes from any logged object, whatever a caller of the logger passes. */
export const LOG_REDACT_PATHS = [
  'req.headers',
  'req.body',
  'req.query',
  'req.params',
  'req.remoteAddress',
  'req.ip',
  'body',
  'query',
  'params',
  'headers',
  'ip',
  'remoteAddress',
  'err.params',
  'err.detail',
];

export const loggerOptions = (level: string) => ({ level, serializers: logSerializers, redact: { paths: LOG_REDACT_PATHS, remove: true } });
