import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { createCitizen } from '../../test/helpers';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { RequestLogger } from './request-logger';

describe('the request log: one line per answered request, as pino writes a line', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startTestApp('pglite', { logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
  });
  afterAll(() => t?.close());

  const requestLines = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request');

  it("names the route's pattern, status and time under the request's id, never the path's values or the query", async () => {
    const citizen = await createCitizen(t);
    lines.length = 0;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/fines/search?identity_type=NIC&identity_number=199012345678&vehicle_number=WP%20CAB-9999',
      headers: { authorization: `Bearer ${citizen.token}`, 'x-request-id': 'trace-7' },
    });
    expect(res.statusCode).toBe(200);
    const [line, ...more] = requestLines();
    expect(more).toHaveLength(0);
    expect(line).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: os.hostname(),
      reqId: 'trace-7',
      method: 'GET',
      route: '/api/fines/search',
      status: 200,
      ms: expect.any(Number),
      msg: 'request',
    });
    expect(Math.abs((line!.time as number) - Date.now())).toBeLessThan(60_000);
    expect(lines.join('')).not.toContain('199012345678');
    expect(lines.join('')).not.toContain('CAB');
  });

  it('writes a refused request and an unknown path too, as unmatched', async () => {
    lines.length = 0;
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/getCurrentUserInfo' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/no/such/path/199012345678' })).statusCode).toBe(404);
    expect(requestLines().map((l) => [l.route, l.status])).toEqual([
      ['/api/auth/getCurrentUserInfo', 401],
      ['unmatched', 404],
    ]);
    expect(lines.join('')).not.toContain('199012345678');
  });
});

describe("a request's logger", () => {
  it('makes the child carrying the request id only when the request logs, and writes through it', () => {
    const lines: Record<string, unknown>[] = [];
    const parent = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
    let children = 0;
    const counting = Object.assign(Object.create(parent) as FastifyBaseLogger, {
      child: (bindings: object, options?: object) => (children++, parent.child(bindings, options)),
    });
    const log = new RequestLogger(counting, { reqId: 'r-1' }, {});
    expect(log.level).toBe('info');
    expect(children).toBe(0);
    log.debug('not written');
    log.warn({ detail: 1 }, 'written');
    log.error('again');
    expect(children).toBe(1);
    expect(lines.map((l) => [l.reqId, l.msg, l.level])).toEqual([
      ['r-1', 'written', 40],
      ['r-1', 'again', 50],
    ]);
    expect(lines[0]!.detail).toBe(1);
    log.level = 'debug';
    log.debug('now written');
    expect(lines.at(-1)).toMatchObject({ reqId: 'r-1', msg: 'now written' });
    expect(log.child({ part: 'x' }).level).toBe('debug');
  });
});
