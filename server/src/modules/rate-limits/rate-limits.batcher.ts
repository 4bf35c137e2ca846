/**
 * Counts rate-limited requests locally and sends the counts to the shared table in batches: one statement
 * per batch for every key, instead of one write per request.
 *
 * A key's first request in a window, and every request once the key is near its limit, waits for the
 * batch's answer, so the count it is judged on is the table's (exact across instances). Otherwise a request
 * is let through on the last count the table gave plus this instance's own since, while at most
 * `localAllowance(max)` of its requests are unsent. The bound: after the table's count reaches the limit,
 * an instance can have let through at most two batches of unsent requests (the one in flight and the one
 * after it), so a limit is exceeded by at most 2 × ⌊max / 20⌋ requests per instance and window (10 %);
 * limits under 20 are always counted exactly.
 */
export const LOCAL_SHARE = 1 / 20;
/** How long a locally counted request may wait before its count is sent. */
export const FLUSH_INTERVAL_MS = 50;

export const localAllowance = (max: number | undefined) => (typeof max === 'number' && Number.isFinite(max) ? Math.floor(max * LOCAL_SHARE) : 0);

export type Counted = { key: string; count: number; ttl_ms: number };
type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface Pending {
  windowMs: number;
  /** Requests already let through on the local count. */
  local: number;
  /** Requests waiting for the table's count. */
  waiters: Answer[];
}

export function createRateLimitBatcher(
  send: (batch: { key: string; n: number; window_ms: number }[]) => Promise<Counted[]>,
  onCounted: (ttlMs: number) => void,
) {
  /** The table's last count per key and when its window ends (local clock). */
  const known = new Map<string, { count: number; endsAt: number }>();
  let pending = new Map<string, Pending>();
  let inFlight = new Map<string, number>();
  let sending: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let flushes = 0;

  const schedule = (now: boolean) => {
    if (sending) return; // sent when the batch in flight returns
    if (now) {
      clearTimeout(timer);
      timer = undefined;
      queueMicrotask(flush);
    } else if (!timer) {
      timer = setTimeout(flush, FLUSH_INTERVAL_MS);
      timer.unref();
    }
  };

  function flush() {
    clearTimeout(timer);
    timer = undefined;
    if (sending || pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    inFlight = new Map([...batch].map(([key, p]) => [key, p.local]));
    const rows = [...batch].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, p]) => ({ key, n: p.local + p.waiters.length, window_ms: p.windowMs }));
    flushes++;
    sending = send(rows).then(
      (counted) => {
        const at = Date.now();
        for (const row of counted) {
          const p = batch.get(row.key)!;
          const ttl = Math.max(0, row.ttl_ms);
          known.set(row.key, { count: row.count, endsAt: at + ttl });
          onCounted(ttl);
          p.waiters.forEach((answer, i) => answer(null, { current: row.count - p.waiters.length + 1 + i, ttl }));
        }
      },
      (err: unknown) => {
        const error = err instanceof Error ? err : new Error(String(err));
        for (const p of batch.values()) p.waiters.forEach((answer) => answer(error));
      },
    );
    void sending.finally(() => {
      sending = undefined;
      inFlight = new Map();
      if ([...pending.values()].some((p) => p.waiters.length > 0)) schedule(true);
      else if (pending.size > 0) schedule(false);
    });
  }

  return {
    incr(key: string, answer: Answer, windowMs: number, max: number | undefined) {
      let entry = pending.get(key);
      if (!entry) pending.set(key, (entry = { windowMs, local: 0, waiters: [] }));
      const last = known.get(key);
      const now = Date.now();
      if (last && last.endsAt <= now) known.delete(key);
      const unsent = entry.local + (inFlight.get(key) ?? 0);
      if (last && last.endsAt > now && entry.local < localAllowance(max) && last.count + unsent + 1 <= (max ?? 0)) {
        entry.local++;
        answer(null, { current: last.count + unsent + 1, ttl: last.endsAt - now });
        schedule(false);
      } else {
        entry.waiters.push(answer);
        schedule(true);
      }
    },
    /** Batches sent so far (tests). */
    flushes: () => flushes,
    /** Sends what is counted and waits for it (closing). */
    async drain() {
      await sending;
      flush();
      await sending;
    },
  };
}
