import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Gauge, Registry, type Metric } from 'prom-client';

/** The connections of one of this instance's PostgreSQL pools (none for the embedded database, which has one connection). */
export interface PoolStats {
  /** Which pool: `main` (citizens, the public, writes, jobs) or `staff` (the staff pages' reads). */
  pool: string;
  /** Connections open (idle and lent). */
  total: number;
  idle: number;
  /** Borrowers waiting for a connection. */
  waiting: number;
  /** The pool's size (DATABASE_POOL_SIZE, DATABASE_STAFF_POOL_SIZE). */
  max: number;
}

/** Jobs waiting in one queue: due now, and deferred (a reminder's later start). */
export interface QueueDepth {
  queue: string;
  due: number;
  deferred: number;
}

/** prom-client's default buckets (seconds): 5 ms to 10 s. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A scrape gives up on the job queue's count after this (a database that does not answer must not hold it). */
const COLLECT_TIMEOUT_MS = 2000;

interface Series {
  /** Per bucket (not cumulative), the last one being +Inf. */
  counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * The request duration histogram, kept by hand rather than through prom-client's Histogram: its `observe` builds a
 * label object and a hash string per call. Here a request costs three Map lookups of values Fastify already holds
 * (the method, the route pattern's interned string, the status number) and a few additions; nothing is allocated once
 * a series exists. The series are written out in prom-client's format at scrape time.
 */
function createRequestDurations(name: string, help: string) {
  const byRoute = new Map<string, Map<string, Map<number, Series>>>();

  function observe(method: string, route: string, status: number, seconds: number) {
    let byMethod = byRoute.get(route);
    if (!byMethod) byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) byStatus.set(status, (series = { counts: new Float64Array(BUCKETS.length + 1), sum: 0, count: 0 }));
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > BUCKETS[bucket]!) bucket++;
    series.counts[bucket]!++;
    series.sum += seconds;
    series.count++;
  }

  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    get() {
      const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
      for (const [route, byMethod] of byRoute) {
        for (const [method, byStatus] of byMethod) {
          for (const [status, series] of byStatus) {
            const labels = { method, route, status_code: status };
            let cumulative = 0;
            for (let i = 0; i <= BUCKETS.length; i++) {
              cumulative += series.counts[i]!;
              values.push({ labels: { ...labels, le: i < BUCKETS.length ? BUCKETS[i]! : '+Inf' }, value: cumulative, metricName: `${name}_bucket` });
            }
            values.push({ labels, value: series.sum, metricName: `${name}_sum` });
            values.push({ labels, value: series.count, metricName: `${name}_count` });
          }
        }
      }
      return { name, help, type: 'histogram', aggregator: 'sum', values };
    },
    reset() {
      byRoute.clear();
    },
  };
  return { observe, metric };
}

function withTimeout<T>(promise: Promise<T>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export interface MetricsSources {
  /** PostgreSQL's pools, read at each scrape. */
  poolStats?: () => PoolStats[];
  /** The job queue's waiting jobs, counted in the database at each scrape. */
  queueDepth?: () => Promise<QueueDepth[]>;
  /** Where a failed count is reported. */
  log?: (err: unknown, message: string) => void;
}

/**
 * The Prometheus metrics of one instance, in a registry of its own (not prom-client's global one, so that several
 * apps in one process, as in the tests, keep theirs apart): request durations, the database pool, the job queue and
 * prom-client's default process metrics (CPU, memory, event loop lag, garbage collection, handles).
 */
export function createMetrics(sources: MetricsSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const durations = createRequestDurations(
    'http_request_duration_seconds',
    'Time to answer a request, by method, route pattern (unmatched: no route) and status code',
  );
  registry.registerMetric(durations.metric as unknown as Metric);

  const { poolStats, queueDepth } = sources;
  if (poolStats) {
    // One series per pool (label `pool`): the staff pool full while the main one is idle is the bulkhead at work.
    const gauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'],
        registers: [registry],
        collect() {
          for (const stats of poolStats()) this.labels(stats.pool).set(read(stats));
        },
      });
    gauge('pes_db_pool_connections', 'PostgreSQL connections this instance holds open (idle and in use), per pool (main, staff)', (s) => s.total);
    gauge('pes_db_pool_idle_connections', 'PostgreSQL connections open and idle, per pool', (s) => s.idle);
    gauge(
      'pes_db_pool_waiting_requests',
      'Queries waiting for a free PostgreSQL connection, per pool (above 0 for long: the pool is too small or the database slow)',
      (s) => s.waiting,
    );
    gauge('pes_db_pool_max_connections', 'The pool size, per pool (DATABASE_POOL_SIZE, DATABASE_STAFF_POOL_SIZE)', (s) => s.max);
  }
  if (queueDepth) {
    new Gauge({
      name: 'pes_job_queue_waiting_jobs',
      help: 'Jobs waiting in each queue: due (ready to run now) or deferred (to start later, such as reminders)',
      labelNames: ['queue', 'state'],
      registers: [registry],
      async collect() {
        this.reset();
        try {
          for (const { queue, due, deferred } of await withTimeout(queueDepth(), COLLECT_TIMEOUT_MS)) {
            this.labels(queue, 'due').set(due);
            this.labels(queue, 'deferred').set(deferred);
          }
        } catch (err) {
          // Left without samples: a scrape still answers with everything else.
          sources.log?.(err, 'metrics: counting the job queue failed');
        }
      },
    });
  }

  return {
    registry,
    /** One request's answer; `seconds` from Fastify's reply.elapsedTime. Called by an onResponse hook. */
    observeRequest: durations.observe,
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The metrics on a listener of their own (METRICS_PORT on METRICS_HOST): GET /metrics in Prometheus' text format,
 * anything else 404. Kept off the public port, which never answers them.
 */
export async function startMetricsServer(metrics: Metrics, opts: { host: string; port: number }) {
  const server = http.createServer((request, response) => {
    const url = request.url?.split('?')[0];
    if (url !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`metrics failed: ${(err as Error).message}\n`);
      },
    );
  });
  // A scraper's idle keep-alive connection must not hold the process open at shutdown.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(new Error(`The metrics listener could not listen on ${opts.host}:${opts.port} (METRICS_HOST, METRICS_PORT): ${err.code ?? err.message}`)),
    );
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
