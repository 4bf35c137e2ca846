import { ANONYMOUS_REPORTER_KEY_PATTERN } from '@pes/contracts';

const STORAGE_KEY = 'anonymous_reporter_key';

function randomKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * This tab's random key for the anonymous report's flood limit, which the server counts per key (and, more loosely,
 * per address): people behind one mobile carrier's address do not use up each other's reports. It names no one, is
 * sent with nothing else, and is forgotten when the tab closes (session storage), so two visits are not linked.
 */
export function reporterKey(): string {
  try {
    const kept = sessionStorage.getItem(STORAGE_KEY);
    if (kept && ANONYMOUS_REPORTER_KEY_PATTERN.test(kept)) return kept;
    const made = randomKey();
    sessionStorage.setItem(STORAGE_KEY, made);
    return made;
  } catch {
    // Storage refused (a private window's rules): a key for this report alone still counts it on its own.
    return randomKey();
  }
}
