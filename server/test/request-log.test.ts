import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/** One log line per request at the default level (issue 24): what an operator reads, and nothing of the caller. */
describe('the request log', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await startTestApp('pglite', { logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } } });
  });
  afterAll(() => t?.close());

  it('writes one line per request: method, route pattern, status, time and request id', async () => {
    const nic = '198518400123';
    const res = await t.app.inject({ method: 'GET', url: `/api/clearance/status/${nic}`, headers: { 'x-request-id': 'req-log-test-1' } });
    expect(res.statusCode).toBe(401);
    const mine = lines.filter((line) => line.reqId === 'req-log-test-1');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', route: '/api/clearance/status/:identity_number', status: 401 });
    expect(typeof mine[0]!.ms).toBe('number');
    // The pattern, not the path: an identity number in the address stays out of the log.
    expect(JSON.stringify(mine)).not.toContain(nic);
  });

  it('names a request that matched no route as such', async () => {
    await t.app.inject({ method: 'POST', url: '/api/no-such-thing', headers: { 'x-request-id': 'req-log-test-2' } });
    const mine = lines.filter((line) => line.reqId === 'req-log-test-2');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request', route: 'unmatched', status: 404 });
  });
});
