// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ANONYMOUS_REPORTER_KEY_PATTERN } from '@pes/contracts';
import { reporterKey } from './reporter-key';

afterEach(() => sessionStorage.clear());

describe('the anonymous reporter key', () => {
  it('is random and of the shape the server counts, and the same for the rest of the tab', () => {
    const key = reporterKey();
    expect(key).toMatch(ANONYMOUS_REPORTER_KEY_PATTERN);
    expect(reporterKey()).toBe(key);
    sessionStorage.clear();
    expect(reporterKey()).not.toBe(key);
  });
});
