import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters of the shared rate limiter (rate-limits.store.ts): one row per
 * limited route and caller (address or account), counting requests until `window_end`. Shared by every
 * instance on the database, so a limit holds however many instances serve. Expired rows are deleted.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_end_idx').on(t.windowEnd)],
);
