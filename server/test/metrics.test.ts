import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { QUEUES } from '../src/modules/jobs/jobs.service';
import { DB_KINDS, startTestApp, type TestApp } from './harness';

async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A sample line's value: `name{labels} value`, the labels matched in any order. */
function sample(text: string, name: string, labels: Record<string, string>) {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('metrics settings', () => {
  it('are off unless METRICS_PORT is set, and bind to the loopback by default', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({ port: 9464, host: '10.0.0.5' });
  });

  it('refuses a port that is not one, the public port, and a host without a port', () => {
    for (const bad of ['0', '65536', 'ninety', '94.64', '-1']) expect(() => loadConfig({ METRICS_PORT: bad })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => loadConfig({ METRICS_HOST: '127.0.0.1' })).toThrow(/METRICS_HOST is set without METRICS_PORT/);
  });
});

describe.each(DB_KINDS)('metrics on their own port on %s', (kind) => {
  let t: TestApp;
  let metricsPort: number;
  let publicUrl: string;
  const scrape = async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  beforeAll(async () => {
    metricsPort = await freePort();
    t = await startTestApp(kind, { env: { METRICS_PORT: String(metricsPort) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    publicUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  it('times each answer by method, route pattern and status', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${publicUrl}/api/health/live`)).status).toBe(200);
    // Two different ids, one route pattern: the raw path never becomes a label.
    expect((await fetch(`${publicUrl}/api/clearance/verify/AAAAAAAAAAAAAAAAAAAA`)).status).toBe(200);
    expect((await fetch(`${publicUrl}/api/clearance/verify/BBBBBBBBBBBBBBBBBBBB`)).status).toBe(200);
    expect((await fetch(`${publicUrl}/api/no-such-thing`)).status).toBe(404);

    const text = await scrape();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    const live = { method: 'GET', route: '/api/health/live', status_code: '200' };
    expect(sample(text, 'http_request_duration_seconds_count', live)).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...live, le: '+Inf' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_sum', live)).toBeGreaterThan(0);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/clearance/verify/:code', status_code: '200' })).toBe(2);
    expect(text).not.toContain('AAAAAAAAAAAAAAAAAAAA');
    expect(sample(text, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBe(1);
    // Cumulative buckets: never decreasing, ending at the count.
    const buckets = text
      .split('\n')
      .filter((l) => l.startsWith('http_request_duration_seconds_bucket{') && l.includes('route="/api/health/live"'))
      .map((l) => Number(l.slice(l.lastIndexOf(' ') + 1)));
    expect(buckets).toHaveLength(12);
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
  });

  it("counts the job queue's waiting jobs per queue, and has the process metrics", async () => {
    await t.modules.jobs.sendNow('upload-sweep', {}, { startAfter: new Date(Date.now() + 3_600_000) });
    const text = await scrape();
    expect(sample(text, 'pes_job_queue_waiting_jobs', { queue: 'upload-sweep', state: 'deferred' })).toBeGreaterThanOrEqual(1);
    // Every queue of the portal, waiting or not (a 0 rather than no series); none of pg-boss's own.
    for (const queue of QUEUES) expect(sample(text, 'pes_job_queue_waiting_jobs', { queue, state: 'due' })).toBeGreaterThanOrEqual(0);
    expect(text).not.toContain('__pgboss__');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it(kind === 'postgres' ? "has each PostgreSQL pool's gauges (main, staff)" : 'has no pool gauges (PGlite has one connection and no pool)', async () => {
    const text = await scrape();
    if (kind === 'postgres') {
      const main = { pool: 'main' };
      const staff = { pool: 'staff' };
      expect(sample(text, 'pes_db_pool_max_connections', main)).toBe(10);
      expect(sample(text, 'pes_db_pool_connections', main)).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'pes_db_pool_idle_connections', main)).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'pes_db_pool_waiting_requests', main)).toBe(0);
      // The staff pages' pool (DATABASE_STAFF_POOL_SIZE, 3 by default), with series of its own.
      expect(sample(text, 'pes_db_pool_max_connections', staff)).toBe(3);
      expect(sample(text, 'pes_db_pool_connections', staff)).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'pes_db_pool_waiting_requests', staff)).toBe(0);
      expect(text).not.toMatch(/^pes_db_pool_connections \d/m);
    } else {
      expect(text).not.toContain('pes_db_pool_');
    }
  });

  it('answers nothing else on the metrics port, and the public port never answers the metrics', async () => {
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'POST' })).status).toBe(404);
    const onPublic = await fetch(`${publicUrl}/metrics`);
    expect(onPublic.status).toBe(404);
    const body = await onPublic.text();
    expect(body).not.toContain('http_request_duration_seconds');
    expect(JSON.parse(body)).toMatchObject({ error: { code: expect.any(String) } });
  });

  it('stops with the app', async () => {
    const stopping = await startTestApp(kind, { env: { METRICS_PORT: String(await freePort()) } });
    const port = stopping.config.metrics!.port;
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    await stopping.close();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('an app without METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('answers /metrics as any unknown path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('http_request_duration_seconds');
  });
});
