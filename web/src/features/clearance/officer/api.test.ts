import { describe, expect, it } from 'vitest';
import { applicationsQueryString } from './api';

describe('applicationsQueryString', () => {
  it('sends the page and its size always, the search trimmed and the status only when set', () => {
    expect(applicationsQueryString({ search: '', status: '', page: 1 })).toBe('page=1&page_size=20');
    expect(applicationsQueryString({ search: '  PCC-2026-000001 ', status: 'in_progress', page: 3 })).toBe(
      'search=PCC-2026-000001&status=in_progress&page=3&page_size=20',
    );
    expect(applicationsQueryString({ search: '   ', status: 'rejected', page: 2 }, 50)).toBe('status=rejected&page=2&page_size=50');
  });

  it('encodes what the officer types', () => {
    expect(applicationsQueryString({ search: '85 1234&5', status: '', page: 1 })).toBe('search=85+1234%265&page=1&page_size=20');
  });
});
