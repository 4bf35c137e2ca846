// `npm run test:scale`: the portal as several instances behind HAProxy (README, "Many instances behind a load
// balancer"). Starts a database of its own on the machine's PostgreSQL, an S3-compatible server (s3rver), three
// instances of the BUILT server (production settings, files in the bucket, X-Forwarded-For trusted one hop, 2 s of
// drain on SIGTERM) and Debian's HAProxy with deploy/haproxy.cfg (its port and these instances filled in). Then,
// through the balancer only:
//   1. acceptance: a citizen signs up (three photos) and files a complaint with a photo in a slot an administrator
//      made; an officer of that branch and station sees it and downloads the photo (and so does every instance,
//      from the bucket); a per-address limit counts across instances the address HAProxy forwards (a client
//      cannot choose its own with X-Forwarded-For; another source address has its own allowance); the citizen
//      signs out, and the old token is refused everywhere (each instance is asked directly too, timing how long
//      the sign-out takes to reach all of them);
//   2. throughput of the current-user and fine-search calls with 3 instances;
//   3. a steady load (100 GETs and 20 POSTs a second) while one instance is stopped with SIGTERM (it drains): no
//      request may fail;
//   4. throughput with 2; the same load while another instance is killed with SIGKILL (failures counted);
//   5. throughput with 1.
// Prints a table and exits non-zero when an acceptance step fails or the drain loses a request.
//
// Needs `npm run build` first, PostgreSQL (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; like
// the API tests' PostgreSQL runs, the test is skipped when TEST_DATABASE_URL=none or when it is unset and nothing
// answers there) and HAProxy (`apt-get install haproxy`;
// HAPROXY names another binary).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createOfficer, PNG, signIn, signInAdmin, signUpCitizen } from '../bench/accounts.mjs';
import { colomboDay, trafficComplaintFields } from '../bench/citizen-input.mjs';
import { pacedLoad } from '../bench/paced-load.mjs';
import {
  call,
  DEMO_PASSWORDS,
  freePort,
  multipartBody,
  printTable,
  requireBuild,
  ROOT,
  runAutocannon,
  startServer,
  withBenchDatabase,
} from '../bench/server-process.mjs';
import { startS3rverProcess, S3RVER_CREDENTIALS } from '../server/test/s3rver-process.mjs';

const INSTANCES = 3;
const STATION = 'Kollupitiya Police Station';
const BRANCH = 'Traffic Branch';
const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';
const SHIPPED_CONFIG = path.join(ROOT, 'deploy', 'haproxy.cfg');
/** The steady load while an instance goes away: GETs of the signed-in user, and POSTs beside them, evenly paced. */
const STEADY = { rate: 100, seconds: 6, connections: 8 };
const STEADY_POSTS = { rate: 20, seconds: 6 };
/** When, into the steady load, the instance is stopped. */
const STOP_AFTER_MS = 1500;
const THROUGHPUT_SECONDS = 3;
/** The longest a sign-out may take to reach every instance before the test calls it lost. */
const SIGN_OUT_LIMIT_MS = 5000;
/** Public certificate verifications per client address per minute (RATE_LIMIT_VERIFY), low enough to reach. */
const VERIFY_LIMIT = 3;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The shipped configuration with this run's balancer port in its one `bind` line and these instances for its `server` lines. */
function renderHaproxyConfig(text, { port, servers }) {
  const lines = text.split('\n');
  const binds = lines.filter((line) => /^\s*bind\s/.test(line));
  const serverLines = lines.map((line, i) => (/^\s*server\s/.test(line) ? i : -1)).filter((i) => i >= 0);
  if (binds.length !== 1) throw new Error(`${SHIPPED_CONFIG}: expected one bind line, found ${binds.length}`);
  if (serverLines.length === 0 || serverLines.at(-1) - serverLines[0] !== serverLines.length - 1)
    throw new Error(`${SHIPPED_CONFIG}: expected one block of server lines`);
  // Whatever the shipped server lines say after their address (none today: `default-server` holds the options) is kept.
  const [, indent, , , options] = /^(\s*)server\s+(\S+)\s+(\S+)(.*)$/.exec(lines[serverLines[0]]);
  const rendered = servers.map((s) => `${indent}server ${s.name} ${s.address}${options}`);
  lines.splice(serverLines[0], serverLines.length, ...rendered);
  return lines.map((line) => line.replace(/^(\s*bind\s+)\S+/, `$1127.0.0.1:${port}`)).join('\n');
}

