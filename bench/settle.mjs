import os from 'node:os';

/**
 * After a bulk load the machine is still flushing and vacuuming for a while; a benchmark measures the
 * steady state a running portal sees. Waits until the 1-minute load average is below `below`
 * (or `maxSeconds` pass) and reports what it saw.
 */
export async function waitForQuiet({ below = 0.8, maxSeconds = 90 } = {}) {
  const started = Date.now();
  while (os.loadavg()[0] >= below && Date.now() - started < maxSeconds * 1000) {
    await new Promise((r) => setTimeout(r, 2000));
  }
  const waited = Math.round((Date.now() - started) / 1000);
  console.log(
    `settled for ${waited} s after the load (load average now ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
}
