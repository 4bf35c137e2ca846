/** Colombo keeps UTC+05:30 all year (no daylight saving). */
const COLOMBO_OFFSET_MS = (5 * 60 + 30) * 60_000;

/**
 * The Colombo wall clock of an instant, by its fixed offset: the same answer as an Intl formatter for Asia/Colombo
 * (a test compares them), without one. Building a formatter for a time zone took milliseconds on a slow phone, and
 * each formatToParts call cost the server about 3 µs, twice on every public slots request (issue 26).
 */
function colomboParts(at: Date) {
  const iso = new Date(at.getTime() + COLOMBO_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The Colombo calendar date (YYYY-MM-DD) of an instant; today when none is given. */
export const colomboDate = (at: Date = new Date()) => colomboParts(at).date;

/** The Colombo wall-clock time of day "HH:MM" of an instant; now when none is given. */
export const colomboTime = (at: Date = new Date()) => colomboParts(at).time;

/**
 * The last second of the current Colombo minute, "HH:MM:59": a slot of today whose start time is at or
 * before it has begun (it is neither added, offered nor booked any more).
 */
export const colomboSlotClock = (at: Date = new Date()) => `${colomboTime(at)}:59`;

/** The Colombo wall-clock time "YYYY-MM-DDTHH:MM" of an instant (a datetime-local input's value). */
export function colomboDateTimeLocal(at: Date = new Date()) {
  const { date, time } = colomboParts(at);
  return `${date}T${time}`;
}

/** "YYYY-MM-DDTHH:MM", seconds allowed: what a datetime-local input sends. */
export const LOCAL_DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The instant a Colombo wall-clock time names; undefined when it is malformed or does not exist (2026-02-30, 25:00). */
export function colomboLocalToDate(value: string): Date | undefined {
  const m = LOCAL_DATE_TIME_PATTERN.exec(value.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const asUtc = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  const exists =
    asUtc.getUTCFullYear() === y &&
    asUtc.getUTCMonth() === mo - 1 &&
    asUtc.getUTCDate() === d &&
    asUtc.getUTCHours() === h &&
    asUtc.getUTCMinutes() === mi &&
    s < 60;
  return exists ? new Date(asUtc.getTime() - COLOMBO_OFFSET_MS) : undefined;
}

/** A calendar date `days` after another (YYYY-MM-DD). */
export function addDays(isoDate: string, days: number) {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** How far ahead of the server's clock a typed time may be (clock skew between browser and server). */
export const CLOCK_SKEW_TOLERANCE_MS = 60_000;