/**
 * HAProxy in the foreground on the rendered configuration. Its request log (stdout) goes to a file; its warnings
 * (stderr) are read for servers going UP or DOWN, which `waitFor` awaits.
 */
async function startHaproxy(configFile, logFile) {
  const child = spawn(HAPROXY, ['-f', configFile, '-db'], { stdio: ['ignore', fs.openSync(logFile, 'w'), 'pipe'] });
  const events = [];
  const waiters = new Set();
  let stderr = '';
  createInterface({ input: child.stderr }).on('line', (line) => {
    stderr += `${line}\n`;
    const match = /Server \S+\/(\S+) is (UP|DOWN)/.exec(line);
    if (!match) return;
    const event = { server: match[1], state: match[2], at: performance.now() };
    events.push(event);
    for (const waiter of waiters) waiter(event);
  });
  const exited = once(child, 'exit');
  return {
    child,
    events,
    stderr: () => stderr,
    /** Resolves with the event when `server` is next reported `state` (or was since `since`), else rejects after `ms`. */
    waitFor(server, state, since, ms = 5000) {
      const seen = events.find((e) => e.server === server && e.state === state && e.at >= since);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`HAProxy did not report ${server} ${state} within ${ms} ms`));
        }, ms);
        const waiter = (event) => {
          if (event.server !== server || event.state !== state) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(event);
        };
        waiters.add(waiter);
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A GET answering its status and body (JSON when it is). */
async function get(base, url, token) {
  const res = await fetch(`${base}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type') ?? '', body };
}

/** A GET sent from `localAddress` (any 127.x.y.z reaches the balancer on 127.0.0.1), answering its status. */
function statusFrom(base, url, { localAddress, headers = {} }) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${url}`, { localAddress, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
  });
}

