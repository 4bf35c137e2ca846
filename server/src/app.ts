import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { destination } from 'pino';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { clientErrorHandler, frameworkErrors, installErrorHandler, routeNotFoundBody } from './http/error-handler';
import { withInputSafety } from './http/input-safety';
import { loggerOptions } from './http/log-redaction';
import { preferredEncoding } from './http/accept-encoding';
import { OneLinePerRequest, requestLoggerFactory, routeLoggers } from './http/request-logger';
import { createAnswerSerializer } from './http/answer-serializer';
import { composeModules } from './composition';
import { createTrafficMeter } from './http/traffic-meter';
import { securityHeaders } from './http/security-headers';
import { STORED_FILES_PREFIX } from './modules/files/files.service';
import type { Server } from 'node:http';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Fastify logger options; false in tests. */
  logger?: boolean | object;
}

/**
 * The web app's content security policy. Scripts come from the site, plus the inline scripts of the built index.html
 * allowed one by one by their SHA-256 hash (the boot shell's: it draws the opened page's header before the app's code
 * arrives); any other inline script, an injected one, is refused.
 */
export function htmlContentSecurityPolicy(indexHtml: string) {
  const inlineScripts = [...indexHtml.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!);
  const hashes = inlineScripts.map((script) => ` 'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`).join('');
  return (
    "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; " +
    `script-src 'self'${hashes}; connect-src 'self'; frame-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self' https://checkout.stripe.com`
  );
}

/**
 * The log's destination: standard output, written in blocks of 64 KB or every second, whichever comes first (and at
 * exit), rather than a write per line: one line per request made that write a tenth of a light request's CPU (issue
 * 26). A line waits at most a second. Each block is written off the main thread (libuv's pool), so a block every 4 KB
 * (~13 requests) cost a hand-over to the pool and back each time; at 64 KB it is one every ~200 requests. The block is
 * kept as bytes (sonic-boom's buffer mode): kept as text, each line was appended to one growing string whose byte
 * length was measured again at every line, 2.5 µs of CPU a line here against 0.6 µs as bytes.
 */
const LOG_BLOCK_BYTES = 64 * 1024;

function bufferedStandardOutput() {
  const out = destination({
    dest: 1,
    minLength: LOG_BLOCK_BYTES,
    // sonic-boom refuses a block larger than a single write may be (16 KB by default).
    maxWrite: 2 * LOG_BLOCK_BYTES,
    periodicFlush: 1000,
    sync: false,
    contentMode: 'buffer',
  });
  // (Typed for text: in buffer mode it takes bytes.)
  const writeBytes = out.write.bind(out) as unknown as (bytes: Buffer) => boolean;
  return {
    write: (line: string) => writeBytes(Buffer.from(line)),
    flush: (done?: (err?: Error) => unknown) => out.flush(done),
    flushSync: () => out.flushSync(),
  };
}

/**
 * Request ids: this instance's random name, then its count of requests. Unique across instances as a UUID would be,
 * in order within one (a log is read by them), at a fraction of a UUID's cost per request (issue 26).
 */
function requestIds() {
  const instance = randomBytes(6).toString('base64url');
  let count = 0;
  return () => `${instance}-${(++count).toString(36)}`;
}

