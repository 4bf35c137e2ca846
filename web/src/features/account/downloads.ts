import type { AccountSession } from '@pes/contracts';

/**
 * The file name a Content-Disposition header gives (`attachment; filename="x.json"`, or RFC 5987's `filename*=UTF-8''x.json`),
 * reduced to a plain name (no directories); `fallback` when there is none.
 */
export function attachmentFileName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(header);
  let name: string | undefined;
  try {
    name = extended ? decodeURIComponent(extended[1]!.trim()) : (plain?.[1] ?? plain?.[2]);
  } catch {
    name = plain?.[1] ?? plain?.[2];
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : fallback;
}

/** The list as the page shows it: this device first, then the others by their last use, most recent first. */
export function sessionsInOrder(sessions: readonly AccountSession[]): AccountSession[] {
  return [...sessions].sort((a, b) => Number(b.current) - Number(a.current) || b.last_used_at.localeCompare(a.last_used_at));
}
