import { z } from 'zod';
import { msg } from './messages';
import { CLOCK_SKEW_TOLERANCE_MS, colomboLocalToDate } from './time';

/** A required text field: trimmed, non-empty, bounded. */
export const requiredText = (max = 200, key: Parameters<typeof msg>[0] = 'required') => z.string(msg(key)).trim().min(1, msg(key)).max(max, msg('tooLong'));

export const optionalText = (max = 200) =>
  z
    .string(msg('invalidType'))
    .trim()
    .max(max, msg('tooLong'))
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** A Colombo wall-clock time (a datetime-local input's value) that exists and is not in the future, whatever the browser's zone. */
export const pastColomboDateTime = () =>
  z
    .string(msg('required'))
    .trim()
    .min(1, msg('required'))
    .refine((v) => colomboLocalToDate(v) !== undefined, msg('invalidDateTime'))
    .refine((v) => (colomboLocalToDate(v)?.getTime() ?? 0) <= Date.now() + CLOCK_SKEW_TOLERANCE_MS, msg('whenNotFuture'));

/** Calendar date as YYYY-MM-DD that really exists. */
export const isoDate = (key: Parameters<typeof msg>[0] = 'required') =>
  z
    .string(msg(key))
    .trim()
    .min(1, msg(key))
    .regex(/^\d{4}-\d{2}-\d{2}$/, msg('invalidDate'))
    .refine(isCalendarDate, msg('invalidDate'));

/**
 * Whether a YYYY-MM-DD names a day that exists (no 2026-02-29, no 2026-04-31), by arithmetic: parsing it as a Date
 * and printing it back cost about a microsecond on each request that takes a date (issue 26).
 */
function isCalendarDate(value: string) {
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return month >= 1 && month <= 12 && day >= 1 && day <= days;
}

/**
 * A list's matches are counted up to this many (every paged list: complaints, fines, clearance, users, workload): beyond
 * it the page says "more than 500", so a count reads at most this many index entries and one, never the whole table.
 * 500 is twenty pages: past that a person refines the search rather than pages. It was 1,000 until the national
 * benchmark on a slower machine showed the counts as the largest part of the busiest searches' cost (a name as common
 * as "perera" read 1,001 matches and their accounts to show 25; bench/README, "The national benchmark").
 */
export const LIST_COUNT_CAP = 500;
/** A count read up to LIST_COUNT_CAP + 1 (`matched`), as a list answers it: the cap and `total_exact: false` beyond. */
export const cappedTotal = (matched: number) => ({ total: Math.min(matched, LIST_COUNT_CAP), total_exact: matched <= LIST_COUNT_CAP });
/** How many a list found, the fines pages' shape: `total` up to LIST_COUNT_CAP; `total_exact` false when more matched. */
export const cappedCountShape = {
  total: z.number().int(),
  /** False when more than LIST_COUNT_CAP matched: `total` is then that cap. */
  total_exact: z.boolean(),
};

export const idParam = z.object({ id: z.coerce.number().int().positive() });

const INT_MAX = 2_147_483_647;
const CURSOR_INSTANT = String.raw`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}`;
const CURSOR_ID = { int: String.raw`[1-9]\d{0,9}`, uuid: String.raw`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}` };
const fitsInt = (digits: string) => Number(digits) <= INT_MAX;

/**
 * A keyset cursor as the server writes it (server/src/db/keyset.ts): the last row's id, or its instant (UTC, to
 * the microsecond) and id as `<instant>_<id>`. Anything else is a 400 naming the field, never a database error.
 */
export const keysetCursor = (key: { instant?: boolean; id: keyof typeof CURSOR_ID }) => {
  const pattern = new RegExp(`^${key.instant ? `${CURSOR_INSTANT}_` : ''}(${CURSOR_ID[key.id]})$`);
  return z
    .string()
    .regex(pattern, msg('invalidCursor'))
    .refine((cursor) => key.id !== 'int' || fitsInt(pattern.exec(cursor)?.[1] ?? ''), msg('invalidCursor'))
    .optional();
};

/**
 * How many rows a keyset page holds, as a list's query asks for it: 1 to `max`, `size` when left out. Anything else
 * is a 400 naming the field.
 */
export const pageSizeQuery = (size: number, max: number) =>
  z.coerce.number(msg('invalidType')).int(msg('invalidType')).min(1, msg('invalidType')).max(max, msg('invalidType')).default(size);
