import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DB_KINDS, startTestApp, type TestApp } from './harness';
import { bearer, createCitizen } from './helpers';

describe.each(DB_KINDS)('HTTP conventions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  it.each([
    ['broken JSON', '{"username": "admin", "password": '],
    ['an empty body', ''],
    ['a JSON prototype key', '{"username":"a","password":"b","__proto__":{"role":"admin"}}'],
  ])('answers %s with 400 request.malformed', async (_name, payload) => {
    const res = await post('/api/auth/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'request.malformed', message: expect.any(String) } });
  });

  it('answers a body that is valid JSON but not an object with 400 naming the body', async () => {
    const res = await post('/api/auth/login', '[1,2,3]');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation.failed');
  });

  it('answers wrong types with 400 naming each field', async () => {
    const res = await post('/api/auth/login', JSON.stringify({ username: { $ne: null }, password: 12345678 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation.failed');
    expect(res.json().error.fieldKeys).toEqual({ username: 'required', password: 'required' });
    expect(res.json().error.fields.username).toBe('Required');
  });

  it('refuses an unsupported content type with 415', async () => {
    const res = await post('/api/auth/login', 'username=admin&password=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('request.unsupported_media_type');
  });

  it('refuses a JSON body over 1 MB with 413', async () => {
    const res = await post('/api/auth/login', JSON.stringify({ username: 'a', password: 'x'.repeat(1_100_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('request.too_large');
  });

  it('answers an unknown API route with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/auth/unknown'],
      ['DELETE', '/api/auth/login'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().error.code).toBe('request.not_found');
    }
  });

  it('checks who is calling before reading the body', async () => {
    const res = await post('/api/admin/users/create-officer', '{"broken": ');
    expect(res.statusCode).toBe(401);
    const c = await createCitizen(t);
    const forbidden = await post('/api/admin/users/create-officer', '{}', { 'content-type': 'application/json', ...bearer(c.token) });
    expect(forbidden.statusCode).toBe(403);
  });

  it('sends the security headers and a request id, and keeps API answers out of caches', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    // Up or down, and nothing about the software behind it (it named the database's kind: issue 46).
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'same-origin',
      'cache-control': 'no-store',
    });
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // A client's request id is echoed only when it is harmless.
    const given = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const bad = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a\u0000b<script>' } });
    expect(bad.headers['x-request-id']).not.toContain('<');
  });

  it('sends them on refusals and errors too: a 400, 401, 403, 404 and an unknown path', async () => {
    const c = await createCitizen(t);
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/slots/public?date=bad' }),
      await t.app.inject({ method: 'GET', url: '/api/auth/getCurrentUserInfo' }),
      await post('/api/admin/users/create-officer', '{}', { 'content-type': 'application/json', ...bearer(c.token) }),
      await t.app.inject({ method: 'GET', url: '/api/uploads/no-such-file.png', headers: bearer(c.token) }),
      await t.app.inject({ method: 'GET', url: '/api/no/such/path' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([400, 401, 403, 404, 404]);
    for (const res of answers) {
      expect(res.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'cache-control': 'no-store' });
      expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
    }
  });

  it('counts every request, a refused one too, on the traffic meter the job queue paces itself by', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
    for (let i = 0; i < 2; i++) await t.app.inject({ method: 'GET', url: '/api/auth/getCurrentUserInfo' });
    // The meter holds this second and the last: however the five fall across a second's end, one holds three.
    expect(t.modules.traffic.perSecond()).toBeGreaterThanOrEqual(3);
  });

  it('lets a cacheable route keep its own cache policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stations' });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.json().stations.length).toBeGreaterThanOrEqual(25);
  });

  it('serves a valid OpenAPI document listing the auth routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    for (const [path, method] of [
      ['/api/auth/login', 'post'],
      ['/api/auth/logout', 'post'],
      ['/api/auth/signup-citizen', 'post'],
      ['/api/auth/getCurrentUserInfo', 'get'],
      ['/api/auth/me', 'get'],
      ['/api/admin/users/create-officer', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const login = doc.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    // A session (citizens), or the second factor's next step (staff).
    const answers = login.responses['200'].content['application/json'].schema.anyOf as Array<{ properties: object }>;
    expect(answers.map((a) => Object.keys(a.properties).sort())).toEqual([
      ['branch', 'expires_at', 'role', 'token'],
      ['mfa', 'mfa_token'],
    ]);

    // Structurally valid: every operation has responses, every path parameter is declared, every $ref resolves.
    const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
    for (const [path, item] of Object.entries<Record<string, { responses?: object; parameters?: Array<{ in: string; name: string }> }>>(doc.paths)) {
      for (const [method, op] of Object.entries(item).filter(([m]) => methods.includes(m))) {
        expect(Object.keys(op.responses ?? {}).length, `${method} ${path} responses`).toBeGreaterThan(0);
        for (const name of path.match(/\{(\w+)\}/g)?.map((p) => p.slice(1, -1)) ?? []) {
          expect(
            op.parameters?.some((p) => p.in === 'path' && p.name === name),
            `${method} ${path} declares ${name}`,
          ).toBe(true);
        }
      }
    }
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) {
      const target = ref.slice(9, -1).replace(/^#\//, '').split('/');
      let node: unknown = doc;
      for (const key of target) node = (node as Record<string, unknown> | undefined)?.[key];
      expect(node, ref).toBeDefined();
    }
  });

  it('never answers with a stack trace or SQL', async () => {
    const probes = [
      await post('/api/auth/login', JSON.stringify({ username: "admin' OR '1'='1", password: "' OR 1=1 --" })),
      await post('/api/auth/login', '{"username":'),
      await t.app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fetc%2Fpasswd' }),
    ];
    for (const res of probes) {
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toMatch(/at .*\.(ts|js):\d+|select |insert |syntax error|node_modules/i);
    }
  });
});

describe.each(DB_KINDS.filter((k) => k === 'postgres'))('database connections on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('survives its idle connections being terminated (a PostgreSQL restart) and keeps answering', async () => {
    const c = await createCitizen(t);
    // Open a few pooled connections, then have PostgreSQL end every one but the asking one.
    await Promise.all(Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(c.token) })));
    await t.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(c.token) })).statusCode, { timeout: 10_000 })
      .toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('the API documentation in production', () => {
  const production = {
    NODE_ENV: 'production',
    PAYMENT_GATEWAY: 'sandbox',
    ADMIN_PASSWORD: 'Station-Commander@2026',
    PUBLIC_URL: 'https://eservices.police.lk',
  };
  it('is off unless API_DOCS=true', async () => {
    const t = await startTestApp('pglite', { env: production });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('with API_DOCS=true, is served with a content security policy', async () => {
    const t = await startTestApp('pglite', { env: { ...production, API_DOCS: 'true' } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect(page.statusCode).toBe(200);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
    } finally {
      await t.close();
    }
  });
});
