import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Text for LIKE in which `%`, `_` and `\` typed by a user match themselves, not any text. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Ids kept as text (the audit log's subject ids) that can be serial row ids, as numbers; others left out. */
export const serialIds = (ids: string[]) => ids.filter((id) => /^\d{1,9}$/.test(id)).map(Number);

/** An instant as the API shows it: ISO 8601 in UTC to the millisecond, as Date.toISOString writes it. */
export const isoInstant = (value: AnyPgColumn | SQL) => sql<string>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
