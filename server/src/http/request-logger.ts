import { symbols, type Logger } from 'pino';
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

interface PinoInternals {
  [symbols.streamSym]?: { write(line: string): unknown };
  [symbols.chindingsSym]?: string;
}

type LineWriter = (request: FastifyRequest, reply: FastifyReply) => void;

const UNMATCHED = JSON.stringify('unmatched');

/**
 * The one line each answered request leaves at the info level: its id, method, route pattern (never the path's
 * values or the query), status and time. Written straight to the logger's own destination, preformatted as pino
 * formats a line with the server's bindings (pid, hostname): going through pino would run its serialisers and
 * redaction over fields that are all the server's own (issue 26: the line was the largest single cost of a request
 * that does no I/O). The route comes from the request's logger (routeLoggers), not `request.routeOptions`, which
 * Fastify builds as a new twelve-field object at every read. Undefined when the logger does not write info lines.
 */
export function requestLine(logger: FastifyBaseLogger): LineWriter | undefined {
  const pino = logger as unknown as PinoInternals;
  const stream = pino[symbols.streamSym];
  if (!stream || !(logger as unknown as Logger).isLevelEnabled('info')) return undefined;
  const bindings = pino[symbols.chindingsSym] ?? '';
  return (request, reply) => {
    const log = request.log as unknown;
    const route = log instanceof RequestLogger ? log.routeJson : UNMATCHED;
    stream.write(
      `{"level":30,"time":${Date.now()}${bindings},"reqId":${JSON.stringify(request.id)},"method":"${request.method}","route":${route},"status":${reply.statusCode},"ms":${Math.round(reply.elapsedTime * 10) / 10},"msg":"request"}\n`,
    );
  };
}

/**
 * Fastify's own request lines ("incoming request", "request completed", its error and not-found lines) are off;
 * the request's one line (requestLine) is written when Fastify reports it complete, through the server's logger,
 * with no hook of its own. Errors are logged by the error handler (error-handler.ts).
 */
export class OneLinePerRequest extends LogController {
  #write: LineWriter | undefined | null = null;

  constructor() {
    super({ disableRequestLogging: true });
  }

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    // The server's logger exists only once Fastify is built from these options: taken at the first answer.
    if (this.#write === null) this.#write = requestLine(reply.server.log);
    this.#write?.(request, reply);
  }
}

type LogArguments = [obj: unknown, msg?: string, ...args: unknown[]];
type Bindings = Record<string, unknown>;

/**
 * A request's logger (Fastify's `request.log`): the pino child carrying the request's id, made when the request first
 * logs something. Nearly every request logs nothing but its one line (written without it): Fastify's own child per
 * request, which pino builds with a new formatters object each time, was a cost every request paid for nothing (issue 26).
 * It also knows the route the request matched (`routeJson`, JSON text), for that line.
 */
export class RequestLogger {
  #made: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: object;
  readonly routeJson: string;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: object, routeJson = UNMATCHED) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
    this.routeJson = routeJson;
  }

  #logger(): FastifyBaseLogger {
    return (this.#made ??= this.#parent.child(this.#bindings, this.#options));
  }

  get level() {
    return (this.#made ?? this.#parent).level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  fatal(...args: LogArguments) {
    this.#logger().fatal(...(args as [unknown]));
  }
  error(...args: LogArguments) {
    this.#logger().error(...(args as [unknown]));
  }
  warn(...args: LogArguments) {
    this.#logger().warn(...(args as [unknown]));
  }
  info(...args: LogArguments) {
    this.#logger().info(...(args as [unknown]));
  }
  debug(...args: LogArguments) {
    this.#logger().debug(...(args as [unknown]));
  }
  trace(...args: LogArguments) {
    this.#logger().trace(...(args as [unknown]));
  }
  silent(...args: LogArguments) {
    this.#logger().silent(...(args as [unknown]));
  }
  child(bindings: Bindings, options?: object): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory` for requests that matched no route: each request's logger, a RequestLogger. */
export const requestLoggerFactory = (parent: FastifyBaseLogger, bindings: Bindings, options: object) =>
  new RequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;

/**
 * Gives every route registered after it a logger factory of its own that names the route's pattern (an onRoute hook,
 * so a route is told its pattern once, when it is added). A route with a factory of its own keeps it.
 */
export function routeLoggers(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const routeJson = JSON.stringify(route.url);
    route.childLoggerFactory ??= (parent, bindings, options) => new RequestLogger(parent, bindings, options, routeJson) as unknown as FastifyBaseLogger;
  });
}
