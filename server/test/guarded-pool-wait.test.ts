import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuardedPool } from '../src/db/guarded-pool';
import { postgresBinariesAvailable, startOwnPostgres } from './own-postgres';

/**
 * The ~1 s bound on getting a connection holds for borrowers that arrive together while a connection is
 * idle: pg lends an idle connection only on the next tick, so all of them see it idle, and those beyond it
 * must still be watched rather than wait in pg's queue up to connectionTimeoutMillis.
 */
describe.skipIf(!postgresBinariesAvailable())('guarded pool: waiting for a connection', () => {
  let server: Awaited<ReturnType<typeof startOwnPostgres>>;
  let pool: GuardedPool;

  beforeAll(async () => {
    server = await startOwnPostgres();
    pool = new GuardedPool({ connectionString: server.url, max: 1, stallMs: 1000, connectionTimeoutMillis: 5000 }, () => {});
    const warm = await pool.connect();
    warm.release();
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    await server?.remove();
  });

  it('a second borrower in the same tick as the one taking the idle connection gives up after about 1 s, not 5', async () => {
    expect(pool.idleCount).toBe(1);
    const startedAt = Date.now();
    const first = pool.connect();
    const second = pool.connect().then(
      (client) => {
        client.release();
        return Infinity;
      },
      () => Date.now() - startedAt,
    );
    const held = await first;
    try {
      const gaveUpAfterMs = await second;
      expect(gaveUpAfterMs).toBeGreaterThanOrEqual(1000);
      expect(gaveUpAfterMs).toBeLessThan(2500);
    } finally {
      held.release();
    }
  });
});
