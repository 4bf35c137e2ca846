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
