import { describe, expect, it } from 'vitest';
import { formatterFor } from './format';

describe('calendarDate', () => {
  const format = formatterFor('en');

  // Day, month and year, whatever order the locale data puts them in.
  const parts = (text: string) => text.match(/\d+|[A-Za-z]+/g)?.sort();

  it('shows the day it names, at either end of a month and a year', () => {
    expect(parts(format.calendarDate('2025-01-31'))).toEqual(['2025', '31', 'Jan']);
    expect(parts(format.calendarDate('2025-02-01'))).toEqual(['1', '2025', 'Feb']);
    expect(parts(format.calendarDate('2026-01-01'))).toEqual(['1', '2026', 'Jan']);
  });

  it('is the same day as the instant at noon in Colombo, and not the day of UTC midnight read elsewhere', () => {
    // 23:30 UTC on 31 December is already 1 January in Colombo.
    expect(format.date(new Date('2025-12-31T23:30:00Z'))).toBe(format.calendarDate('2026-01-01'));
  });

  it('shows anything that is not a calendar date as it came', () => {
    expect(format.calendarDate('not a date')).toBe('not a date');
    expect(format.calendarDate('2025-02-30')).toBe('2025-02-30');
  });
});
