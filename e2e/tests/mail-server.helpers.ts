import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * A server that sends its e-mail, for a spec that reads what a citizen receives: the suite's servers send none (no
 * SMTP_URL: messages are kept for the administrator to read). The same build on a fresh database of its own, at
 * `portOffset` above the suite's port (each spec file its own offset), with SMTP_URL pointing at an SMTP server in
 * this process that keeps every e-mail, parsed. Started in a file's beforeAll, stopped in its afterAll.
 */
export function serverWithMailbox(portOffset: number, name: string) {
  const port = Number(process.env.E2E_PORT ?? 3210) + portOffset;
  const base = `http://127.0.0.1:${port}`;
  const mails: ParsedMail[] = [];
  let server: ChildProcess | undefined;
  let smtp: SMTPServer | undefined;
  let dataDir = '';

  return {
    base,
    mails,
    /** The e-mails to this address, in the order they arrived. */
    mailsTo: (email: string) => mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === email),

    async start() {
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, _session, callback) {
          simpleParser(stream).then(
            (mail) => (mails.push(mail), callback()),
            (err: Error) => callback(err),
          );
        },
      });
      await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', resolve));
      const smtpPort = (smtp.server.address() as AddressInfo).port;
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pes-e2e-${name}-`));
      server = spawn(process.execPath, ['../server/dist/main.js'], {
        cwd: path.resolve(import.meta.dirname, '..'),
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          NODE_ENV: 'development',
          LOG_LEVEL: 'warn',
          PUBLIC_URL: base,
          SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
          TOKEN_SECRET: `e2e-${name}-secret-e2e-${name}-secret-e2e-secret`,
        },
      });
      await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => undefined))?.status, { timeout: 270_000, intervals: [500] }).toBe(200);
    },

    async stop() {
      if (server && server.exitCode === null) {
        const exited = new Promise((resolve) => server!.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
