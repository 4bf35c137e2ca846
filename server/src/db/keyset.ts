import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Keyset pages, written once. A list is ordered by its key (an instant then the id, or the id alone) and a
 * page is the rows past the last one shown; the cursor spells that row's key: `2026-05-01T08:30:00.123456_42`
 * (the instant in UTC to the microsecond, so no two rows' keys collapse) or `42`. Contracts check a cursor's
 * form before it reaches SQL; the values still travel as parameters.
 */
export interface KeysetOrder {
  /** The instant ordered by first, if any; the id breaks ties (and orders alone without it). */
  at?: AnyPgColumn;
  id: AnyPgColumn;
  /** The id column's SQL type, to compare the cursor's id as one. */
  idType: 'int' | 'uuid';
  /** Newest (largest) first, or smallest first. */
  direction: 'desc' | 'asc';
}

const CURSOR_INSTANT = `'YYYY-MM-DD"T"HH24:MI:SS.US'`;

export function keyset(order: KeysetOrder) {
  const { at, id, idType, direction } = order;
  const past = direction === 'desc' ? sql.raw('<') : sql.raw('>');
  const idOf = (text: string) => sql`${text}::${sql.raw(idType)}`;
  const by = direction === 'desc' ? desc : asc;
  return {
    /** A select field: the row's cursor, as the next page asks for it. */
    cursor: at ? sql<string>`to_char(${at} at time zone 'UTC', ${sql.raw(CURSOR_INSTANT)}) || '_' || ${id}::text` : sql<string>`${id}::text`,
    /** The condition for the rows past `cursor` (none for the first page). */
    after(cursor: string | undefined): SQL | undefined {
      if (cursor === undefined) return undefined;
      if (!at) return sql`${id} ${past} ${idOf(cursor)}`;
      const cut = cursor.lastIndexOf('_');
      return sql`(${at}, ${id}) ${past} ((${cursor.slice(0, cut)} || 'Z')::timestamptz, ${idOf(cursor.slice(cut + 1))})`;
    },
    /** The list's ORDER BY, matching `after` (and the index that serves it). */
    orderBy: at ? [by(at), by(id)] : [by(id)],
  };
}

/**
 * A page from `pageSize + 1` rows read (one more tells whether another page follows), and the cursor of the
 * page after it, or null on the last page.
 */
export function keysetPage<Row>(rows: Row[], pageSize: number, cursorOf: (row: Row) => string) {
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return { page, next_cursor: rows.length > pageSize && last !== undefined ? cursorOf(last) : null };
}