export async function buildApp(opts: BuildAppOptions) {
  const { config } = opts;
  const serializerCompiler = createAnswerSerializer({ validate: !config.production });
  const safeValidatorCompiler = withInputSafety(validatorCompiler);
  const nextRequestId = requestIds();
  const headers = securityHeaders(config.production);
  const app = Fastify({
    // The redacting serializers apply to any logger options given (a test's stream, say).
    logger: (opts.logger === undefined || opts.logger === true
      ? { ...loggerOptions(config.logLevel), stream: bufferedStandardOutput() }
      : opts.logger && { ...loggerOptions(config.logLevel), ...opts.logger }) as FastifyServerOptions['logger'],
    // Errors before a route runs, and the HTTP parser's own, answer in the error format and echo nothing.
    frameworkErrors: frameworkErrors(headers),
    clientErrorHandler: clientErrorHandler(headers),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : nextRequestId();
    },
    bodyLimit: 1024 * 1024,
    // Fastify's two lines per request ("incoming", "completed") become one, written when the answer is sent.
    logController: new OneLinePerRequest(),
    childLoggerFactory: requestLoggerFactory,
    // A request must arrive whole within 5 minutes (15 MB of photos on a slow mobile link fits), so
    // connections trickling bytes cannot be held open for ever.
    requestTimeout: 300_000,
    // Client addresses (login throttling) come from X-Forwarded-For only behind known proxies.
    trustProxy: config.trustProxyHops > 0 ? (_address: string, hop: number) => hop < config.trustProxyHops : false,
    routerOptions: { maxParamLength: 200 },
    // Every schema is zod: Fastify's default compilers (Ajv, fast-json-stringify) would only be loaded to
    // sit unused, and loading them is a tenth of the start-up time.
    // (The casts: Fastify types these factories for Ajv's compilers.)
    schemaController: {
      compilersFactory: { buildValidator: (() => safeValidatorCompiler) as never, buildSerializer: (() => serializerCompiler) as never },
    },
  }).withTypeProvider<ZodTypeProvider>();
  // A client may send its request and close its side at once (HTTP/1.0 style): by default Node then drops
  // a request whose answer is still being worked out (anything that reads the database), and the client
  // gets nothing. Half-open, the answer is written and the connection then closed.
  (app.server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;

  app.setValidatorCompiler(safeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  routeLoggers(app);

  // Requests per second: the job queue eases off when people are waiting on this process. Counted here, in the hook every
  // request already passes, rather than by an onResponse hook of its own: with none, Fastify runs no onResponse hook
  // runner at all (issue 26).
  const traffic = createTrafficMeter();
  // Set as each request arrives, so every answer carries them, an error's too; a route's own (a cache policy, say)
  // replaces them. Callback form: an async hook costs a promise and a turn of the microtask queue per request; and
  // not an onSend hook, which put every answer through one more hook runner (issue 26).
  app.addHook('onRequest', (request, reply, done) => {
    traffic.record();
    reply.header('x-request-id', request.id);
    for (const [name, value] of headers) reply.header(name, value);
    // API answers are personal (current user, records): no shared or browser cache unless a route says so.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Sri Lanka Police e-Services API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  if (config.apiDocs) {
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // The UI's own scripts (by hash) and styles only; frames and forms of other sites refused. Without
      // upgrade-insecure-requests, which would break the page on a plain-HTTP development server.
      staticCSP: true,
      transformStaticCSP: (header) => `${header.replace(/\s*upgrade-insecure-requests;?/, '')} form-action 'self';`,
    });
  }

  const modules = await composeModules(app, config, opts.database, traffic);
  serveWebApp(app, config.webDistDir);
  return { app, modules };
}

/** The built web app with history fallback: every non-API GET that wants HTML gets index.html. */
function serveWebApp(app: FastifyInstance, distDir: string) {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send(routeNotFoundBody()));
    return;
  }
  const indexHtml = fs.readFileSync(indexPath);
  // Hashed once, at start-up, from the file being served: the policy always allows exactly the build's own inline scripts.
  const htmlCsp = htmlContentSecurityPolicy(indexHtml.toString('utf8'));
  app.register(fastifyStatic, {
    root: distDir,
    // One wildcard route rather than a route per file: listing and routing ~150 files cost start-up time.
    wildcard: true,
    index: false,
    // The build writes a brotli and a gzip copy beside each text file (web/vite.config.ts): sent as they are.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  // index.html carries the boot shell (its styles, and the page headers' texts in three languages): compressed, it is
  // a third of the bytes, which on a slow link is a round trip less before the shell draws. The build's own
  // compressed copies when there (read once, here), else compressed at the first request.
  const compressedIndex: Partial<Record<'br' | 'gzip', Buffer>> = {};
  for (const [encoding, extension] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (fs.existsSync(indexPath + extension)) compressedIndex[encoding] = fs.readFileSync(indexPath + extension);
  }
  const indexIn = (encoding: 'br' | 'gzip') =>
    (compressedIndex[encoding] ??=
      encoding === 'br'
        ? zlib.brotliCompressSync(indexHtml, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: indexHtml.length },
          })
        : zlib.gzipSync(indexHtml, { level: 9 }));
  const sendIndex = (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', htmlCsp).header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    return encoding ? reply.header('content-encoding', encoding).send(indexIn(encoding)) : reply.send(indexHtml);
  };
  app.get('/', (request, reply) => sendIndex(request, reply));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith(STORED_FILES_PREFIX);
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && !path.extname(url)) return sendIndex(request, reply);
    return reply.status(404).send(routeNotFoundBody());
  });
}
