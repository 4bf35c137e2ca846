import { describe, expect, it } from 'vitest';
import type { AccountSession } from '@pes/contracts';
import { attachmentFileName, sessionsInOrder } from './downloads';

describe('attachmentFileName', () => {
  it('reads the quoted, bare and RFC 5987 forms', () => {
    expect(attachmentFileName('attachment; filename="pes-my-data-2026-11-27.json"', 'x.json')).toBe('pes-my-data-2026-11-27.json');
    expect(attachmentFileName('attachment; filename=pes-my-data-2026-11-27.json', 'x.json')).toBe('pes-my-data-2026-11-27.json');
    expect(attachmentFileName('attachment; filename*=UTF-8\'\'my%20data.json; filename="fallback.json"', 'x.json')).toBe('my data.json');
  });

  it('keeps only a plain name, and falls back when there is none', () => {
    expect(attachmentFileName('attachment; filename="../../etc/passwd"', 'x.json')).toBe('passwd');
    expect(attachmentFileName('attachment; filename="C:\\temp\\a.json"', 'x.json')).toBe('a.json');
    expect(attachmentFileName('attachment', 'x.json')).toBe('x.json');
    expect(attachmentFileName(null, 'x.json')).toBe('x.json');
    expect(attachmentFileName('attachment; filename=""', 'x.json')).toBe('x.json');
    expect(attachmentFileName("attachment; filename*=UTF-8''%E0%A4", 'x.json')).toBe('x.json');
  });
});

describe('sessionsInOrder', () => {
  const session = (id: string, last_used_at: string, current = false): AccountSession => ({
    id,
    device: null,
    address_class: null,
    signed_in_at: '2026-11-01T00:00:00.000Z',
    last_used_at,
    current,
  });

  it('puts this device first, then the most recently used', () => {
    const list = [session('old', '2026-11-20T08:00:00.000Z'), session('this', '2026-11-01T08:00:00.000Z', true), session('new', '2026-11-26T08:00:00.000Z')];
    expect(sessionsInOrder(list).map((s) => s.id)).toEqual(['this', 'new', 'old']);
    // The answer is a copy: the query's data is left as it came.
    expect(list.map((s) => s.id)).toEqual(['old', 'this', 'new']);
  });
});
