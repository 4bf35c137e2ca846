import { setTimeout as setTimeoutPromise } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, RawSql } from '../../db/client';

/** The queues, created by the migration 0018_job_queue (a new queue is a new migration). */
export const QUEUES = ['domain-event', 'notification-send', 'upload-sweep', 'payment-reconcile', 'workload-fold', 'audit-verify', 'audit-full-walk'] as const;
export type QueueName = (typeof QUEUES)[number];

export interface JobOptions {
  /** Not run before this moment (an appointment reminder). */
  startAfter?: Date;
  /** At most one job of the queue with this key waits at a time. */
  singletonKey?: string;
}

export interface JobContext {
  id: string;
  /** The runs before this one (0 on the first). */
  retryCount: number;
  /** Whether a failure of this run is the last (no retry follows). */
  lastAttempt: boolean;
}

type Handler = (data: Record<string, unknown>, job: JobContext) => Promise<void>;

interface Logger {
  error(obj: object, msg: string): void;
}

/**
 * pg-boss's SQL (numbered placeholders) as a Drizzle query on a transaction, so that a job is inserted in
 * the transaction of the change that causes it: a rolled-back change leaves no job.
 */
function onTransaction(tx: DbOrTx) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const m of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, m.index)));
        // An absent value is SQL null (Drizzle would leave an undefined one out of the text).
        chunks.push(sql`${values[Number(m[1]) - 1] ?? null}`);
        last = m.index + m[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/**
 * A job as part of a statement, for a change made in ONE statement (a booking, whose slot row stays locked until it
 * commits: a second round trip for the job would hold that lock longer). Inserts one job of `queue` per row of
 * `from`, with the queue's policy as pg-boss's own `send` sets it (jobs.test compares the two rows); like `send`, none
 * when a singleton queue already holds one.
 */
export function insertJobSql(queue: QueueName, data: SQL, from: SQL): SQL {
  return sql`insert into pgboss.job (name, data, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy, dead_letter)
    select q.name, ${data}, coalesce(q.expire_seconds * interval '1 second', interval '15 minutes'),
      now() + coalesce(q.retention_minutes * interval '1 minute', interval '14 days'),
      coalesce(q.retry_limit, 2),
      case when coalesce(q.retry_backoff, false) then greatest(coalesce(q.retry_delay, 0), 1) else coalesce(q.retry_delay, 0) end,
      coalesce(q.retry_backoff, false), q.policy, q.dead_letter
    from pgboss.queue q, ${from}
    where q.name = ${sql.raw(`'${queue}'`)}
    on conflict do nothing`;
}

/**
 * Jobs in the database (pg-boss 10 over the app's own connections, PGlite or PostgreSQL): enqueued inside a
 * transaction, run once across instances (SKIP LOCKED), retried with backoff, kept across restarts; and
 * scheduled work (cron, sent once per minute across instances).
 */
/**
 * While people are waiting on this instance, each queue takes one batch per this interval: messages wait for a
 * lull instead of taking a share of the cores from bookings (a fifth of the booking rate went to them, bench/README.md
 * "Notifications"), and at this pace they never starve.
 */
export const BUSY_BATCH_INTERVAL_MS = 4_000;

/** pg-boss 10's own statements that record a job done or failed (it sends them without awaiting them). */
const RECORDS_OUTCOME = [/SET completed_on = now\(\)/, /id IN \(SELECT UNNEST\(\$2::uuid\[\]\)\) AND state < /];

export function createJobQueue(deps: {
  rawSql: RawSql;
  log: Logger;
  pollingIntervalSeconds?: number;
  /** Whether people are waiting on this instance now: a backlog then drains one batch per `BUSY_BATCH_INTERVAL_MS`. */
  busy?: () => boolean;
}) {
  const db = {
    async executeSql(text: string, values?: unknown[]) {
      try {
        return await deps.rawSql.executeSql(text, values);
      } catch (err) {
        // pg-boss 10 records a batch's outcome without awaiting it: a database that went away would be an unhandled
        // rejection. Unrecorded, the job stays active, expires and runs again, as after a crash.
        if (!RECORDS_OUTCOME.some((pattern) => pattern.test(text))) throw err;
        deps.log.error({ err }, 'job outcome not recorded');
        return { rows: [{ count: '0' }] };
      }
    },
  };
  const boss = new PgBoss({
    db,
    // The schema and the queues come from the migrations; pg-boss only checks the version at start.
    migrate: false,
    // The archive and expiry passes: every few minutes is plenty for this volume.
    maintenanceIntervalSeconds: 120,
  });
  boss.on('error', (err) => deps.log.error({ err }, 'job queue error'));
  const workers: { queue: QueueName; batchSize: number; handler: Handler }[] = [];
  const schedules: { queue: QueueName; cron: string }[] = [];
  let started = false;
  // Batches being run: pg-boss's graceful stop can return while a handler is still busy, and the pool must outlive it.
  const inFlight = new Set<Promise<void>>();
  // Ends the pauses of busy workers at once when the queue stops.
  const stopping = new AbortController();
  const pauseWhileBusy = () => setTimeoutPromise(BUSY_BATCH_INTERVAL_MS, undefined, { signal: stopping.signal }).catch(() => {});

  function runBatch(queue: QueueName, jobs: PgBoss.JobWithMetadata<object>[], handler: Handler) {
    const running = runEach(queue, jobs, handler).finally(() => inFlight.delete(running));
    inFlight.add(running);
    return running;
  }

  async function runEach(queue: QueueName, jobs: PgBoss.JobWithMetadata<object>[], handler: Handler) {
    // Each job fails on its own: the others of the batch are completed by pg-boss when this returns.
    await Promise.all(
      jobs.map(async (job) => {
        const context = { id: job.id, retryCount: job.retryCount, lastAttempt: job.retryCount >= job.retryLimit };
        try {
          await handler(job.data as Record<string, unknown>, context);
        } catch (err) {
          deps.log.error({ err, queue, job: job.id }, 'job failed');
          // Not recorded (the database went away, say): the job expires and is tried again, as after a crash.
          await boss.fail(queue, job.id, { message: err instanceof Error ? err.message : String(err) }).catch((failErr: unknown) => {
            deps.log.error({ err: failErr, queue, job: job.id }, 'job failure not recorded');
          });
        }
      }),
    );
  }

  return {
    /** Inserts a job in `tx` (the transaction of the change): it runs only if that transaction commits. */
    async enqueue(tx: DbOrTx, queue: QueueName, data: object, opts: JobOptions = {}) {
      return boss.send(queue, data, { ...opts, db: onTransaction(tx) });
    },

    /** A handler for a queue's jobs; registered before start. A handler that throws is retried (the queue's retry policy). */
    work(queue: QueueName, handler: Handler, opts: { batchSize?: number } = {}) {
      if (started) throw new Error('register job handlers before the queue starts');
      workers.push({ queue, handler, batchSize: opts.batchSize ?? 1 });
    },

    /** Runs the queue's job on a cron schedule (UTC), across all instances once per occurrence. */
    schedule(queue: QueueName, cron: string) {
      schedules.push({ queue, cron });
    },

    async start() {
      started = true;
      await boss.start();
      for (const { queue, cron } of schedules) await boss.schedule(queue, cron);
      for (const { queue, handler, batchSize } of workers) {
        const workerId: string = await boss.work(
          queue,
          { batchSize, includeMetadata: true, pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 1 },
          async (jobs: PgBoss.JobWithMetadata<object>[]) => {
            // Requests coming in go first: the worker's next fetch waits (pg-boss fetches again once this returns).
            if (deps.busy?.()) {
              await runBatch(queue, jobs, handler);
              return pauseWhileBusy();
            }
            // pg-boss waits out the polling interval after every batch, full or not: a queue with a backlog would
            // drain at one batch a second. A full batch says there may be more, so the next fetch follows at once.
            if (jobs.length >= batchSize) boss.notifyWorker(workerId);
            return runBatch(queue, jobs, handler);
          },
        );
      }
    },

    /**
     * The jobs waiting in each of the portal's queues (created or to be retried; 0 when none): due now, or deferred to a
     * later start. One statement on the index of waiting jobs (pgboss.job's `_i5`), for the metrics at each scrape;
     * pg-boss's own queues (its cron's) are left out.
     */
    async depth(): Promise<{ queue: QueueName; due: number; deferred: number }[]> {
      const { rows } = await deps.rawSql.executeSql(
        `select name, count(*) filter (where start_after <= now())::int as due, count(*) filter (where start_after > now())::int as deferred
         from pgboss.job where state < 'active' group by name`,
      );
      const byName = new Map((rows as { name: string; due: number; deferred: number }[]).map((row) => [row.name, row]));
      return QUEUES.map((queue) => ({ queue, due: byName.get(queue)?.due ?? 0, deferred: byName.get(queue)?.deferred ?? 0 }));
    },

    /** Sends a job now, outside any transaction (a scheduled job's first run at start-up). */
    async sendNow(queue: QueueName, data: object = {}, opts: JobOptions = {}) {
      return boss.send(queue, data, opts);
    },

    /** Stops fetching and waits for the jobs in hand (at most `timeoutMs`). */
    async stop(timeoutMs = 10_000) {
      if (!started) return;
      stopping.abort();
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([Promise.allSettled([...inFlight]), timeout]);
      clearTimeout(timer);
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
