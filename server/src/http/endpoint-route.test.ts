import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { createCitizen, multipart } from '../../test/helpers';

// Only forms' routes have the multipart parser (and its two hooks per request): everything else refuses a multipart
// body as any other type it does not take.
describe('multipart bodies go to forms only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('refuses a multipart body on a JSON endpoint: 415 in the error format, nothing changed', async () => {
    const citizen = await createCitizen(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...multipart({ username: citizen.username, password: citizen.password }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('request.unsupported_media_type');
    expect(res.cookies).toHaveLength(0);
  });

  it('reads a form on its own route, naming the missing fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/anonymous', ...multipart({ incident_type: 'Corruption' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation.failed');
    expect(Object.keys(res.json().error.fields ?? {})).toContain('station');
  });
});

// Fastify gives each scope its own request and reply classes; the code every request runs slows down once it has met
// many of them (issue 26). So the API's routes share the API's scope, but for the two that need one of their own: the
// forms (with the multipart parser) and Stripe's webhook (raw JSON bodies).
describe('scopes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t?.close());

  type Scope = { prefix: string; hasRequestDecorator(name: string): boolean };
  const childScopes = (scope: object): Scope[] => {
    const children = Object.getOwnPropertySymbols(scope).find((s) => s.description === 'fastify.children');
    return (scope as Record<symbol, Scope[]>)[children!]!;
  };

  it('the API has one scope for its routes and two inside it: the forms (with the multipart parser) and the webhook', () => {
    const api = childScopes(t.app).filter((scope) => scope.prefix === '/api');
    expect(api).toHaveLength(1);
    expect(api[0]!.hasRequestDecorator('isMultipart')).toBe(false);
    const inner = childScopes(api[0]!);
    expect(inner.map((scope) => scope.hasRequestDecorator('isMultipart')).sort()).toEqual([false, true]);
  });
});
