import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from './client';

const dialect = new PgDialect();

/**
 * A statement written as SQL (for what drizzle's builders cannot say, such as a data-modifying CTE) and
 * prepared under `name`, like a builder's `.prepare(name)`: PostgreSQL parses and plans it once per
 * connection instead of on every call. Its values are `sql.placeholder(...)`s, bound at each call.
 * Run inside a transaction, it goes to the transaction's connection (under the same name there).
 */
export function prepareSql<Row, Values extends Record<string, unknown>>(db: Database, name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  const prepare = (on: DbOrTx) => on._.session.prepareQuery(query, undefined, name, false);
  const prepared = prepare(db);
  return async (values: Values, tx: DbOrTx = db): Promise<Row[]> => ((await (tx === db ? prepared : prepare(tx)).execute(values)) as { rows: Row[] }).rows;
}

/**
 * A prepared statement (drizzle's `.prepare(name)`) built for each database it runs on: a prepared
 * statement belongs to its database's pool, and the staff pages' reads run the same statements on a pool of their
 * own (DatabaseHandle.staffReads). The main database's is built at once; another's at its first use, then kept.
 */
export function preparedOn<T>(db: Database, build: (on: Database) => T): (on?: DbOrTx) => T {
  const main = build(db);
  const others = new Map<DbOrTx, T>();
  return (on = db) => {
    if (on === db) return main;
    let prepared = others.get(on);
    if (prepared === undefined) others.set(on, (prepared = build(on as Database)));
    return prepared;
  };
}
