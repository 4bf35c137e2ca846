import { describe, expect, it } from 'vitest';
import { queryString } from '../../../lib/api/client';
import { applicationsQuery } from './api';

const applicationsQueryString = (...args: Parameters<typeof applicationsQuery>) => queryString(applicationsQuery(...args));

describe('the applications query', () => {
  it('sends the page size always, the cursor of a later page, the search trimmed and the status only when set', () => {
    expect(applicationsQueryString({ search: '', status: '', station: '', cursor: null })).toBe('?page_size=20');
    expect(
      applicationsQueryString({ search: '  PCC-2026-000001 ', status: 'in_progress', station: 'Slave Island Police', cursor: '2026-05-01T08:30:00.123456_42' }),
    ).toBe('?search=PCC-2026-000001&status=in_progress&station=Slave+Island+Police&cursor=2026-05-01T08%3A30%3A00.123456_42&page_size=20');
    expect(applicationsQueryString({ search: '   ', status: 'rejected', station: '', cursor: null }, 50)).toBe('?status=rejected&page_size=50');
  });

  it('encodes what the officer types', () => {
    expect(applicationsQueryString({ search: '85 1234&5', status: '', station: '', cursor: null })).toBe('?search=85+1234%265&page_size=20');
  });
});
