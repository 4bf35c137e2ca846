// Complaints and slots benchmark on PostgreSQL: public slot lookup, officers' by-date list, booking.
// Needs the built server (`npm run build` at the repo root) and PostgreSQL on 127.0.0.1:5432.
// Creates and drops its own database. Exits non-zero when a target is missed.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { fillDatabase, STATIONS } from './complaints-data.mjs';
import { pacedLoad } from './paced-load.mjs';
import { waitForQuiet } from './settle.mjs';
import { startPostgres } from './postgres-server.mjs';
import { createOfficer, PNG, signIn, signInAdmin, signUpCitizen } from './accounts.mjs';
import { colomboDay, trafficComplaintFields } from './citizen-input.mjs';
import { call, DEMO_PASSWORDS, mintToken, multipartBody, requireBuild, runAutocannon, startServer, stopServer } from './server-process.mjs';

const MEASURE_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARM_UP_SECONDS = 5;
const HOME_STATION = 'Kollupitiya Police Station';

// Latency targets are measured at an even pace (paced-load.mjs); booking throughput with autocannon.
const TARGETS = {
  publicSlots: { rate: 500, p99Ms: 15, connections: 16 },
  byDate: { rate: 200, p99Ms: 25, connections: 8 },
  booking: { perSecond: 500, connections: 16 },
};

// A minimal PDF (and accounts.mjs's 1×1 PNG): the small attachments of the booking run.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** The year of days the generated slots cover, from today. */
const YEAR_OF_DAYS = Array.from({ length: 365 }, (_, d) => colomboDay(d));

export async function prepareAccounts(base) {
  const admin = await signInAdmin(base);
  const officer = { username: 'bench.traffic', password: DEMO_PASSWORDS.officer };
  await createOfficer(base, admin, {
    ...officer,
    full_name: 'Bench Traffic Officer',
    officer_id: 'BENCH-TR-1',
    branch: 'Traffic Branch',
    station: HOME_STATION,
  });
  const citizen = { username: 'bench.citizen', password: DEMO_PASSWORDS.citizen };
  const signup = await signUpCitizen(base, { ...citizen, email: 'bench@example.lk', identity_number: '199001012345' });
  return { admin, officer: await signIn(base, officer, 'police'), citizenUserId: signup.user.id };
}

/** Upcoming appointments a citizen may hold (contracts MAX_UPCOMING_BOOKINGS): each bench citizen books at most this many. */
const BOOKINGS_PER_CITIZEN = 3;

/**
 * `count` citizens written straight into the database (copies of the signed-up bench citizen, password
 * included), each with a session and its token; each session is then used once, so that the server has
 * its principal in memory as after a sign-in and the booking runs measure booking. A citizen may hold only
 * BOOKINGS_PER_CITIZEN upcoming appointments, so thousands of bookings need thousands of citizens.
 */
async function benchCitizens(client, base, template, count, tag) {
  const { rows } = await client.query(
    `with made as (
       insert into users (username, password_hash, role)
       select 'bench.' || $3 || '.' || g, u.password_hash, 'citizen' from users u, generate_series(1, $2) g where u.id = $1
       returning id, username
     ), profiles as (
       insert into citizen_profiles (user_id, first_name, second_name, date_of_birth, email, mobile_number, identity_type,
         identity_number, address, marital_status)
       select m.id, p.first_name, p.second_name, p.date_of_birth, p.email, p.mobile_number, p.identity_type,
         '9' || lpad(m.id::text, 11, '0'), p.address, p.marital_status
       from made m, citizen_profiles p where p.user_id = $1
     )
     insert into sessions (jti, user_id, expires_at)
     select gen_random_uuid()::text, m.id, now() + interval '1 day' from made m
     returning jti, user_id, extract(epoch from expires_at)::int as exp`,
    [template, count, tag],
  );
  const tokens = rows.map((r) => mintToken({ userId: r.user_id, role: 'citizen', jti: r.jti, exp: r.exp }));
  for (let k = 0; k < tokens.length; k += 16)
    await Promise.all(tokens.slice(k, k + 16).map((token) => call(base, 'GET', '/api/auth/getCurrentUserInfo', { token })));
  return tokens;
}

const statusCount = (result, code) => result.statusCodeStats?.[code]?.count ?? 0;

/** A paced run after a warm-up at the same pace. */
async function pacedRun(opts) {
  await pacedLoad({ ...opts, seconds: WARM_UP_SECONDS });
  return pacedLoad({ ...opts, seconds: MEASURE_SECONDS });
}

function benchPublicSlots(base) {
  const stations = [HOME_STATION, 'Slave Island Police', ...Array.from({ length: STATIONS - 40 }, (_, k) => `Bench Station ${k + 1}`)];
  const branches = ['Traffic Branch', 'Crime Branch', 'Minor Offense Branch'];
  const nextPath = (k) =>
    `/api/slots/public?${new URLSearchParams({ date: YEAR_OF_DAYS[k % 365], branch: branches[k % 3], station: stations[(k * 7) % stations.length] })}`;
  return pacedRun({ url: base, connections: TARGETS.publicSlots.connections, rate: TARGETS.publicSlots.rate, nextPath });
}