/** Steps of the acceptance run, each printed as it passes; the first to fail ends the run. */
async function step(name, fn) {
  const started = performance.now();
  try {
    const result = await fn();
    console.log(`ok    ${name} (${Math.round(performance.now() - started)} ms)`);
    return result;
  } catch (err) {
    console.log(`FAIL  ${name}: ${err.message}`);
    throw Object.assign(err, { step: name });
  }
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** Asks every instance directly, at once and again, until each refuses `token` (401); answers each one's milliseconds from `since`. */
async function untilEveryInstanceRefuses(instances, token, since) {
  return Promise.all(
    instances.map(async (instance) => {
      for (;;) {
        const { status } = await get(instance.base, '/api/auth/getCurrentUserInfo', token);
        const ms = performance.now() - since;
        if (status === 401) return ms;
        if (status !== 200) throw new Error(`${instance.name} answered ${status} to the signed-out token`);
        if (ms > SIGN_OUT_LIMIT_MS) throw new Error(`${instance.name} still accepts the signed-out token after ${SIGN_OUT_LIMIT_MS} ms`);
      }
    }),
  );
}

async function acceptance(lb, instances) {
  const admin = await step('administrator signs in through the balancer (TOTP second factor set up)', () => signInAdmin(lb));
  const officer = { username: 'scale.traffic', password: DEMO_PASSWORDS.officer };
  await step(`administrator creates a ${BRANCH} officer at ${STATION}`, () =>
    createOfficer(lb, admin, { ...officer, full_name: 'Scale Traffic Officer', officer_id: 'SCALE-TR-1', branch: BRANCH, station: STATION }),
  );
  const slot = await step('administrator creates an appointment slot', () =>
    call(lb, 'POST', '/api/admin/slots', {
      token: admin,
      json: { date: colomboDay(1), time_from: '09:00', time_to: '09:30', available_slots: 5, branch: BRANCH, station: STATION },
    }),
  );
  const citizen = { username: 'scale.citizen', password: DEMO_PASSWORDS.citizen };
  await step('citizen signs up with three photos', () => signUpCitizen(lb, { ...citizen, identity_number: '199001012345' }));
  const citizenToken = await step('citizen signs in', () => signIn(lb, citizen));
  const filed = await step('citizen files a traffic complaint with a photo, in the slot', async () => {
    const { complaint } = await call(lb, 'POST', '/api/complaints/traffic', {
      token: citizenToken,
      multipart: multipartBody(trafficComplaintFields({ full_name: 'Scale Citizen', station: STATION, slotId: slot.id }), {
        attachment_file: { name: 'photo.png', type: 'image/png', buffer: PNG },
      }),
    });
    check(complaint.attachment?.url.startsWith('/uploads/'), `the complaint has no stored attachment: ${JSON.stringify(complaint.attachment)}`);
    return complaint;
  });
  const officerToken = await step('officer signs in (TOTP)', () => signIn(lb, officer, 'police'));
  const seen = await step("officer sees the complaint in the branch and station's list", async () => {
    // The newest page: the complaint just filed heads it.
    const { complaints: list } = await call(lb, 'GET', '/api/police/complaints', { token: officerToken });
    const found = list.find((c) => c.id === filed.id);
    check(found, `complaint ${filed.reference_number} is not among the officer's ${list.length} newest`);
    check(found.attachment?.url === filed.attachment.url, 'the listed attachment is not the one filed');
    return found;
  });
  await step('officer downloads the photo through the balancer', async () => {
    const res = await get(lb, seen.attachment.url, officerToken);
    check(res.status === 200, `answered ${res.status}`);
    check(res.type.startsWith('image/') && res.body.length > 0, `answered ${res.type}, ${res.body.length} bytes`);
  });
  await step('every instance serves the photo from the bucket', async () => {
    for (const instance of instances) {
      const res = await get(instance.base, seen.attachment.url, officerToken);
      check(res.status === 200 && res.body.length > 0, `${instance.name} answered ${res.status}`);
    }
  });
  await step("every instance knows the citizen's session (asked directly)", async () => {
    for (const instance of instances) {
      const { status } = await get(instance.base, '/api/auth/getCurrentUserInfo', citizenToken);
      check(status === 200, `${instance.name} answered ${status}`);
    }
  });
  await step(
    `a per-address limit (${VERIFY_LIMIT} verifications a minute) counts across instances the address HAProxy forwards, not one the client sends`,
    async () => {
      const verify = `/api/clearance/verify/${'A'.repeat(20)}`;
      // Round robin spreads these over the instances; each claims another address, which HAProxy drops.
      for (let k = 1; k <= VERIFY_LIMIT; k++) {
        const status = await statusFrom(lb, verify, { localAddress: '127.0.0.1', headers: { 'x-forwarded-for': `198.51.100.${k}` } });
        check(status === 200, `verification ${k} answered ${status}`);
      }
      const over = await statusFrom(lb, verify, { localAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.99' } });
      check(over === 429, `verification ${VERIFY_LIMIT + 1} from the same client answered ${over}, not 429`);
      // Another client (another source address) has an allowance of its own: HAProxy's X-Forwarded-For names it.
      const other = await statusFrom(lb, verify, { localAddress: '127.0.0.2' });
      check(other === 200, `a verification from another address answered ${other}`);
    },
  );
  let propagationMs;
  await step('citizen signs out; the old token is refused by every instance and the balancer', async () => {
    await call(lb, 'POST', '/api/auth/logout', { token: citizenToken });
    const signedOut = performance.now();
    propagationMs = Math.max(...(await untilEveryInstanceRefuses(instances, citizenToken, signedOut)));
    const { status } = await get(lb, '/api/auth/getCurrentUserInfo', citizenToken);
    check(status === 401, `the balancer's answer was ${status}`);
  });
  return { propagationMs, citizen };
}

/**
 * Requests per second through the balancer for a few seconds, after `warmUpSeconds` of the same (the instances' code
 * is compiled as it runs: the first seconds of a fresh instance are several times slower); any answer but 2xx fails
 * the run.
 */
async function throughput(lb, url, token, warmUpSeconds) {
  const opts = { url: `${lb}${url}`, connections: 8, headers: { authorization: `Bearer ${token}` } };
  await runAutocannon({ ...opts, duration: warmUpSeconds });
  const result = await runAutocannon({ ...opts, duration: THROUGHPUT_SECONDS });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw Object.assign(new Error(`${bad} of ${result.requests.total} requests to ${url} failed`), { step: 'throughput' });
  return result.requests.average;
}

/**
 * POSTs at `rate` per second for `seconds`, evenly paced: tracking an anonymous report by a code nobody holds, which
 * the instance answers 404 after looking it up. HAProxy never sends a POST twice once an instance has taken it, so
 * these fail where an instance closes a connection under a request (a stop without the drain). Answers how many were
 * sent and how many got anything but the instance's 404.
 */
async function postLoad(lb, { rate, seconds }) {
  const started = performance.now();
  const body = JSON.stringify({ tracking_code: 'A'.repeat(32) });
  const answers = [];
  for (let k = 0; k < rate * seconds; k++) {
    await sleep(started + (k * 1000) / rate - performance.now());
    answers.push(
      fetch(`${lb}/api/anonymous/track`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
        async (res) => (await res.arrayBuffer(), res.status === 404),
        () => false,
      ),
    );
  }
  const ok = await Promise.all(answers);
  return { sent: ok.length, failed: ok.filter((answered) => !answered).length };
}

/** The steady load, with `act` done STOP_AFTER_MS into it; answers the failed GETs and POSTs, and what `act` answered. */
async function steadyLoadWhile(lb, token, act) {
  const load = pacedLoad({
    url: lb,
    ...STEADY,
    headers: { authorization: `Bearer ${token}` },
    nextPath: () => '/api/auth/getCurrentUserInfo',
  });
  const posts = postLoad(lb, STEADY_POSTS);
  await sleep(STOP_AFTER_MS);
  const acted = await act();
  const [gets, posted] = await Promise.all([load, posts]);
  return {
    failed: gets.failed + posted.failed,
    summary: `${gets.failed} of ${gets.completed} GETs, ${posted.failed} of ${posted.sent} POSTs`,
    acted,
  };
}

/** Whether something accepts a connection at the URL's host and port within 1.5 s. */
function answers(url) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432), timeout: 1500 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

async function main() {
  requireBuild();
  if (process.env.TEST_DATABASE_URL === 'none') {
    console.log('test:scale skipped: TEST_DATABASE_URL=none (many instances need PostgreSQL)');
    return;
  }
  if (!fs.existsSync(HAPROXY)) {
    console.error(`${HAPROXY} is missing: apt-get install -y haproxy (or set HAPROXY)`);
    process.exit(2);
  }
  const pgBase = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!process.env.TEST_DATABASE_URL && !(await answers(new URL(pgBase)))) {
    console.log(`test:scale skipped: no PostgreSQL answers at ${pgBase} (many instances need PostgreSQL; set TEST_DATABASE_URL)`);
    return;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-scale-'));
  const started = performance.now();
  const instances = [];
  let haproxy;
  let s3rver;
  const rows = [];
  let ok = true;
  // Everything this run started, ended before its database is dropped (and again, harmlessly, on the way out).
  const stopAll = async () => {
    await Promise.all(
      instances.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = once(child, 'exit');
        child.kill('SIGKILL');
        await exited;
      }),
    );
    await haproxy?.stop();
    await s3rver?.stop();
  };
  // Stopped from outside (Ctrl-C, or npm test's own stop): nothing this run started is left running.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      for (const { child } of instances) child.kill('SIGKILL');
      haproxy?.child.kill('SIGKILL');
      process.exit(130);
    });
  }
  try {
    await withBenchDatabase(pgBase, 'scale', async ({ url: databaseUrl }) => {
      try {
        fs.mkdirSync(path.join(tmp, 's3'));
        s3rver = await startS3rverProcess({ directory: path.join(tmp, 's3'), buckets: ['pes-scale'] });
        const lbPort = await freePort();
        const lb = `http://127.0.0.1:${lbPort}`;
        const env = {
          FILE_STORAGE: 's3',
          S3_BUCKET: 'pes-scale',
          S3_FORCE_PATH_STYLE: 'true',
          AWS_ENDPOINT_URL_S3: s3rver.endpoint,
          AWS_REGION: 'us-east-1',
          AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
          AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
          TRUST_PROXY_HOPS: '1',
          SHUTDOWN_GRACE_SECONDS: '2',
          PUBLIC_URL: lb,
          RATE_LIMIT_VERIFY: String(VERIFY_LIMIT),
        };
        // All three at once, as a deployment starts them: the migrations and start-up data are taken in turn under a lock.
        const servers = await Promise.all(
          Array.from({ length: INSTANCES }, (_, k) => {
            const dataDir = path.join(tmp, `app${k + 1}`);
            fs.mkdirSync(dataDir);
            return startServer({ dataDir, databaseUrl, env });
          }),
        );
        servers.forEach((server, k) => instances.push({ ...server, name: `app${k + 1}`, address: new URL(server.base).host }));
        console.log(`${INSTANCES} instances up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

        const configFile = path.join(tmp, 'haproxy.cfg');
        fs.writeFileSync(configFile, renderHaproxyConfig(fs.readFileSync(SHIPPED_CONFIG, 'utf8'), { port: lbPort, servers: instances }));
        haproxy = await startHaproxy(configFile, path.join(tmp, 'haproxy.log'));
        for (let tries = 0; ; tries++) {
          const ready = await fetch(`${lb}/api/health/ready`).then(
            (r) => r.status === 200,
            () => false,
          );
          if (ready) break;
          if (tries > 50 || haproxy.child.exitCode !== null) throw new Error(`HAProxy did not start: ${haproxy.stderr()}`);
          await sleep(100);
        }

        const { propagationMs, citizen } = await acceptance(lb, instances);
        rows.push({ measure: 'acceptance through the balancer (signup, complaint, officer, photo, sign-out)', value: 'passed', ok: true });
        rows.push({
          measure: 'sign-out refused by every instance after',
          value: `${propagationMs.toFixed(0)} ms`,
          target: `< ${SIGN_OUT_LIMIT_MS} ms`,
          ok: true,
        });

        const token = await signIn(lb, citizen);
        const search = `/api/fines/search?${new URLSearchParams({ identity_type: 'NIC', identity_number: '199001012345', vehicle_number: 'WP-CAB-1234' })}`;
        const throughputs = [];
        const measureThroughput = async (count, warmUpSeconds) => {
          const currentUser = await throughput(lb, '/api/auth/getCurrentUserInfo', token, warmUpSeconds);
          const fineSearch = await throughput(lb, search, token, warmUpSeconds);
          throughputs.push({ count, currentUser, fineSearch });
        };
        // The first run warms every instance up; the later ones only their connections.
        await measureThroughput(3, 4);

        // SIGTERM: the instance turns unready, HAProxy takes it out of rotation, the grace ends and it exits 0.
        const [drained, killed] = [instances[0], instances[1]];
        const drain = await steadyLoadWhile(lb, token, async () => {
          const at = performance.now();
          const exited = once(drained.child, 'exit');
          drained.child.kill('SIGTERM');
          const down = await haproxy.waitFor(drained.name, 'DOWN', at);
          const [code] = await exited;
          return { outOfRotationMs: down.at - at, exitMs: performance.now() - at, code };
        });
        console.log(
          `drain: ${drained.name} out of rotation after ${drain.acted.outOfRotationMs.toFixed(0)} ms, exited ${drain.acted.code} after ${drain.acted.exitMs.toFixed(0)} ms; failed: ${drain.summary}`,
        );
        rows.push({
          measure: `requests failed while ${drained.name} drained (SIGTERM)`,
          value: drain.summary,
          target: '0',
          ok: drain.failed === 0,
        });
        rows.push({
          measure: 'drained instance out of rotation after',
          value: `${drain.acted.outOfRotationMs.toFixed(0)} ms`,
          target: '< 2000 ms (the grace)',
          ok: drain.acted.outOfRotationMs < 2000,
        });
        rows.push({ measure: 'drained instance exit code', value: String(drain.acted.code), target: '0', ok: drain.acted.code === 0 });

        await measureThroughput(2, 1);

        // SIGKILL: connections refused until HAProxy's checks notice; retries send those requests elsewhere.
        const kill = await steadyLoadWhile(lb, token, async () => {
          const at = performance.now();
          killed.child.kill('SIGKILL');
          const down = await haproxy.waitFor(killed.name, 'DOWN', at);
          return { outOfRotationMs: down.at - at };
        });
        console.log(`kill -9: ${killed.name} out of rotation after ${kill.acted.outOfRotationMs.toFixed(0)} ms; failed: ${kill.summary}`);
        rows.push({ measure: `requests failed when ${killed.name} was killed (SIGKILL)`, value: kill.summary });
        rows.push({ measure: 'killed instance out of rotation after', value: `${kill.acted.outOfRotationMs.toFixed(0)} ms` });

        await measureThroughput(1, 1);
        for (const t of throughputs.sort((a, b) => a.count - b.count)) {
          rows.push({
            measure: `through the balancer, ${t.count} instance${t.count > 1 ? 's' : ''}: current user / fine search`,
            value: `${t.currentUser.toFixed(0)} / ${t.fineSearch.toFixed(0)} req/s`,
          });
        }
      } finally {
        await stopAll();
      }
    });
  } catch (err) {
    ok = false;
    console.error(`\ntest:scale failed${err.step ? ` at "${err.step}"` : ''}: ${err.stack ?? err}`);
    if (haproxy) console.error(`HAProxy said:\n${haproxy.stderr().split('\n').slice(-20).join('\n')}`);
    for (const instance of instances) if (instance.child.exitCode !== null) console.error(`${instance.name} exited ${instance.child.exitCode}`);
  } finally {
    await stopAll();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  if (rows.length > 0)
    ok =
      printTable(
        `test:scale: ${INSTANCES} instances behind HAProxy (${((performance.now() - started) / 1000).toFixed(0)} s; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`,
        rows,
      ) && ok;
  if (!ok) process.exitCode = 1;
}

await main();
