import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../test/harness';

/** Sends `request` on a raw socket, closing the client's side at once, and answers what came back. */
function sendAndHalfClose(port: number, request: string) {
  return new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    let text = '';
    socket.on('data', (d) => (text += d));
    socket.on('close', () => resolve(text));
    socket.on('error', () => resolve(text));
  });
}

describe.each(DB_KINDS)('a client that closes its side right after its request, on %s', (kind) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t?.close());

  it('still gets the answer of a route that reads the database (it got nothing before)', async () => {
    const answer = await sendAndHalfClose(port, 'GET /api/slots/public?station=%00x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"error"');
    const stations = await sendAndHalfClose(port, 'GET /api/stations HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(stations).toMatch(/^HTTP\/1\.1 200 /);
  });
});
