// The administrator's area on PostgreSQL: the users table (first page and a username prefix search) with
// 1,000,000 citizens, the officer workload with 1,000,000 complaints and 2,000 officers, and what writing
// the audit entry adds to a write. Needs the built server (`npm run build` at the repo root) and PostgreSQL
// binaries (postgres-server.mjs). Creates and drops its own database. Exits non-zero when a target is missed.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pacedLoad } from './paced-load.mjs';
import { waitForQuiet } from './settle.mjs';
import { startPostgres } from './postgres-server.mjs';
import { signInAdmin } from './accounts.mjs';
import { median, printTable, requireBuild, startServer, stopServer } from './server-process.mjs';

const MEASURE_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CITIZENS = Number(process.env.BENCH_USERS ?? 1_000_000);
const COMPLAINTS = Number(process.env.BENCH_COMPLAINTS ?? 1_000_000);
const OFFICERS = 2_000;
const SLOTS = 100_000;
const AUDIT_SAMPLES = 2_000;

const TARGETS = {
  usersFirstPage: { rate: 200, p99Ms: 30 },
  usersSearch: { rate: 200, p99Ms: 30 },
  workload: { rate: 10, p99Ms: 150 },
  auditAddsMs: 1,
};

const load = () => `load ${os.loadavg()[0].toFixed(1)}/${os.cpus().length} cpus`;
const CHUNK = 100_000;

/** Citizens, officers, slots served by one officer each, and complaints spread over the slots, by SQL. */
async function fill(query) {
  for (let from = 1; from <= CITIZENS; from += CHUNK) {
    const to = Math.min(CITIZENS, from + CHUNK - 1);
    await query(
      `with u as (
         insert into users (username, password_hash, role)
         select 'citizen' || lpad(g::text, 7, '0'), 'x', 'citizen' from generate_series($1::int, $2::int) g
         returning id, username)
       insert into citizen_profiles (user_id, first_name, second_name, date_of_birth, email, mobile_number, identity_type,
         identity_number, address, marital_status)
       select id, (array['Nimal','Kamala','Sunil','Fathima','Ravi','Anoma','Mohamed','Priya'])[1 + id % 8],
         (array['Perera','Silva','Fernando','Jayasuriya','Rajapaksa','Bandara','Kumar','Hassan'])[1 + (id / 8) % 8],
         '1990-01-01', username || '@example.lk', '+94771234567', 'NIC', lpad(id::text, 12, '0'), '1 Galle Road', 'Single'
       from u`,
      [from, to],
    );
  }
  await query(
    `with st as (select array_agg(id order by id) as ids from stations),
     u as (
       insert into users (username, password_hash, role, station_id)
       select 'officer' || lpad(g::text, 4, '0'), 'x', 'police_officer', st.ids[1 + g % array_length(st.ids, 1)]
       from generate_series(1, $1::int) g, st
       returning id, username)
     insert into officers (user_id, full_name, officer_id, badge_number, branch)
     select id, 'Officer ' || username, 'BN-' || id, 'BN-' || id,
       (array['Traffic Branch','Crime Branch','Minor Offense Branch','Traffic Fine Branch','Admin Branch'])[1 + id % 5]::branch
     from u`,
    [OFFICERS],
  );
  await query(
    `insert into slots (station_id, branch, date, time_from, time_to, capacity, available_slots)
     -- Identical slots are refused (a unique index): each slot gets its own minute (1439 is prime to 365).
     select u.station_id, o.branch, current_date + (g % 365), time '00:00' + (g % 1439) * interval '1 minute',
       time '00:01' + (g % 1439) * interval '1 minute', 20, 10
     from generate_series(1, $1::int) g
     join officers o on o.id = (select min(id) from officers) + g % $2
     join users u on u.id = o.user_id`,
    [SLOTS, OFFICERS],
  );
  await query(
    `insert into slot_officers (slot_id, officer_id) select s.id, o.id from slots s join officers o on o.branch = s.branch and o.id = (select min(id) from officers) + s.id % $1`,
    [OFFICERS],
  );
  // The workload trigger is off while the complaints are loaded, then the per-slot counts are built as the migration does.
  await query('alter table complaints disable trigger complaints_workload', []);
  const { rows } = await query('select min(id)::int as first, max(id)::int as last from slots', []);
  for (let from = 1; from <= COMPLAINTS; from += CHUNK) {
    const to = Math.min(COMPLAINTS, from + CHUNK - 1);
    await query(
      `insert into complaints (reference_number, complaint_type, citizen_user_id, station_id, branch, slot_id, status, full_name, age,
         gender, home_address, id_number, phone_number, what_happened, occurred_at, place)
       select 'CMP-B-' || g, 'crime', (select min(id) from users) + g % $3::int, s.station_id, s.branch, s.id,
         (array['Pending','In Progress','Completed','Resolved','Officer assigned','Rejected'])[1 + g % 6],
         'Bench Caller', 30, 'male', '1 Road', '199012345678', '0771234567', 'Something happened', now(), 'Colombo'
       from generate_series($1::int, $2::int) g join slots s on s.id = $4::int + g % ($5::int - $4::int + 1)`,
      [from, to, CITIZENS, rows[0].first, rows[0].last],
    );
  }
  await query('alter table complaints enable trigger complaints_workload', []);
  await query('delete from complaint_slot_workload', []);
  await query(
    `insert into complaint_slot_workload (slot_id, pending, in_progress, completed, other)
     select slot_id, count(*) filter (where workload_class(status) = 'pending'), count(*) filter (where workload_class(status) = 'in_progress'),
       count(*) filter (where workload_class(status) = 'completed'), count(*) filter (where workload_class(status) = 'other')
     from complaints where slot_id is not null group by slot_id`,
    [],
  );
  await query('analyze', []);
}

