// Notifications benchmark on PostgreSQL (issue 22): booking throughput with messages on, paired with an earlier
// build without them, and a burst of 10,000 queued messages drained through real protocol servers (an SMTP server
// and an HTTP SMS gateway in this process). Exits non-zero when a target is missed.
//
// BENCH_BASE_SERVER: the server/dist/main.js of the build to compare with (one from before the job queue); without
// it the booking rate is judged against the 670 bookings/s recorded before (README, "Figures").
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { SMTPServer } from 'smtp-server';
import { benchBooking, prepareAccounts } from './complaints.mjs';
import { startPostgres } from './postgres-server.mjs';
import { waitForQuiet } from './settle.mjs';
import { printTable, requireBuild, startServer, stopServer } from './server-process.mjs';

const BURST = Number(process.env.BENCH_BURST ?? 10_000);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 2);
const RECORDED_BOOKINGS_PER_SECOND = 670;
const TARGETS = { bookingShare: 0.9, drainPerSecond: 200 };

/** An SMTP server that counts what it accepts by Message-ID (no parsing beyond the headers). */
async function startMailbox() {
  const ids = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 8192) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? `none-${ids.size}`;
        ids.set(id, (ids.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    ids,
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The generic HTTP SMS gateway's side: accepts each POST, counting it by its idempotency key. */
async function startSmsGateway() {
  const keys = new Map();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = String(req.headers['idempotency-key']);
      keys.set(key, (keys.get(key) ?? 0) + 1);
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"accepted":true}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    keys,
    url: `http://127.0.0.1:${server.address().port}/sms`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const repeats = (counts) => [...counts.values()].filter((n) => n > 1).length;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A fresh database and server; `run` gets the server, a client on its database and the bench accounts. */
async function withServer(pgBase, { serverMain, env }, run) {
  const dbName = `pes_bench_ntf_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(pgBase);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-bench-ntf-'));
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  let server;
  try {
    server = await startServer({ databaseUrl: dbUrl.toString(), dataDir, logLevel: 'warn', serverMain, env });
    await client.connect();
    const tokens = await prepareAccounts(server.base);
    await waitForQuiet();
    return await run({ server, client, tokens, databaseUrl: dbUrl.toString() });
  } finally {
    await client.end().catch(() => {});
    await stopServer(server);
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Waits until no message is queued to go now or being sent; answers how many are sent. */
async function settled(client, timeoutMs = 300_000) {
  const started = performance.now();
  for (;;) {
    const { rows } = await client.query(
      `select count(*) filter (where state in ('queued', 'sending') and send_after <= now())::int as waiting,
              count(*) filter (where state = 'sent')::int as sent,
              count(*) filter (where state = 'failed')::int as failed
       from notification_messages`,
    );
    if (rows[0].waiting === 0 || performance.now() - started > timeoutMs) return rows[0];
    await sleep(250);
  }
}

/** BURST queued messages (half e-mail, half SMS) with their jobs, as a provider outage leaves them; the drain rate. */
async function drainBurst(client, databaseUrl, citizenUserId) {
  const tag = randomBytes(3).toString('hex');
  const { rows } = await client.query(
    `insert into notification_messages (reference, recipient_user_id, channel, recipient, language, template, subject, body, idempotency_key)
     select 'B' || $2 || g, $1, case when g % 2 = 0 then 'email' else 'sms' end::notification_channel,
            case when g % 2 = 0 then 'bench' || g || '@example.lk' else '0771234567' end, 'en', 'complaint_status',
            case when g % 2 = 0 then 'Complaint BENCH-' || g || ': In Progress' end,
            'Sri Lanka Police: complaint BENCH-' || g || ' is now In Progress.', 'bench:' || $2 || ':' || g
     from generate_series(1, $3) g
     returning id`,
    [citizenUserId, tag, BURST],
  );
  const boss = new PgBoss({ connectionString: databaseUrl, migrate: false, supervise: false, schedule: false, max: 2 });
  boss.on('error', () => {});
  await boss.start();
  const started = performance.now();
  for (let k = 0; k < rows.length; k += 1000) {
    await boss.insert(rows.slice(k, k + 1000).map((r) => ({ name: 'notification-send', data: { messageId: r.id } })));
  }
  let sent = 0;
  for (;;) {
    const counted = await client.query(`select count(*)::int as n from notification_messages where reference like $1 and state = 'sent'`, [`B${tag}%`]);
    sent = counted.rows[0].n;
    if (sent >= rows.length || performance.now() - started > 600_000) break;
    await sleep(100);
  }
  const seconds = (performance.now() - started) / 1000;
  await boss.stop({ graceful: false, close: true }).catch(() => {});
  return { sent, seconds, perSecond: sent / seconds };
}

async function main() {
  requireBuild();
  const base = process.env.BENCH_BASE_SERVER;
  if (base && !fs.existsSync(base)) throw new Error(`BENCH_BASE_SERVER ${base} does not exist`);
  const postgres = await startPostgres();
  console.log(`PostgreSQL: ${postgres.description}`);
  const mailbox = await startMailbox();
  const gateway = await startSmsGateway();
  const withMessages = { env: { SMTP_URL: mailbox.url, MAIL_FROM: 'eservices@police.lk', SMS_HTTP_URL: gateway.url, SMS_HTTP_TOKEN: 'bench-token' } };
  const booking = { base: [], current: [] };
  let bookingMessages;
  let drain;
  try {
    for (let pair = 0; pair < PAIRS; pair++) {
      if (base) {
        const baseRun = await withServer(postgres.url, { serverMain: base, env: {} }, ({ server, client, tokens }) =>
          benchBooking(server.base, tokens, client),
        );
        booking.base.push(baseRun);
        console.log(`pair ${pair + 1}: earlier build ${baseRun.perSecond.toFixed(0)} bookings/s (p99 ${baseRun.p99} ms)`);
      }
      const last = pair === PAIRS - 1;
      const run = await withServer(postgres.url, withMessages, async ({ server, client, tokens, databaseUrl }) => {
        const result = await benchBooking(server.base, tokens, client);
        if (!last) return result;
        const settledStarted = performance.now();
        bookingMessages = { ...(await settled(client)), seconds: (performance.now() - settledStarted) / 1000 };
        await waitForQuiet();
        drain = await drainBurst(client, databaseUrl, tokens.citizenUserId);
        return result;
      });
      booking.current.push(run);
      console.log(`pair ${pair + 1}: with messages ${run.perSecond.toFixed(0)} bookings/s (p99 ${run.p99} ms)`);
    }
  } finally {
    await mailbox.close();
    await gateway.close();
    await postgres.stop();
  }

  const mean = (runs) => runs.reduce((n, r) => n + r.perSecond, 0) / runs.length;
  const current = mean(booking.current);
  const reference = base ? mean(booking.base) : RECORDED_BOOKINGS_PER_SECOND;
  const list = (runs) => runs.map((r) => r.perSecond.toFixed(0)).join(', ');
  const ok = printTable('Notifications (PostgreSQL; SMTP server and SMS gateway in the bench process)', [
    {
      measure: 'booking with messages on, bookings/s (mean of runs)',
      value: `${current.toFixed(0)} (${list(booking.current)})`,
      target: `>= ${(reference * TARGETS.bookingShare).toFixed(0)} (90 % of ${base ? `earlier build: ${list(booking.base)}` : 'recorded 670'})`,
      ok: current >= reference * TARGETS.bookingShare,
    },
    {
      measure: '  capacity held exactly, every run',
      value: booking.current.every((r) => r.capacityHeld) ? 'yes' : 'no',
      target: 'yes',
      ok: booking.current.every((r) => r.capacityHeld),
    },
    {
      measure: "  the last run's messages sent, then none waiting",
      value: `${bookingMessages.sent} sent, ${bookingMessages.failed} failed, ${bookingMessages.waiting} waiting (${bookingMessages.seconds.toFixed(1)} s after)`,
      target: '0 failed, 0 waiting',
      ok: bookingMessages.failed === 0 && bookingMessages.waiting === 0,
    },
    {
      measure: `burst of ${BURST} queued messages drained, messages/s`,
      value: `${drain.perSecond.toFixed(0)} (${drain.sent} in ${drain.seconds.toFixed(1)} s)`,
      target: `>= ${TARGETS.drainPerSecond}`,
      ok: drain.sent === BURST && drain.perSecond >= TARGETS.drainPerSecond,
    },
    {
      measure: '  e-mails and SMS received more than once',
      value: `${repeats(mailbox.ids)} of ${mailbox.ids.size} e-mails, ${repeats(gateway.keys)} of ${gateway.keys.size} SMS`,
      target: '0',
      ok: repeats(mailbox.ids) === 0 && repeats(gateway.keys) === 0,
    },
  ]);
  process.exitCode = ok ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
