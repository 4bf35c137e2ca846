import { afterEach, describe, expect, it, vi } from 'vitest';
import { recentHashes } from './rate-limits.store';

describe("a caller's key is hashed once while it is in use, and forgotten within two minutes of its last use", () => {
  const at = (seconds: number) => vi.setSystemTime(new Date(Date.parse('2030-01-01T00:00:00Z') + seconds * 1000));
  afterEach(() => vi.useRealTimers());

  const counting = () => {
    const hashed: string[] = [];
    const hash = recentHashes((key) => {
      hashed.push(key);
      return `h(${key})`;
    });
    return { hash, hashed };
  };

  it('answers the same hash for a key used again, computing it once', () => {
    const { hash, hashed } = counting();
    expect([hash('a'), hash('b'), hash('a'), hash('a')]).toEqual(['h(a)', 'h(b)', 'h(a)', 'h(a)']);
    expect(hashed).toEqual(['a', 'b']);
  });

  it('keeps a key in steady use, and drops one unused for two minutes even while others are used', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const { hash, hashed } = counting();
    hash('steady');
    hash('once');
    for (let s = 10; s <= 130; s += 10) {
      vi.setSystemTime(new Date(Date.parse('2030-01-01T00:00:00Z') + s * 1000));
      hash('steady');
    }
    expect(hashed).toEqual(['steady', 'once']);
    hash('once');
    expect(hashed).toEqual(['steady', 'once', 'once']);
  });

  it('forgets a key with no request at all, on the timer that calls expire (every quarter period), and not before its time', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    /** Uses 'quiet' at `usedAt` s, lets the timer tick until `until` s with no request, then asks for it again. */
    const quietUntil = (usedAt: number, until: number) => {
      at(0);
      const { hash, hashed } = counting();
      at(usedAt);
      hash('quiet');
      for (let s = 0; s <= until; s += hash.keptMs / 4 / 1000) {
        at(s);
        hash.expire();
      }
      at(until);
      hash('quiet');
      return hashed.length === 2 ? 'forgotten' : 'remembered';
    };
    // Kept through the period it was used in and the next one…
    expect(quietUntil(0, 70)).toBe('remembered');
    // …and gone within 100 s of its last use, however late in its period that was.
    expect(quietUntil(0, 100)).toBe('forgotten');
    expect(quietUntil(39, 139)).toBe('forgotten');
  });
});
