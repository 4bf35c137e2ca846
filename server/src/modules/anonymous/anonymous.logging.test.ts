import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { reportFields, submitReport } from './anonymous.fixtures';

describe('anonymous complaints leave no address or user agent in the request log', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startTestApp('pglite', { logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
  });
  afterAll(() => t?.close());

  it('logs a report and a tracking call without the address or user agent (the logger keeps addresses out of every line, http/log-redaction.ts)', async () => {
    const address = '198.51.100.23';
    const res = await submitReport(t, reportFields(), {}, address);
    expect(res.statusCode).toBe(201);
    await t.app.inject({ method: 'POST', url: '/api/anonymous/track', payload: { tracking_code: res.json().tracking_code }, remoteAddress: address });
    const anonymousLines = lines.filter((l) => l.includes('/api/anonymous'));
    expect(anonymousLines.length).toBeGreaterThanOrEqual(2);
    for (const line of anonymousLines) {
      expect(line).not.toContain(address);
      expect(line).not.toContain('Secret-Agent');
      expect(line).not.toContain('remoteAddress');
    }
  });
});
