// Latency at a request rate, measured the way the targets are stated: requests arrive evenly spread.
//
// autocannon's `overallRate` does not pace requests: each connection sends its share of a second's
// requests back to back and then waits for the next one-second tick (lib/httpClient.js resets
// `reqsMadeThisSecond` once a second). At "500 requests/s" the server gets a burst of 500 requests at
// the start of every second, and the percentiles are those of the burst. Here request k is due at
// start + k / rate whatever happened to the ones before it, and its latency counts from when it was
// due, so a slow answer (or a stalled client) cannot hide the queue behind it (no coordinated omission).
import { Pool } from 'undici';

/**
 * Sends GET requests at `rate` per second for `seconds` over `connections` keep-alive connections.
 * `nextPath(k)` gives the k-th request's path. Answers latency percentiles in milliseconds, the rate
 * achieved and the count of answers that were not 2xx or failed.
 */
export async function pacedLoad({ url, rate, seconds, connections = 16, headers = {}, nextPath }) {
  const pool = new Pool(url, { connections, pipelining: 1 });
  const latencies = [];
  let failed = 0;
  let sent = 0;
  const inFlight = new Set();
  const send = (k, dueAt) => {
    const request = pool
      .request({ method: 'GET', path: nextPath(k), headers })
      .then(async (res) => {
        await res.body.dump();
        latencies.push(performance.now() - dueAt);
        if (res.statusCode < 200 || res.statusCode >= 300) failed++;
      })
      .catch(() => {
        latencies.push(performance.now() - dueAt);
        failed++;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };

  const total = Math.round(rate * seconds);
  const started = performance.now();
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
      while (sent < due) {
        send(sent, started + (sent * 1000) / rate);
        sent++;
      }
      if (sent >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 1);
  });
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();

  latencies.sort((a, b) => a - b);
  const at = (q) => Number(latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)].toFixed(1));
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1), completed: latencies.length, rate: latencies.length / elapsed, failed };
}
