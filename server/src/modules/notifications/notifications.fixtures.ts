import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/** A real SMTP server in the process (no TLS, no auth) that keeps what it receives, parsed; it can stop and start again on its port. */
export async function startMailbox() {
  const mails: ParsedMail[] = [];
  let port = 0;
  let server: SMTPServer;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        // Stopping drops open connections at once (the sender pools them), as an outage would.
        closeTimeout: 50,
        onData(stream, _session, callback) {
          simpleParser(stream).then(
            (mail) => {
              mails.push(mail);
              callback();
            },
            (err: Error) => callback(err),
          );
        },
      });
      server.on('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    mails,
    url: () => `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    start: listen,
  };
}

/** The generic SMS gateway's side: a small HTTP server keeping each accepted request (and its token). */
export async function startSmsGateway() {
  const received: { to: string; text: string; reference: string; authorization?: string; idempotencyKey?: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ ...JSON.parse(body), authorization: req.headers.authorization, idempotencyKey: req.headers['idempotency-key'] });
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"accepted":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
