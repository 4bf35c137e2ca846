import { describe, expect, it } from 'vitest';
import { isoDate } from '@pes/contracts';

/** What the calendar says: the date printed back from the UTC midnight it names is itself. */
const exists = (value: string) => {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

describe('a YYYY-MM-DD date', () => {
  it('is accepted exactly when the day exists: every day 1–31 of every month of 1899–1901, 1999–2001 and 2024–2029', () => {
    const schema = isoDate();
    const years = [1899, 1900, 1901, 1999, 2000, 2001, 2024, 2025, 2026, 2027, 2028, 2029];
    let checked = 0;
    for (const year of years)
      for (let month = 0; month <= 13; month++)
        for (let day = 0; day <= 32; day++) {
          const value = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          expect(schema.safeParse(value).success, value).toBe(exists(value));
          checked++;
        }
    expect(checked).toBe(12 * 14 * 33);
    expect(schema.safeParse('2028-02-29').success).toBe(true);
    expect(schema.safeParse('1900-02-29').success).toBe(false);
    expect(schema.safeParse('21/06/1994').success).toBe(false);
  });
});