function benchByDate(base, officerToken) {
  return pacedRun({
    url: base,
    connections: TARGETS.byDate.connections,
    rate: TARGETS.byDate.rate,
    headers: { authorization: `Bearer ${officerToken}` },
    nextPath: (k) => `/api/police/complaints/by-date?date=${YEAR_OF_DAYS[k % 365]}`,
  });
}

/**
 * Booking bodies for these slots, alternating a PDF and a PNG attachment, from these citizens' sessions:
 * request n is citizen n mod C's booking number ⌊n / C⌋ (C citizens, at most BOOKINGS_PER_CITIZEN each),
 * in slot (citizen + booking number) mod S, so a citizen's bookings are in different slots and far apart in
 * the run. `clock.last` is when the latest booking was answered: autocannon ends an `amount` run only on its
 * next one-second tick, so timing the whole run would understate the rate by up to a second's worth.
 */
function bookingRequests(slotIds, tokens, clock = { last: 0 }) {
  let i = 0;
  const yesterday = colomboDay(-1);
  return [
    {
      method: 'POST',
      setupRequest: (req) => {
        const n = i++;
        const citizen = n % tokens.length;
        const slot = (citizen + Math.floor(n / tokens.length)) % slotIds.length;
        const file = n % 2 ? { name: 'photo.png', type: 'image/png', buffer: PNG } : { name: 'statement.pdf', type: 'application/pdf', buffer: PDF };
        const { body, contentType } = multipartBody(
          trafficComplaintFields({ full_name: `Bench Caller ${n}`, station: HOME_STATION, slotId: slotIds[slot], day: yesterday }),
          { attachment_file: file },
        );
        const headers = { ...req.headers, 'content-type': contentType, authorization: `Bearer ${tokens[citizen]}` };
        return { ...req, path: '/api/complaints/traffic', body, headers };
      },
      onResponse: () => {
        clock.last = performance.now();
      },
    },
  ];
}

async function createSlots(base, adminToken, count, capacity, date) {
  const ids = [];
  for (let k = 0; k < count; k++) {
    const from = `${String(6 + Math.floor(k / 4)).padStart(2, '0')}:${String((k % 4) * 15).padStart(2, '0')}`;
    const to = `${String(6 + Math.floor(k / 4)).padStart(2, '0')}:${String((k % 4) * 15 + 14).padStart(2, '0')}`;
    const slot = await call(base, 'POST', '/api/admin/slots', {
      token: adminToken,
      json: { date, time_from: from, time_to: to, available_slots: capacity, branch: 'Traffic Branch', station: HOME_STATION },
    });
    ids.push(slot.id);
  }
  return ids;
}

async function slotBookings(client, slotIds) {
  const { rows } = await client.query(
    `select coalesce(sum(s.capacity - s.available_slots), 0)::int as taken,
            coalesce(sum(s.capacity), 0)::int as capacity,
            (select count(*) from complaints c where c.slot_id = any($1))::int as complaints,
            bool_and(s.available_slots >= 0) as never_negative
     from slots s where s.id = any($1)`,
    [slotIds],
  );
  return rows[0];
}

export async function benchBooking(base, tokens, client) {
  const amount = Number(process.env.BENCH_BOOKINGS ?? 8000);
  const perCitizen = (bookings) => Math.ceil(bookings / BOOKINGS_PER_CITIZEN);
  const made = performance.now();
  const citizens = {
    warm: await benchCitizens(client, base, tokens.citizenUserId, perCitizen(600), 'warm'),
    run: await benchCitizens(client, base, tokens.citizenUserId, perCitizen(amount), 'run'),
    // One submission each on the small slot: only its capacity refuses.
    over: await benchCitizens(client, base, tokens.citizenUserId, 400, 'over'),
  };
  const citizenCount = citizens.warm.length + citizens.run.length + citizens.over.length;
  console.log(`bench citizens: ${citizenCount} with a session each (${((performance.now() - made) / 1000).toFixed(1)} s)`);

  // Warm-up on its own slots, then the measured run: capacity exceeds the requests, so every one should be booked.
  const warmSlots = await createSlots(base, tokens.admin, BOOKINGS_PER_CITIZEN, 500, colomboDay(2));
  await runAutocannon({ url: base, connections: TARGETS.booking.connections, amount: 600, requests: bookingRequests(warmSlots, citizens.warm) });

  const slotIds = await createSlots(base, tokens.admin, 24, 500, colomboDay(1));
  const clock = { last: 0 };
  const started = performance.now();
  const result = await runAutocannon({ url: base, connections: TARGETS.booking.connections, amount, requests: bookingRequests(slotIds, citizens.run, clock) });
  const seconds = (clock.last - started) / 1000;
  const booked = statusCount(result, '201');
  const state = await slotBookings(client, slotIds);

  // Overbooking check over HTTP: 400 concurrent submissions by 400 citizens on a slot of capacity 100.
  const [small] = await createSlots(base, tokens.admin, 1, 100, colomboDay(3));
  const over = await runAutocannon({ url: base, connections: 100, amount: 400, requests: bookingRequests([small], citizens.over) });
  const overState = await slotBookings(client, [small]);

  return {
    perSecond: booked / seconds,
    p99: result.latency.p99,
    booked,
    others: result.non2xx + result.errors,
    capacityHeld:
      booked === amount &&
      state.taken === booked &&
      state.complaints === booked &&
      state.never_negative &&
      statusCount(over, '201') === 100 &&
      statusCount(over, '409') === 300 &&
      overState.complaints === 100 &&
      overState.taken === 100,
    detail: { state, over201: statusCount(over, '201'), over409: statusCount(over, '409'), overState },
  };
}

