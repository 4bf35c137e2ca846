import { describe, expect, it } from 'vitest';
import { colomboDate, colomboDateTimeLocal, colomboSlotClock, colomboTime, TIME_ZONE } from '@pes/contracts';

/** The Colombo wall clock as the time-zone database tells it: what the fixed-offset clock must agree with. */
const zoneClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
function byZone(at: Date) {
  const parts = Object.fromEntries(zoneClock.formatToParts(at).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

describe('the Colombo clock', () => {
  it('agrees with the time-zone database at every 7 minutes and 13 seconds of a year, and on both sides of midnight', () => {
    const instants: Date[] = [];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += (7 * 60 + 13) * 1000) instants.push(new Date(t));
    // 18:29:59.999 and 18:30 UTC: the last moment of a Colombo day and the first of the next.
    instants.push(new Date(Date.UTC(2026, 11, 31, 18, 29, 59, 999)), new Date(Date.UTC(2026, 11, 31, 18, 30)), new Date(Date.UTC(2028, 1, 28, 18, 30)));
    for (const at of instants) {
      const expected = byZone(at);
      expect({ date: colomboDate(at), time: colomboTime(at) }, at.toISOString()).toEqual(expected);
      expect(colomboDateTimeLocal(at)).toBe(`${expected.date}T${expected.time}`);
      expect(colomboSlotClock(at)).toBe(`${expected.time}:59`);
    }
  });

  it('names the next day from 18:30 UTC and the leap day in a leap year', () => {
    expect(colomboDate(new Date('2026-11-27T18:29:59Z'))).toBe('2026-11-27');
    expect(colomboDate(new Date('2026-11-27T18:30:00Z'))).toBe('2026-11-28');
    expect(colomboDate(new Date('2028-02-28T18:30:00Z'))).toBe('2028-02-29');
    expect(colomboTime(new Date('2026-11-27T18:30:00Z'))).toBe('00:00');
  });
});
