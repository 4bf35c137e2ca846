import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { DEFAULT_POOL_TIMEOUTS, GuardedPool } from './guarded-pool';

const url = inject('pgUrl');

/**
 * A connection that dies while checked out: the guard releases (and so destroys) it, and the borrower's own
 * release afterwards — drizzle's, from its finally — must do nothing rather than throw "already released".
 */
describe.runIf(url)('GuardedPool on PostgreSQL', () => {
  let pool: GuardedPool;
  let admin: pg.Client;

  beforeAll(async () => {
    pool = new GuardedPool({ connectionString: url!, max: 2 }, () => {});
    admin = new pg.Client({ connectionString: url! });
    await admin.connect();
  });
  afterAll(async () => {
    await pool.end();
    await admin.end();
  });

  it('a connection terminated while borrowed is dropped once, and the borrower may release it again', async () => {
    const client = await pool.connect();
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await expect(client.query('select 1')).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(() => client.release()).not.toThrow();
    expect(pool.totalCount).toBe(0);
    const next = await pool.connect();
    expect((await next.query<{ one: number }>('select 1 as one')).rows[0]!.one).toBe(1);
    next.release();
  });

  it('a connection released cleanly is lent again, and its next borrower releases it as usual', async () => {
    const first = await pool.connect();
    first.release();
    const second = await pool.connect();
    expect(second).toBe(first);
    second.release();
    expect(() => second.release()).toThrow(/already been released/);
  });

  it('gives up on a connection after about a second in which the database answered nothing', async () => {
    expect(DEFAULT_POOL_TIMEOUTS.connectMs).toBeLessThanOrEqual(1000);
    const small = new GuardedPool({ connectionString: url!, max: 1, connectionTimeoutMillis: 5000 }, () => {});
    try {
      // The only connection is held and nothing comes back: to the pool, a database that stopped answering.
      const held = await small.connect();
      const startedAt = Date.now();
      await expect(small.connect()).rejects.toThrow(/timeout exceeded when trying to connect/);
      const waited = Date.now() - startedAt;
      expect(waited).toBeGreaterThanOrEqual(900);
      expect(waited).toBeLessThan(1500);
      // The callback form (pool.query) alike.
      await expect(small.query('select 1')).rejects.toThrow(/timeout exceeded when trying to connect/);
      held.release();
      expect((await small.query<{ one: number }>('select 1 as one')).rows[0]!.one).toBe(1);
    } finally {
      await small.end();
    }
  });

  it('keeps a busy queue waiting past that second while the database answers, in order', async () => {
    const busy = new GuardedPool({ connectionString: url!, max: 2, connectionTimeoutMillis: 5000 }, () => {});
    try {
      // 30 statements of 100 ms on two connections: the last waits about 1.5 s, with answers all along.
      const startedAt = Date.now();
      const answers = await Promise.allSettled(Array.from({ length: 30 }, () => busy.query('select pg_sleep(0.1)')));
      expect(answers.filter((a) => a.status === 'rejected')).toEqual([]);
      expect(Date.now() - startedAt).toBeGreaterThan(1200);
    } finally {
      await busy.end();
    }
  });
});