async function main() {
  requireBuild();
  const postgres = await startPostgres();
  console.log(`PostgreSQL: ${postgres.description}`);
  try {
    await measure(postgres.url);
  } finally {
    await postgres.stop();
  }
}

async function measure(pgBase) {
  const dbName = `pes_bench_cmp_${randomBytes(4).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: pgBase });
  await adminClient.connect();
  await adminClient.query(`create database ${dbName}`);
  const dbUrl = new URL(pgBase);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-bench-cmp-'));
  let server;
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  try {
    server = await startServer({ databaseUrl: dbUrl.toString(), dataDir, logLevel: 'warn' });
    await client.connect();
    const tokens = await prepareAccounts(server.base);
    const fillStarted = performance.now();
    const counts = await fillDatabase(client, { citizenUserId: tokens.citizenUserId, firstDay: colomboDay(0) });
    await waitForQuiet();
    console.log(
      `data: ${counts.stations} stations, ${counts.slots} slots, ${counts.complaints} complaints (${((performance.now() - fillStarted) / 1000).toFixed(1)} s)`,
    );

    // Figures on a shared 2-core machine move with whatever else runs: show it.
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
    console.log(`load average before the runs: ${load()} (${os.cpus().length} CPUs)`);
    const pub = await benchPublicSlots(server.base);
    const byDate = await benchByDate(server.base, tokens.officer);
    const booking = await benchBooking(server.base, tokens, client);

    const rows = [
      [
        `GET /api/slots/public p99 @500 req/s, paced (${TARGETS.publicSlots.connections} conn.)`,
        `${pub.p99} ms (p50 ${pub.p50}, max ${pub.max})`,
        `< ${TARGETS.publicSlots.p99Ms} ms`,
        pub.p99 < TARGETS.publicSlots.p99Ms && pub.failed === 0,
      ],
      ['  achieved rate, non-2xx', `${pub.rate.toFixed(1)} req/s, ${pub.failed}`, '~500, 0', pub.rate >= TARGETS.publicSlots.rate * 0.95],
      [
        `GET /api/police/complaints/by-date p99 @200 req/s, paced (${TARGETS.byDate.connections} conn.)`,
        `${byDate.p99} ms (p50 ${byDate.p50}, max ${byDate.max})`,
        `< ${TARGETS.byDate.p99Ms} ms`,
        byDate.p99 < TARGETS.byDate.p99Ms && byDate.failed === 0,
      ],
      ['  achieved rate, non-2xx', `${byDate.rate.toFixed(1)} req/s, ${byDate.failed}`, '~200, 0', byDate.rate >= TARGETS.byDate.rate * 0.95],
      [
        `POST /api/complaints/traffic + PDF/PNG, booked/s (${TARGETS.booking.connections} conn.)`,
        `${booking.perSecond.toFixed(0)} /s (p99 ${booking.p99} ms)`,
        `>= ${TARGETS.booking.perSecond} /s`,
        booking.perSecond >= TARGETS.booking.perSecond,
      ],
      ['  capacity held exactly', `${booking.booked} booked, ${booking.detail.over201}+${booking.detail.over409} on cap 100`, 'exact', booking.capacityHeld],
    ];
    const w = [62, 36, 14];
    console.log(`\n${'measure'.padEnd(w[0])}${'figure'.padEnd(w[1])}${'target'.padEnd(w[2])}result`);
    for (const [name, figure, target, ok] of rows)
      console.log(`${name.padEnd(w[0])}${String(figure).padEnd(w[1])}${target.padEnd(w[2])}${ok ? 'ok' : 'MISSED'}`);
    console.log(`load average after the runs: ${load()}`);
    if (!booking.capacityHeld) console.log('booking detail:', JSON.stringify(booking.detail));
    process.exitCode = rows.every((r) => r[3]) ? 0 : 1;
  } finally {
    await client.end().catch(() => {});
    await stopServer(server);
    // BENCH_KEEP_DB=1 keeps the filled database for EXPLAIN and the like.
    if (process.env.BENCH_KEEP_DB === '1') console.log(`kept database ${dbUrl}`);
    else await adminClient.query(`drop database if exists ${dbName} with (force)`);
    await adminClient.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run as a script; notifications.mjs imports the booking run.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
