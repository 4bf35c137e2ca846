// Latency at a request rate, measured the way the targets are stated: requests arrive evenly spread.
//
// autocannon's `overallRate` does not pace requests: each connection sends its share of a second's
// requests back to back and then waits for the next one-second tick (lib/httpClient.js resets
// `reqsMadeThisSecond` once a second). At "500 requests/s" the server gets a burst of 500 requests at
// the start of every second, and the percentiles are those of the burst. Here request k is due at
// start + k / rate whatever happened to the ones before it, and its latency counts from when it was
// due, so a slow answer (or a stalled client) cannot hide the queue behind it (no coordinated omission).
//
// The client shares the machine's two cores with the server and the database, so it is kept lean, and
// its own pauses would be counted as the server's latency:
// - every request is written out before the clock starts, into one buffer, and sent as a slice of it;
// - answers are framed on the bytes (status line and Content-Length; every answer of this API has one);
// - latencies go into a preallocated array, and requests waiting for a free connection are a range of
//   indices, not a queue of objects.
// So the measured window allocates little but the socket reads, and the client does no full garbage
// collection in it. An HTTP client library (undici) cost ~150 µs of CPU per request here, as much as a
// bare Node.js HTTP server spends answering it.
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = Buffer.from('\r\ncontent-length:');
const CONTENT_LENGTH_ANY_CASE = /\r\ncontent-length:[ \t]*(\d+)/i;

/** Every request of the run, rendered into one buffer: request k is bytes offsets[k]..offsets[k + 1]. */
function renderRequests(total, requestText) {
  let bytes = Buffer.allocUnsafe(Math.max(1024, (Buffer.byteLength(requestText(0)) + 64) * total));
  const offsets = new Uint32Array(total + 1);
  let end = 0;
  for (let k = 0; k < total; k++) {
    const text = requestText(k);
    const length = Buffer.byteLength(text);
    if (end + length > bytes.length) {
      const larger = Buffer.allocUnsafe(Math.max(bytes.length * 2, end + length));
      bytes.copy(larger, 0, 0, end);
      bytes = larger;
    }
    bytes.write(text, end, 'latin1');
    end += length;
    offsets[k + 1] = end;
  }
  return { bytes, offsets };
}

/** Content-Length of an answer whose head ends at `headEnd` (the server writes the name in lower case). */
function contentLength(buffer, headEnd) {
  const at = buffer.indexOf(CONTENT_LENGTH);
  if (at >= 0 && at < headEnd) {
    let i = at + CONTENT_LENGTH.length;
    while (buffer[i] === 0x20 || buffer[i] === 0x09) i++;
    let value = 0;
    let digits = 0;
    for (; buffer[i] >= 0x30 && buffer[i] <= 0x39; i++, digits++) value = value * 10 + buffer[i] - 0x30;
    return digits > 0 ? value : -1;
  }
  const found = CONTENT_LENGTH_ANY_CASE.exec(buffer.toString('latin1', 0, headEnd));
  return found ? Number(found[1]) : -1;
}

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
  const requests = renderRequests(total, (k) => `GET ${nextPath(k)} HTTP/1.1\r\n${headerLines(nextHeaders ? nextHeaders(k) : headers)}\r\n`);
  const latencies = new Float64Array(total);
  let failed = 0;
  let answered = 0;
  let allAnswered;
  const finished = new Promise((resolve) => (allAnswered = resolve));
  const idle = [];
  let started = 0;
  let due = 0; // requests 0..due-1 have fallen due
  let dispatched = 0; // requests 0..dispatched-1 are sent; the ones between wait for a free connection

  const record = (k, ok) => {
    latencies[answered] = performance.now() - (started + (k * 1000) / rate);
    if (!ok) failed++;
    if (++answered === total) allAnswered();
  };

  const dispatch = () => {
    while (dispatched < due && idle.length > 0) {
      const conn = idle.pop();
      const k = dispatched++;
      conn.request = k;
      conn.socket.write(requests.bytes.subarray(requests.offsets[k], requests.offsets[k + 1]));
    }
  };

  const open = () =>
    new Promise((resolve, reject) => {
      const conn = { socket: net.connect({ host: hostname, port: Number(port), noDelay: true }), pending: null, length: -1, status: 0, request: -1 };
      const { socket } = conn;
      socket.once('connect', () => resolve(conn));
      socket.on('error', (err) => reject(err));
      socket.on('close', () => {
        // A connection the server closed: its request failed; a fresh one takes its place.
        if (conn.request >= 0) record(conn.request, false);
        conn.request = -1;
        if (answered < total)
          open().then(
            (fresh) => {
              idle.push(fresh);
              dispatch();
            },
            () => {}, // unreachable: the rest fail by the time limit
          );
      });
      socket.on('data', (chunk) => {
        conn.pending = conn.pending ? Buffer.concat([conn.pending, chunk]) : chunk;
        for (;;) {
          const pending = conn.pending;
          if (conn.length < 0) {
            const end = pending.indexOf(HEADER_END);
            if (end < 0) return;
            const length = contentLength(pending, end);
            if (length < 0) {
              socket.destroy(); // not framed by Content-Length: counted as failed by 'close'
              return;
            }
            conn.status = (pending[9] - 0x30) * 100 + (pending[10] - 0x30) * 10 + (pending[11] - 0x30);
            conn.length = end + HEADER_END.length + length;
          }
          if (pending.length < conn.length) return;
          conn.pending = pending.length > conn.length ? pending.subarray(conn.length) : null;
          conn.length = -1;
          const k = conn.request;
          conn.request = -1;
          record(k, conn.status >= 200 && conn.status < 300);
          idle.push(conn);
          dispatch();
          if (!conn.pending) return;
        }
      });
    });

  const sockets = await Promise.all(Array.from({ length: connections }, open));
  idle.push(...sockets);

  started = performance.now();
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
      dispatch();
      if (due >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 1);
  });
  // Every request is answered or failed within a minute of the last being due, or it counts as failed.
  const gaveUp = await Promise.race([finished.then(() => false), new Promise((r) => setTimeout(() => r(true), 60_000).unref())]);
  if (gaveUp) failed += total - answered;
  const elapsed = (performance.now() - started) / 1000;
  for (const conn of [...sockets, ...idle]) conn.socket.destroy();

  const measured = latencies.subarray(0, answered).sort();
  const at = (q) => Number(measured[Math.min(measured.length - 1, Math.ceil(q * measured.length) - 1)].toFixed(1));
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1), completed: answered, rate: answered / elapsed, failed };
}