async function pacedRun(opts) {
  await pacedLoad({ ...opts, seconds: 3 });
  return pacedLoad({ ...opts, seconds: MEASURE_SECONDS });
}

/** Median time of a status change's transaction, without and with its audit entry (direct SQL, as the service sends it). */
async function auditCost(client) {
  const time = async (withAudit) => {
    const samples = [];
    for (let k = 0; k < AUDIT_SAMPLES; k++) {
      const id = 1 + ((k * 7919) % COMPLAINTS);
      const started = performance.now();
      await client.query('begin');
      await client.query(`update complaints set status = $2, updated_at = now() where id = (select min(id) from complaints) + $1`, [
        id,
        k % 2 ? 'In Progress' : 'Pending',
      ]);
      if (withAudit) {
        await client.query(
          `insert into audit_log (actor_user_id, actor_username, actor_role, actor_branch, action, subject_type, subject_id, summary)
           values (null, 'bench.officer', 'police_officer', 'Crime Branch', 'complaint.status', 'complaint', $1, $2)`,
          [String(id), JSON.stringify({ before: { status: 'Pending' }, after: { status: 'In Progress' } })],
        );
      }
      await client.query('commit');
      samples.push(performance.now() - started);
    }
    return median(samples);
  };
  await time(false);
  const without = await time(false);
  const withAudit = await time(true);
  return { without, withAudit, added: withAudit - without };
}

const ok = (r, target) => r.p99 <= target.p99Ms && r.failed === 0 && r.rate >= target.rate * 0.95;
const figure = (r) => `${r.p99} ms (p50 ${r.p50}, max ${r.max}; ${r.rate.toFixed(0)} req/s, ${r.failed} failed, ${load()})`;

async function main() {
  requireBuild();
  const rows = [];
  const postgres = await startPostgres();
  console.log(`PostgreSQL: ${postgres.description}`);
  const dbName = `pes_bench_admin_${randomBytes(4).toString('hex')}`;
  const root = new pg.Client({ connectionString: postgres.url });
  await root.connect();
  await root.query(`create database ${dbName}`);
  const dbUrl = new URL(postgres.url);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-bench-admin-'));
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  let server;
  try {
    server = await startServer({ databaseUrl: dbUrl.toString(), dataDir, logLevel: 'warn' });
    await client.connect();
    const started = performance.now();
    await fill((sql, params) => client.query(sql, params));
    console.log(
      `filled: ${CITIZENS} citizens, ${OFFICERS} officers, ${SLOTS} slots, ${COMPLAINTS} complaints (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    if (process.env.BENCH_FILL_ONLY === '1') return;
    await waitForQuiet();
    const admin = await signInAdmin(server.base);
    const headers = { authorization: `Bearer ${admin}` };

    const firstPage = await pacedRun({ url: server.base, rate: TARGETS.usersFirstPage.rate, connections: 8, headers, nextPath: () => '/api/admin/users' });
    rows.push([
      `GET /api/admin/users (first page) p99 @${TARGETS.usersFirstPage.rate}/s`,
      figure(firstPage),
      `<= ${TARGETS.usersFirstPage.p99Ms} ms`,
      ok(firstPage, TARGETS.usersFirstPage),
    ]);
    // Prefixes of existing usernames: 'citizen0123' matches ten users, and the name search runs beside it.
    const search = await pacedRun({
      url: server.base,
      rate: TARGETS.usersSearch.rate,
      connections: 8,
      headers,
      nextPath: (k) => `/api/admin/users?search=citizen${String((k * 7919) % Math.floor(CITIZENS / 10)).padStart(6, '0')}`,
    });
    rows.push([
      `GET /api/admin/users?search=<username prefix> p99 @${TARGETS.usersSearch.rate}/s`,
      figure(search),
      `<= ${TARGETS.usersSearch.p99Ms} ms`,
      ok(search, TARGETS.usersSearch),
    ]);

    const branches = ['', 'Crime Branch', 'Traffic Branch'];
    const workload = await pacedRun({
      url: server.base,
      rate: TARGETS.workload.rate,
      connections: 4,
      headers,
      nextPath: (k) => `/api/admin/officer-workload${branches[k % 3] ? `?branch=${encodeURIComponent(branches[k % 3])}` : ''}`,
    });
    rows.push([
      `GET /api/admin/officer-workload p99 @${TARGETS.workload.rate}/s`,
      figure(workload),
      `<= ${TARGETS.workload.p99Ms} ms`,
      ok(workload, TARGETS.workload),
    ]);

    const audit = await auditCost(client);
    rows.push([
      'audit entry added to a status change (median)',
      `${audit.added.toFixed(3)} ms (without ${audit.without.toFixed(3)} ms, with ${audit.withAudit.toFixed(3)} ms)`,
      `<= ${TARGETS.auditAddsMs} ms`,
      audit.added <= TARGETS.auditAddsMs,
    ]);
  } finally {
    if (server) await stopServer(server);
    await client.end().catch(() => {});
    // BENCH_KEEP_DB=1 keeps the filled database, for EXPLAIN and the like.
    if (process.env.BENCH_KEEP_DB === '1') console.log(`kept the database: ${dbUrl}`);
    else await root.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await root.end();
    await postgres.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const met = printTable(
    'Administrator area on PostgreSQL',
    rows.map(([measure, value, target, ok]) => ({ measure, value, target, ok })),
  );
  if (!met) process.exitCode = 1;
}

await main();
