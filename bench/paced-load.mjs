// Latency at a request rate, measured the way the targets are stated: requests arrive evenly spread.
//
// autocannon's `overallRate` does not pace requests: each connection sends its share of a second's
// requests back to back and then waits for the next one-second tick (lib/httpClient.js resets
// `reqsMadeThisSecond` once a second). At "500 requests/s" the server gets a burst of 500 requests at
// the start of every second, and the percentiles are those of the burst. Here request k is due at
// start + k / rate whatever happened to the ones before it, and its latency counts from when it was
// due, so a slow answer (or a stalled client) cannot hide the queue behind it (no coordinated omission).
//
// The client shares the machine's two cores with the server and the database, so it is kept lean:
// plain keep-alive sockets, one request at a time on each, answers framed by Content-Length (every
// answer of this API has one). An HTTP client library (undici) cost ~150 µs of CPU per request here,
// as much as a bare Node.js HTTP server spends answering it; these sockets cost ~90 µs.
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)/i;

/**
 * Sends GET requests at `rate` per second for `seconds` over `connections` keep-alive connections.
 * `nextPath(k)` gives the k-th request's path, and `nextHeaders(k)`, when given, its headers (else
 * `headers`). Answers latency percentiles in milliseconds, the rate achieved and the count of answers
 * that were not 2xx or failed.
 */
export async function pacedLoad({ url, rate, seconds, connections = 16, headers = {}, nextHeaders, nextPath }) {
  const { hostname, port } = new URL(url);
  const rendered = new Map();
  const headerLines = (set) => {
    let lines = rendered.get(set);
    if (lines === undefined) {
      lines = Object.entries({ host: `${hostname}:${port}`, ...set })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      rendered.set(set, lines);
    }
    return lines;
  };
  const total = Math.round(rate * seconds);
  const latencies = [];
  let failed = 0;
  let answered = 0;
  let allAnswered;
  const finished = new Promise((resolve) => (allAnswered = resolve));
  const idle = [];
  const queued = []; // requests that fell due while every connection was busy: [k, dueAt]

  const record = (dueAt, ok) => {
    latencies.push(performance.now() - dueAt);
    if (!ok) failed++;
    if (++answered === total) allAnswered();
  };

  const send = (conn, k, dueAt) => {
    conn.dueAt = dueAt;
    conn.socket.write(`GET ${nextPath(k)} HTTP/1.1\r\n${headerLines(nextHeaders ? nextHeaders(k) : headers)}\r\n`);
  };

  const nextFor = (conn) => {
    const next = queued.shift();
    if (next) send(conn, next[0], next[1]);
    else idle.push(conn);
  };

  const open = () =>
    new Promise((resolve, reject) => {
      const conn = { socket: net.connect({ host: hostname, port: Number(port), noDelay: true }), pending: null, length: -1, status: 0, dueAt: undefined };
      const { socket } = conn;
      socket.once('connect', () => resolve(conn));
      socket.on('error', (err) => reject(err));
      socket.on('close', () => {
        // A connection the server closed: its request failed; a fresh one takes its place.
        const lostAt = conn.dueAt;
        conn.dueAt = undefined;
        if (lostAt !== undefined) record(lostAt, false);
        if (answered < total) open().then(nextFor, () => {}); // unreachable: the rest fail by the time limit
      });
      socket.on('data', (chunk) => {
        conn.pending = conn.pending ? Buffer.concat([conn.pending, chunk]) : chunk;
        for (;;) {
          if (conn.length < 0) {
            const end = conn.pending.indexOf(HEADER_END);
            if (end < 0) return;
            const head = conn.pending.toString('latin1', 0, end);
            const length = CONTENT_LENGTH.exec(head);
            if (!length) {
              socket.destroy(); // not framed by Content-Length: counted as failed by 'close'
              return;
            }
            conn.status = Number(head.slice(9, 12));
            conn.length = end + HEADER_END.length + Number(length[1]);
          }
          if (conn.pending.length < conn.length) return;
          const rest = conn.pending.length > conn.length ? conn.pending.subarray(conn.length) : null;
          const dueAt = conn.dueAt;
          conn.pending = rest;
          conn.length = -1;
          conn.dueAt = undefined;
          record(dueAt, conn.status >= 200 && conn.status < 300);
          nextFor(conn);
          if (!rest) return;
        }
      });
    });

  const sockets = await Promise.all(Array.from({ length: connections }, open));
  idle.push(...sockets);

  let sent = 0;
  const started = performance.now();
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
      for (; sent < due; sent++) {
        const dueAt = started + (sent * 1000) / rate;
        const conn = idle.pop();
        if (conn) send(conn, sent, dueAt);
        else queued.push([sent, dueAt]);
      }
      if (sent >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 1);
  });
  // Every request is answered or failed within a minute of the last being sent, or it counts as failed.
  const gaveUp = await Promise.race([finished.then(() => false), new Promise((r) => setTimeout(() => r(true), 60_000).unref())]);
  if (gaveUp) failed += total - answered;
  const elapsed = (performance.now() - started) / 1000;
  for (const conn of [...sockets, ...idle]) conn.socket.destroy();

  latencies.sort((a, b) => a - b);
  const at = (q) => Number(latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)].toFixed(1));
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1), completed: latencies.length, rate: latencies.length / elapsed, failed };
}
