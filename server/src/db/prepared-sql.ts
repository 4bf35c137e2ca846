import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

const dialect = new PgDialect();

/**
 * A statement written as SQL (for what drizzle's builders cannot say, such as a data-modifying CTE) and
 * prepared under `name`, like a builder's `.prepare(name)`: PostgreSQL parses and plans it once per
 * connection instead of on every call. Its values are `sql.placeholder(...)`s, bound at each call.
 */
export function prepareSql<Row, Values extends Record<string, unknown>>(db: Database, name: string, statement: SQL) {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  return async (values: Values): Promise<Row[]> => ((await prepared.execute(values)) as { rows: Row[] }).rows;
}
