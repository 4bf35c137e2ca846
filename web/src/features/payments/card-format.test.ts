import { describe, expect, it } from 'vitest';
import { formatExpiry, groupCardNumber } from './card-format';

describe('card formatting', () => {
  it('groups a card number in fours, keeping digits only, at most 19', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(groupCardNumber('1234567890123456789999')).toBe('1234 5678 9012 3456 789');
  });

  it('puts the slash of an expiry date after the month once the year begins', () => {
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('122')).toBe('12/2');
    expect(formatExpiry('12/27')).toBe('12/27');
    expect(formatExpiry('122799')).toBe('12/27');
  });
});
