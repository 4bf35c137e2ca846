import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|txt)$/;

type Encoding = 'br' | 'gzip';

export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const offered = (acceptEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => {
      const [name, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { name: name!.trim(), q: q === undefined ? 1 : Number(q) };
    });
  const accepts = (name: string) => offered.some((o) => o.name === name && o.q > 0);
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined;
}

/**
 * An onSend hook that serves the web app's built assets (/assets/*) compressed: brotli, else gzip.
 * The files have content-hashed names and never change while the server runs, so each is compressed
 * once, at its first request, and kept in memory (about 1 MB for the whole app). Without this the
 * browser would download the JavaScript uncompressed, three times the bytes.
 */
export function compressedAssets(distDir: string): onSendHookHandler<unknown> {
  const root = path.resolve(distDir);
  const cache = new Map<string, Promise<Buffer | undefined>>();

  const compressed = (file: string, encoding: Encoding) => {
    const key = `${encoding}:${file}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = fs
        .readFile(file)
        .then((raw) =>
          encoding === 'br'
            ? brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
            : gzip(raw, { level: 9 }),
        )
        .catch(() => {
          cache.delete(key);
          return undefined;
        });
      cache.set(key, entry);
    }
    return entry;
  };

  const assetPayload = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const url = request.url.split('?')[0]!;
    if (!url.startsWith('/assets/') || !COMPRESSIBLE.test(url)) return payload;
    reply.header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    let file: string;
    try {
      file = path.resolve(root, `.${decodeURIComponent(url)}`);
    } catch {
      return payload;
    }
    if (!file.startsWith(root + path.sep)) return payload;
    const body = await compressed(file, encoding);
    if (!body) return payload;
    (payload as Readable | undefined)?.destroy?.();
    reply.removeHeader('content-length');
    reply.header('content-encoding', encoding);
    return body;
  };

  return (request, reply, payload, done) => {
    // Every answer passes here: API answers and pages go straight on, without a promise.
    if (request.method !== 'GET' || reply.statusCode !== 200 || !request.url.startsWith('/assets/')) {
      done(null, payload);
      return;
    }
    assetPayload(request, reply, payload).then(
      (body) => done(null, body),
      (err: Error) => done(err),
    );
  };
}
