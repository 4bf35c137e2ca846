import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/** The boot shell's inline script stands in for the real one (web/index.html). */
const inlineScript = "\n      document.title = 'shell';\n    ";
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

/** A stand-in for web/dist: the server's handling of the built app does not depend on its content. No compressed copy of
 * index.html: the server then compresses it itself. */
function fakeWebBuild() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><title>Sri Lanka Police e-Services</title><div id="root"></div><script>${inlineScript}</script>` +
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
  );
  const js = Array.from({ length: 2000 }, (_, i) => `export const value${i} = "value number ${i}";`).join('\n');
  fs.writeFileSync(path.join(dir, 'assets/index-abc123.js'), js);
  // The build's compressed copies (web/vite.config.ts writes them beside each text file).
  fs.writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dir, 'assets/index-abc123.js.gz'), zlib.gzipSync(js));
  fs.writeFileSync(path.join(dir, 'assets/font-abc123.woff2'), Buffer.alloc(2048, 1));
  return { dir, js };
}

describe('the built web app', () => {
  let t: TestApp;
  let web: ReturnType<typeof fakeWebBuild>;
  beforeAll(async () => {
    web = fakeWebBuild();
    t = await startTestApp('pglite', { env: { WEB_DIST_DIR: web.dir } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(web.dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('answers a path with NUL or a lone surrogate as a client error, never a 5xx (no schema describes these paths)', async () => {
    for (const url of ['/assets/index-abc123.js%00.map', '/assets/a%00b', '/%00', '/assets/%ED%A0%80.js', '/anonymous-complaint%00']) {
      const res = await get(url, { accept: 'text/html' });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toContain('\u0000');
    }
  });

  it('serves JavaScript with brotli to browsers that accept it, gzip to others, plain to the rest', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(web.js);
    expect(br.rawPayload.length).toBeLessThan(web.js.length / 4);

    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(web.js);

    const refused = await get('/assets/index-abc123.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(web.js);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(web.js);
  });

  it('leaves already-compressed files alone, answers a range from the representation it sends, and HEAD', async () => {
    const font = await get('/assets/font-abc123.woff2', { 'accept-encoding': 'br' });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-encoding']).toBeUndefined();
    const range = await get('/assets/index-abc123.js', { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBe('br');
    expect(range.rawPayload).toEqual(fs.readFileSync(path.join(web.dir, 'assets/index-abc123.js.br')).subarray(0, 10));
    const plainRange = await get('/assets/index-abc123.js', { range: 'bytes=0-9' });
    expect(plainRange.statusCode).toBe(206);
    expect(plainRange.body).toBe(web.js.slice(0, 10));
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
  });

  it('answers the app routes with index.html and its content security policy', async () => {
    for (const url of ['/', '/pay-fine', '/police/dashboard?x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['cache-control']).toBe('no-cache');
      // Not to be framed by another site (clickjacking), nor sniffed as another type.
      expect(res.headers).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff' });
    }
  });

  it('sends index.html compressed to browsers that accept it, as the assets are', async () => {
    const html = fs.readFileSync(path.join(web.dir, 'index.html'), 'utf8');
    const br = await get('/clearance', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(html);
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(html);
    const plain = await get('/pay-fine');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it("allows index.html's own inline script by its hash, computed from the built file, and no other inline script", async () => {
    const res = await get('/clearance');
    const scriptSrc = /script-src ([^;]*);/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe(`'self' 'sha256-${sha256(inlineScript)}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('answers missing files, API routes and uploads with a JSON 404, never index.html', async () => {
    for (const url of ['/assets/missing-000.js', '/api/missing', '/uploads/', '/uploads/x.jpg', '/favicon-missing.svg']) {
      const res = await get(url);
      expect([401, 404], url).toContain(res.statusCode);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('serves nothing outside the web build', async () => {
    for (const url of ['/assets/..%2F..%2Fetc%2Fpasswd', '/assets/%2e%2e/%2e%2e/etc/passwd', '/..%2Fpackage.json']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      const body = res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload).toString() : res.body;
      expect(body).not.toContain('root:');
      expect(body).not.toContain('"name"');
      // Either refused, or (a path without an extension) the app's own page.
      if (res.statusCode === 200) expect(body).toContain('<div id="root">');
      else expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
    }
  });
});
