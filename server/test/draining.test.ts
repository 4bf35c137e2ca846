import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/** Asked to stop (SIGTERM, main.ts), an instance tells the load balancer at once and goes on serving meanwhile. */
describe('an instance that drains', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('is ready until asked to stop, then answers readiness 503 while still serving requests and liveness', async () => {
    const ready = () => t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect((await ready()).statusCode).toBe(200);
    t.modules.startDraining();
    const draining = await ready();
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'draining' });
    expect(draining.headers['retry-after']).toBe('5');
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/stations' })).statusCode).toBe(200);
  });
});
