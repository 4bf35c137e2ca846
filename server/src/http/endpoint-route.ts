import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  onRequestHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, type apiErrorSchema, type Endpoint } from '@pes/contracts';

/** The instance a route plugin (FastifyPluginAsyncZod) is given. */
type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** A route's error answers, status by status: the one error body (see errorResponses). */
type ErrorSchemas = Record<number, typeof apiErrorSchema>;

/**
 * The Fastify schema an endpoint's description stands for. Its type is what types request.params, query
 * and body in the handler and checks what the handler answers (the success answer or an error body).
 */
interface EndpointSchema<E extends Endpoint, Errors extends ErrorSchemas> extends FastifySchema {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: Record<E['status'], E['answer']> & Errors;
}

/** What a route adds to its endpoint's description: its documentation, its error statuses, guards and limits. */
interface RouteParts<Errors extends ErrorSchemas> {
  tags: readonly string[];
  summary?: string;
  security?: FastifySchema['security'];
  /** The error statuses it can answer, `errorResponses(...)`: documented, and their bodies checked on the way out. */
  errors?: Errors;
  /** A guard (guards.require): a caller who may not use the route is refused before its body is read. */
  onRequest?: onRequestHookHandler;
  /** `{ rateLimit: limitedRoute(...) }` for a limited route. */
  config?: FastifyContextConfig;
  bodyLimit?: number;
}

type EndpointHandler<E extends Endpoint, Errors extends ErrorSchemas> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  EndpointSchema<E, Errors>,
  ZodTypeProvider
>;

/**
 * Registers a route from its endpoint's description in contracts: the method, the path and the schemas come
 * from there (the web calls the same description), so a route file says only what is the server's own.
 * A multipart form has no body schema: its handler parses it with parseMultipart and the description's form.
 */
export function route<E extends Endpoint, Errors extends ErrorSchemas = Record<never, never>>(
  app: ZodApp,
  endpoint: E,
  parts: RouteParts<Errors>,
  handler: EndpointHandler<E, Errors>,
): void {
  const { tags, summary, security, errors, ...options } = parts;
  const schema = {
    tags,
    ...(summary === undefined ? {} : { summary }),
    ...(security === undefined ? {} : { security }),
    ...(endpoint.form ? { consumes: ['multipart/form-data'] } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    response: { [endpoint.status]: endpoint.answer, ...errors },
  };
  const register = (scope: ZodApp) =>
    // (The cast: the schema is built from the description's parts, which TypeScript cannot follow key by key.)
    scope.route<RouteGenericInterface, ContextConfigDefault, EndpointSchema<E, Errors>>({
      ...options,
      method: endpoint.method,
      url: endpoint.path,
      schema: schema as EndpointSchema<E, Errors>,
      handler,
    });
  if (!endpoint.form) {
    register(app);
    return;
  }
  waitingFormsOf(app).push({ path: endpoint.path, register });
}

type WaitingForm = { path: string; register: (scope: ZodApp) => void };

/** Each instance's form routes, until `formRoutes` puts them in their scope. */
const waitingForms = new WeakMap<ZodApp, WaitingForm[]>();

function waitingFormsOf(app: ZodApp) {
  let waiting = waitingForms.get(app);
  if (!waiting) {
    const forms: WaitingForm[] = (waiting = []);
    waitingForms.set(app, forms);
    // A form left waiting would be a route that silently does not exist: the server does not start.
    app.addHook('onReady', (done) => {
      done(forms.length > 0 ? new Error(`form routes never registered (formRoutes): ${forms.map((f) => f.path).join(', ')}`) : undefined);
    });
  }
  return waiting;
}

/**
 * The form routes that the modules registered on `app`, all in ONE scope of their own with the multipart parser:
 * the plugin hangs two hooks (a promise each and a listener) on every request of the scope it is registered in,
 * which only forms need; and each Fastify scope has its own request and reply classes, so a scope per form would
 * give the code every request runs more shapes to handle (issue 26). Registered after the modules.
 */
export function formRoutes(app: ZodApp) {
  return async (scope: ZodApp) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 12 } });
    for (const form of waitingForms.get(app)?.splice(0) ?? []) form.register(scope);
  };
}
