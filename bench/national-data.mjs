// The national data set (issue 43) at a scale: what the portal would hold after five years of national service, built
// by SQL (generate_series) with the triggers off, then its indexes and summaries rebuilt and the planner's statistics
// taken. Scale 1: 2 M citizens, 10 M fines, 3 M complaints, 500 k clearance applications, 300 k anonymous reports,
// 5 M audit entries (a valid hash chain), 2 M messages, 5,000 officers. The default 0.1 is a tenth of each.
//
// Rows name each other by explicit ids (citizen c is user CITIZEN_BASE + c), so every step is one INSERT … SELECT
// over generate_series, with no join back. Everyone shares one password (the administrator's hash, copied).
import { createHash } from 'node:crypto';
import pg from 'pg';

/** Sizes at scale 1 (issue 43). */
const FULL = {
  citizens: 2_000_000,
  fines: 10_000_000,
  complaints: 3_000_000,
  clearance: 500_000,
  anonymous: 300_000,
  audit: 5_000_000,
  messages: 2_000_000,
  officers: 5_000,
};

export function sizesAt(scale) {
  return Object.fromEntries(Object.entries(FULL).map(([k, n]) => [k, Math.max(k === 'officers' ? 60 : 1_000, Math.round(n * scale))]));
}

/** Officers' ids start here, citizens' after the officers (both above the seeded administrator's). */
export const OFFICER_BASE = 1_000;
export const citizenBase = (sizes) => OFFICER_BASE + sizes.officers + 1_000;
/** The branches officers belong to, in the proportions of a police force: index = officer number % 20. */
const BRANCH_OF_OFFICER = `(array['Traffic Branch','Traffic Branch','Traffic Branch','Crime Branch','Crime Branch','Crime Branch','Crime Branch',
  'Minor Offense Branch','Minor Offense Branch','Minor Offense Branch','Traffic Fine Branch','Traffic Fine Branch','Traffic Fine Branch',
  'Traffic Fine Branch','Traffic Fine Branch','Admin Branch','Admin Branch','Crime Branch','Traffic Branch','Minor Offense Branch'])[1 + $o % 20]`;
export const branchOfOfficer = (o) =>
  [
    'Traffic Branch',
    'Traffic Branch',
    'Traffic Branch',
    'Crime Branch',
    'Crime Branch',
    'Crime Branch',
    'Crime Branch',
    'Minor Offense Branch',
    'Minor Offense Branch',
    'Minor Offense Branch',
    'Traffic Fine Branch',
    'Traffic Fine Branch',
    'Traffic Fine Branch',
    'Traffic Fine Branch',
    'Traffic Fine Branch',
    'Admin Branch',
    'Admin Branch',
    'Crime Branch',
    'Traffic Branch',
    'Minor Offense Branch',
  ][o % 20];

/** Sri Lankan given names and surnames (Sinhala, Tamil and Muslim), the common ones first: a skewed pick favours them. */
const GIVEN = [
  'Nimal',
  'Kamal',
  'Sunil',
  'Saman',
  'Ruwan',
  'Chaminda',
  'Kasun',
  'Tharindu',
  'Dinesh',
  'Pradeep',
  'Anura',
  'Mahesh',
  'Kumari',
  'Nadeeka',
  'Dilani',
  'Sanduni',
  'Ishara',
  'Chathurika',
  'Nirmala',
  'Malini',
  'Fathima',
  'Mohamed',
  'Rizwan',
  'Ayesha',
  'Arun',
  'Priya',
  'Lakshmi',
  'Suresh',
  'Murugan',
  'Kavitha',
  'Selvi',
  'Thilini',
  'Harsha',
  'Upul',
  'Gayan',
  'Lahiru',
  'Nuwan',
  'Sachini',
];
const SURNAMES = [
  'Perera',
  'Fernando',
  'Silva',
  'de Silva',
  'Bandara',
  'Jayasinghe',
  'Dissanayake',
  'Rathnayake',
  'Herath',
  'Wickramasinghe',
  'Gunawardena',
  'Kumara',
  'Jayawardena',
  'Ranasinghe',
  'Rajapaksa',
  'Wijesinghe',
  'Peiris',
  'Mendis',
  'Gamage',
  'Liyanage',
  'Karunaratne',
  'Samarasinghe',
  'Weerasinghe',
  'Ekanayake',
  'Senanayake',
  'Amarasinghe',
  'Navaratnam',
  'Sivakumar',
  'Rajendran',
  'Thevarajah',
  'Ponnambalam',
  'Selvarajah',
  'Marikar',
  'Hassan',
  'Cassim',
  'Ismail',
  'Balasuriya',
  'Abeysekera',
  'Kodikara',
];
const TOWNS = [
  'Colombo 03',
  'Colombo 07',
  'Dehiwala',
  'Maharagama',
  'Nugegoda',
  'Kadawatha',
  'Gampaha',
  'Negombo',
  'Kandy',
  'Kurunegala',
  'Galle',
  'Matara',
  'Panadura',
  'Kalutara',
  'Ratnapura',
  'Anuradhapura',
  'Jaffna',
  'Batticaloa',
  'Trincomalee',
  'Badulla',
];
const ROADS = ['Galle Road', 'Kandy Road', 'High Level Road', 'Baseline Road', 'Negombo Road', 'Station Road', 'Temple Road', 'Main Street'];
const sqlArray = (values) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
/** A skewed pick from `array` for row number `$g`: index ⌊n·u^1.5⌋ with u a hash of the row in [0, 1), so the first few dominate. */
const skewed = (values, seed) => `(${sqlArray(values)})[1 + floor(${values.length} * power(((${seed})::bigint * 7919 % 10007) / 10007.0, 1.5))::int]`;

/**
 * A citizen's NIC, new format (12 digits): birth year, day of the year (+500 for women), a serial and a check digit;
 * a bijection of c, so every citizen has their own. The SQL (bench.nic) and this agree.
 */
export function nicOf(c) {
  const year = 1950 + (c % 55);
  const q = Math.floor(c / 55);
  const day = 1 + (q % 365);
  const q2 = Math.floor(q / 365);
  return `${year}${String(day + 500 * (q2 % 2)).padStart(3, '0')}${String(Math.floor(q2 / 2)).padStart(4, '0')}${c % 10}`;
}
const PROVINCES = ['WP', 'CP', 'SP', 'NW', 'NC', 'UP', 'SG', 'NP', 'EP'];
/** A citizen's vehicle: province, three letters, four digits ("WP CAB-1234"); distinct per citizen. */
export function plateOf(c) {
  const letter = (n) => String.fromCharCode(65 + (n % 26));
  return `${PROVINCES[c % 9]} ${letter(2 + Math.floor(c / 90_000))}${letter(Math.floor(c / 9))}${letter(Math.floor(c / 234))}-${String(Math.floor(c / 9) % 10_000).padStart(4, '0')}`;
}
/** Anonymous report g's tracking code (32 letters), as floor.mjs spells its own. */
export const trackingCodeOf = (g) =>
  `NATL${'A'.repeat(20)}${String(g)
    .padStart(8, '0')
    .replace(/\d/g, (d) => 'ABCDEFGHIJ'[d])}`;
/** Certificate g's verification code (32 hexadecimal digits). */
export const certificateCodeOf = (g) => createHash('md5').update(`natl${g}`).digest('hex').toUpperCase();

const FUNCTIONS = `
create schema if not exists bench;
create or replace function bench.nic(c bigint) returns text language sql immutable as $$
  select (1950 + c % 55)::text || lpad((1 + (c / 55) % 365 + 500 * ((c / 55 / 365) % 2))::text, 3, '0')
    || lpad((c / 55 / 365 / 2)::text, 4, '0') || (c % 10)::text $$;
create or replace function bench.plate(c bigint) returns text language sql immutable as $$
  select (array['WP','CP','SP','NW','NC','UP','SG','NP','EP'])[1 + c % 9] || ' ' || chr(65 + ((2 + c / 90000) % 26)::int)
    || chr(65 + ((c / 9) % 26)::int) || chr(65 + ((c / 234) % 26)::int) || '-' || lpad(((c / 9) % 10000)::text, 4, '0') $$;
-- A hash of a row number in [0, 1): the generator's dice, reproducible.
create or replace function bench.u(g bigint, salt int) returns float8 language sql immutable as $$
  select ((hashint8(g * 31 + salt)::bigint + 2147483648) % 1000003) / 1000003.0 $$;`;

/** Tables bulk-loaded here: their secondary indexes are dropped before the load and built again after it. */
const LOADED_TABLES = [
  'users',
  'citizen_profiles',
  'officers',
  'fines',
  'slots',
  'slot_officers',
  'complaints',
  'complaint_status_history',
  'clearance_applications',
  'clearance_status_history',
  'clearance_certificates',
  'anonymous_complaints',
  'anonymous_status_history',
  'audit_log',
  'notification_messages',
];

/**
 * The summaries kept by triggers (off during the load), each rebuilt from its base tables by one statement, as its
 * migration's backfill does. A summary added later is one more line here.
 */
export const SUMMARY_REBUILDS = [
  [
    'fine_officer_counts',
    'delete from fine_officer_counts; insert into fine_officer_counts (issued_by_user_id, count) select issued_by_user_id, count(*)::int from fines group by 1',
  ],
  // The analytics summaries per station scope, offence, hour and place (migration fine_summaries_by_station).
  ['fine_summaries', 'select rebuild_fine_summaries()'],
  [
    'complaint_slot_workload',
    `delete from complaint_slot_workload; insert into complaint_slot_workload (slot_id, pending, in_progress, completed, other)
     select slot_id, count(*) filter (where workload_class(status) = 'pending'), count(*) filter (where workload_class(status) = 'in_progress'),
       count(*) filter (where workload_class(status) = 'completed'), count(*) filter (where workload_class(status) = 'other')
     from complaints where slot_id is not null group by slot_id`,
  ],
  [
    'anonymous_officer_load',
    `delete from anonymous_officer_load; insert into anonymous_officer_load (officer_id, last_assigned_at)
     select o.id, (select max(assigned_at) from anonymous_complaints a where a.assigned_officer_id = o.id) from officers o where o.branch = 'Crime Branch'`,
  ],
  // The officers' workload summary, from the base tables it counts (migration officer_workload).
  ['officer_workload', 'select officer_workload_rebuild()'],
  [
    'slots.available_slots',
    `update slots s set available_slots = greatest(0, s.capacity - b.n) from (select slot_id, count(*)::int n from complaints where slot_id is not null group by 1) b where b.slot_id = s.id`,
  ],
];

/** The parallel lane a table's indexes and vacuum go to: the fines alone, the complaints and audit log together, the rest. */
const laneOf = (table) => (table === 'fines' ? 0 : ['complaints', 'audit_log', 'notification_messages'].includes(table) ? 1 : 2);

const CHUNK = 500_000;
/** Runs `sqlFor(from, to)` over 1..count in chunks (one statement each, so memory stays small at scale 1). */
async function chunked(query, count, sql, extra = []) {
  for (let from = 1; from <= count; from += CHUNK) await query(sql, [from, Math.min(count, from + CHUNK - 1), ...extra]);
}

/**
 * Fills the database at `databaseUrl` the server has migrated and seeded (stations, administrator), on connections
 * of its own. `sizes` overrides the scale's count of a kind (the plan
 * test's smaller set). Logs each step's time; answers the counts.
 */
export async function fillNational(databaseUrl, { scale, sizes: overrides = {}, log = console.log }) {
  const sizes = { ...sizesAt(scale), ...overrides };
  const started = performance.now();
  const step = async (name, fn) => {
    const t = performance.now();
    await fn();
    log(`  ${name}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  // Three connections load in parallel (the audit chain is hashed here meanwhile); triggers (the summaries', the
  // principal notices', foreign keys) are off for their writes.
  const lanes = [];
  for (let i = 0; i < 3; i++) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`set session_replication_role = replica; set maintenance_work_mem = '256MB'; set synchronous_commit = off`);
    lanes.push(client);
  }
  const laneQuery = (i) => (sql, params) => lanes[i].query(sql, params);
  const query = laneQuery(0);
  try {
    await query(FUNCTIONS);
    const { rows: admins } = await query(`select id, password_hash from users where role = 'admin' order by id limit 1`);
    const passwordHash = admins[0].password_hash;
    if (admins[0].id >= OFFICER_BASE) throw new Error('the seeded accounts reach the ids the generator uses');
    const { rows: indexes } = await query(
      `select i.tablename, i.indexname, i.indexdef from pg_indexes i where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [LOADED_TABLES],
    );
    await step(`dropped ${indexes.length} secondary indexes`, () => query(indexes.map((i) => `drop index ${i.indexname};`).join('\n')));

    const cb = citizenBase(sizes);
    const stations = `(select array_agg(id order by id) as ids from stations)`;
    await step(`${sizes.officers} officers`, async () => {
      await query(
        `insert into users (id, username, password_hash, role, station_id, created_at)
       select ${OFFICER_BASE} + o, 'officer' || lpad(o::text, 5, '0'), $2, 'police_officer', st.ids[1 + o % array_length(st.ids, 1)],
         now() - make_interval(days => (o * 7) % 1825)
       from generate_series(1, $1::int) o, ${stations} st`,
        [sizes.officers, passwordHash],
      );
      await query(
        `insert into officers (id, user_id, full_name, officer_id, badge_number, rank, branch)
       select o, ${OFFICER_BASE} + o, ${skewed(GIVEN, 'o * 3')} || ' ' || ${skewed(SURNAMES, 'o * 5 + 1')}, 'SLP-' || lpad(o::text, 6, '0'),
         'B' || lpad(o::text, 6, '0'), (array['Constable','Sergeant','Sub-Inspector','Inspector'])[1 + o % 4], (${BRANCH_OF_OFFICER.replaceAll('$o', 'o')})::branch
       from generate_series(1, $1::int) o`,
        [sizes.officers],
      );
    });
    await Promise.all([
      (async (query) => {
        await step(`${sizes.citizens} citizens`, () =>
          chunked(
            query,
            sizes.citizens,
            `with u as (
         insert into users (id, username, password_hash, role, created_at)
         select ${cb} + c, lower(${skewed(GIVEN, 'c')}) || '.' || lower(replace(${skewed(SURNAMES, 'c * 3 + 7')}, ' ', '')) || c, $3, 'citizen',
           now() - make_interval(mins => (c::bigint * 2647 % 2628000)::int)
         from generate_series($1::int, $2::int) c returning id)
       insert into citizen_profiles (user_id, first_name, second_name, date_of_birth, email, mobile_number, identity_type, identity_number,
         address, marital_status)
       select id, ${skewed(GIVEN, '(id - ' + cb + ')')}, ${skewed(SURNAMES, '(id - ' + cb + ') * 3 + 7')}, make_date(1950 + (id - ${cb}) % 55, 1 + (id / 7) % 12, 1 + id % 28),
         'citizen' || (id - ${cb}) || '@example.lk', '+9477' || lpad(((id - ${cb}) % 10000000)::text, 7, '0'), 'NIC', bench.nic(id - ${cb}),
         (id % 200 + 1) || ' ' || (${sqlArray(ROADS)})[1 + id % ${ROADS.length}] || ', ' || (${sqlArray(TOWNS)})[1 + id % ${TOWNS.length}],
         (array['Single','Married','Married','Widowed'])[1 + id % 4]
       from u`,
            [passwordHash],
          ),
        );

        // A third of the fined are not registered (c beyond the citizens). Issued by Traffic Fine Branch officers at their station.
        const slotCount = Math.ceil(sizes.complaints / 3);
        await step(`${slotCount} slots`, async () => {
          await query(
            `with st as (select array_agg(id order by id) ids, count(*)::int n from stations),
       ob as (select branch, array_agg(id order by id) ids from officers where branch in ('Traffic Branch','Crime Branch','Minor Offense Branch') group by branch)
       insert into slots (id, station_id, branch, date, time_from, time_to, capacity, available_slots, created_at)
       select s, st.ids[1 + s % st.n], b.branch::branch, current_date + 60 - (s / (st.n * 3)) % 1885,
         time '08:00' + ((s / (st.n * 3 * 1885)) % 9) * interval '1 hour', time '09:00' + ((s / (st.n * 3 * 1885)) % 9) * interval '1 hour', 10, 10,
         now() - make_interval(days => (s / (st.n * 3)) % 1885)
       from generate_series(1, $1::int) s cross join st
       cross join lateral (select (array['Traffic Branch','Crime Branch','Minor Offense Branch'])[1 + (s / st.n) % 3] as branch) b`,
            [slotCount],
          );
          await query(
            `with ob as (select branch, array_agg(id order by id) ids from officers where branch in ('Traffic Branch','Crime Branch','Minor Offense Branch') group by branch)
       insert into slot_officers (slot_id, officer_id, assigned_at)
       select s.id, ob.ids[1 + s.id % array_length(ob.ids, 1)], s.created_at from slots s join ob on ob.branch = s.branch`,
          );
        });
        await step(`${sizes.complaints} complaints`, async () => {
          await chunked(
            query,
            sizes.complaints,
            `insert into complaints (id, reference_number, complaint_type, citizen_user_id, station_id, branch, slot_id, appointment_date,
         appointment_time_from, appointment_time_to, status, full_name, age, gender, home_address, id_number, phone_number, incident_type,
         crime_category, traffic_category, what_happened, occurred_at, place, damage_value, submitted_at, updated_at)
       select g, 'CMP-' || extract(year from s.date)::int || '-' || lpad(g::text, 7, '0'),
         case s.branch when 'Traffic Branch' then 'traffic' when 'Crime Branch' then 'crime' else 'minor_offense' end::complaint_type,
         ${cb} + c, s.station_id, s.branch, s.id, s.date, s.time_from, s.time_to,
         case when s.date >= current_date then (array['Pending','Pending','Officer assigned'])[1 + g % 3]
              else (array['Completed','Completed','Resolved','In Progress','Rejected','Completed'])[1 + g % 6] end,
         p.first_name || ' ' || p.second_name, 18 + g % 70, (array['male','female'])[1 + g % 2], p.address, p.identity_number, p.mobile_number,
         case s.branch when 'Crime Branch' then (array['robbery','theft','assault'])[1 + g % 3] when 'Minor Offense Branch' then 'land_disputes' end,
         case s.branch when 'Crime Branch' then 'property' end, case s.branch when 'Traffic Branch' then 'road_accidents' end,
         'Complaint number ' || g || ': what happened, as the complainant told it.', s.date - 3 + interval '18 hours',
         ${skewed(ROADS, 'g')} || ', ' || ${skewed(TOWNS, 'g * 7')}, (g % 100000)::numeric / 100, s.date - 2 + interval '10 hours', s.date + 1
       from generate_series($1::int, $2::int) g
       join slots s on s.id = 1 + (g::bigint * 104729) % $3
       cross join lateral (select 1 + (hashint8(g + 17)::bigint & 2147483647) % $4 as c) cc
       join citizen_profiles p on p.user_id = ${cb} + cc.c`,
            [slotCount, sizes.citizens],
          );
          await query(
            `insert into complaint_status_history (complaint_id, from_status, to_status, changed_by_user_id, changed_at)
       select c.id, 'Pending', c.status, so.officer_id + ${OFFICER_BASE}, c.appointment_date + interval '12 hours'
       from complaints c join slot_officers so on so.slot_id = c.slot_id where c.status <> 'Pending'`,
          );
        });

        // Clearance: each application a citizen of its own (c = g·7919 mod citizens), paid over five years; the open ones recent.
        await step(`${sizes.clearance} clearance applications`, async () => {
          const details = (station) =>
            JSON.stringify({
              application_type: 'new',
              nationality: 'sri_lankan',
              date_of_birth: '1990-01-01',
              left_before_sixteen: false,
              country: 'Canada',
              station,
              sex: 'female',
              title: 'Ms',
              name_to_print: 'Applicant',
              address_sri_lanka: '12 Galle Road, Colombo 03',
              occupation: 'Nurse',
              purpose: 'Employment',
              previously_applied: false,
              residence_history: [],
              delivery_address1: '12 Galle Road',
              delivery_city: 'Colombo',
              delivery_postal_code: '00300',
              delivery_state: 'Western',
              delivery_country: 'Sri Lanka',
              mobile_number: '+94771234567',
              email: 'applicant@example.lk',
              slbfe_referred: false,
              declaration: true,
              payment_declaration: true,
            });
          await chunked(
            query,
            sizes.clearance,
            `insert into clearance_applications (id, reference_number, citizen_user_id, status, nic_number, full_name_nic, details, amount_cents,
         paid_at, created_at, updated_at)
       select g, 'PCC-' || extract(year from t.paid)::int || '-' || lpad(g::text, 6, '0'), ${cb} + c, t.status::clearance_status,
         bench.nic(c), upper(p.first_name || ' ' || p.second_name), case when g % 3 = 0 then $4::jsonb else $3::jsonb end, 500000,
         case when t.status <> 'awaiting_payment' then t.paid end, t.paid - interval '20 minutes', t.paid + interval '5 days'
       from generate_series($1::int, $2::int) g
       cross join lateral (select 1 + (g::bigint * 7919) % $5 as c) cc
       join citizen_profiles p on p.user_id = ${cb} + cc.c
       cross join lateral (select now() - make_interval(mins => ((g::bigint * 2654435761) % 2628000)::int) as paid) t0
       cross join lateral (select t0.paid, case when t0.paid > now() - interval '40 days'
           then (array['pending','in_progress','awaiting_payment','pending'])[1 + g % 4]
           else (array['completed','completed','completed','completed','rejected'])[1 + g % 5] end as status) t
`,
            [details('Slave Island Police'), details('Kollupitiya Police Station'), sizes.citizens],
          );
          await query(
            `insert into clearance_status_history (application_id, from_status, to_status, note, changed_by_user_id, changed_at)
       select a.id, h.f::clearance_status, h.t::clearance_status, null, case when h.f is null then null else ${OFFICER_BASE} + 16 end, a.paid_at + h.after
       from clearance_applications a
       cross join lateral (values (null, 'pending', interval '0'), ('pending', 'in_progress', interval '1 day'),
                                  ('in_progress', a.status::text, interval '5 days')) h(f, t, after)
       where a.paid_at is not null and (h.f is null or a.status in ('completed','rejected') or (a.status = 'in_progress' and h.t = 'in_progress'))`,
          );
          const { rows: file } = await query(
            `insert into files (path, mime_type, size_bytes, original_name, purpose, owner_user_id, claimed_at)
       values ('national-certificate.pdf', 'application/pdf', 1000, 'certificate.pdf', 'clearance_certificate', null, now()) returning id`,
          );
          await query(
            `insert into clearance_certificates (application_id, verification_code, file_id, generated, holder_name, period_from, period_to, issued_at,
         issued_by_user_id)
       select a.id, upper(md5('natl' || a.id)), $1, true, a.full_name_nic, a.paid_at::date, a.paid_at::date + 180, a.updated_at, ${OFFICER_BASE} + 16
       from clearance_applications a where a.status = 'completed'`,
            [file[0].id],
          );
        });
      })(laneQuery(0)),
      (async (query) => {
        await step(`${sizes.fines} fines`, () =>
          chunked(
            query,
            sizes.fines,
            `with tf as (select array_agg(o.user_id order by o.id) ids, array_agg(u.station_id order by o.id) sts
                   from officers o join users u on u.id = o.user_id where o.branch = 'Traffic Fine Branch')
       insert into fines (citizen_identity_type, citizen_identity_number, vehicle_number, vehicle_key, amount_cents, description, incident_at,
         incident_location, offense_type, speed_recorded, speed_limit, court_required, status, due_date, issued_at, issued_by_user_id, station_id,
         paid_at, payment_reference)
       select 'NIC', v.nic, v.plate, replace(replace(v.plate, ' ', ''), '-', ''),
         (array[100000, 150000, 200000, 250000, 300000, 500000])[1 + g % 6], null, t.at,
         ${skewed(ROADS, 'g * 11')} || ', ' || ${skewed(TOWNS, 'g * 13 + 5')}, o.offense::offense_type,
         case when o.offense = 'Speeding' then 60 + g % 60 end, case when o.offense = 'Speeding' then 60 end, g % 50 = 0,
         case when paid then 'paid' else 'unpaid' end::fine_status, (t0.at at time zone 'Asia/Colombo')::date + 14, t.at + interval '10 minutes',
         tf.ids[i.k], tf.sts[i.k], case when paid then t.at + interval '3 days' end,
         case when paid then 'NATL-' || g end
       from generate_series($1::int, $2::int) g
       cross join tf
       cross join lateral (select 1 + (hashint8(g)::bigint & 2147483647) % ($3::int * 3 / 2) as c,
                                  now() - make_interval(mins => ((g::bigint * 2654435761) % 2628000)::int) - interval '1 hour' as at) t0
       cross join lateral (select bench.nic(t0.c) as nic, bench.plate(t0.c) as plate) v
       cross join lateral (select t0.at, bench.u(g, 1) < 0.65 + 0.3 * least(1, extract(epoch from now() - t0.at) / 31536000) as paid) t
       cross join lateral (select 1 + g % array_length(tf.ids, 1) as k) i
       cross join lateral (select (array['Speeding','Speeding','Speeding','Illegal Parking','Illegal Parking','Illegal Parking',
                                         'Signal Violation','Reckless Driving','Other','Speeding'])[1 + (g * 13) % 10] as offense) o`,
            [sizes.citizens],
          ),
        );

        // Slots: station × complaint branch × day (five years back, two months ahead) × hour, one officer of the branch each;
        // each slot holds 10 and is booked by about three complaints.
        await step(`${sizes.messages} messages`, () =>
          chunked(
            query,
            sizes.messages,
            `insert into notification_messages (id, reference, recipient_user_id, channel, recipient, language, template, subject, body, state,
         attempts, idempotency_key, send_after, created_at, updated_at, sent_at, about)
       select g, 'MSG-' || lpad(g::text, 9, '0'), ${cb} + c, ch::notification_channel,
         case ch when 'email' then 'citizen' || c || '@example.lk' else '+9477' || lpad((c % 10000000)::text, 7, '0') end,
         (array['en','si','ta','en','si'])[1 + g % 5]::language, (array['complaint_filed','complaint_status','appointment_reminder','fine_paid','clearance_status'])[1 + g % 5],
         case ch when 'email' then 'Sri Lanka Police e-Services' end, 'Message ' || g || ' about your request.',
         (array['sent','sent','sent','sent','sent','sent','failed','kept'])[1 + g % 8]::notification_state, 1, 'natl-' || g, t.at, t.at, t.at,
         t.at + interval '2 seconds', 'complaint:' || (1 + g % 1000)
       from generate_series($1::int, $2::int) g
       cross join lateral (select 1 + (hashint8(g + 99)::bigint & 2147483647) % $3 as c, case when g % 3 = 0 then 'sms' else 'email' end as ch,
                                  now() - make_interval(mins => ((g::bigint * 2654435761) % 2628000)::int) as at) t`,
            [sizes.citizens],
          ),
        );

        await step(`${sizes.anonymous} anonymous reports`, async () => {
          await query(
            `with cb as (select array_agg(id order by id) ids from officers where branch = 'Crime Branch'),
       st as (select array_agg(id order by id) ids from stations)
       insert into anonymous_complaints (id, tracking_code_hash, incident_type, what_happened, "when", "where", station_id, status,
         assigned_officer_id, assigned_at, submitted_at, updated_at)
       select g, encode(sha256(convert_to('NATL' || repeat('A', 20) || translate(lpad(g::text, 8, '0'), '0123456789', 'ABCDEFGHIJ'), 'UTF8')), 'hex'),
         (array['Corruption','Drug Related','Violence','Fraud','Other'])[1 + g % 5], 'Anonymous report ' || g || ': what was seen.',
         t.at - interval '1 day', ${skewed(ROADS, 'g * 3')} || ', ' || ${skewed(TOWNS, 'g * 5')},
         st.ids[1 + g % array_length(st.ids, 1)],
         case when t.at > now() - interval '30 days' then 'Pending' else (array['Completed','Completed','In Progress','Rejected'])[1 + g % 4] end,
         cb.ids[1 + g % array_length(cb.ids, 1)], t.at, t.at, t.at + interval '2 days'
       from generate_series(1, $1::int) g cross join cb cross join st
       cross join lateral (select now() - make_interval(mins => ((g::bigint * 2654435761) % 2628000)::int) as at) t`,
            [sizes.anonymous],
          );
          await query(
            `insert into anonymous_status_history (complaint_id, from_status, to_status, changed_by_user_id, changed_at)
       select a.id, 'Pending', a.status, o.user_id, a.updated_at from anonymous_complaints a join officers o on o.id = a.assigned_officer_id
       where a.status <> 'Pending'`,
          );
        });
      })(laneQuery(1)),
      step(`${sizes.audit} audit entries (hash chain)`, () => fillAudit(laneQuery(2), sizes)),
    ]);

    await step('sequences', async () => {
      const { rows } = await query(
        `select c.relname as table_name, a.attname as column_name, pg_get_serial_sequence(c.relname, a.attname) as seq
       from pg_class c join pg_attribute a on a.attrelid = c.oid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and pg_get_serial_sequence(c.relname, a.attname) is not null`,
      );
      for (const r of rows) await query(`select setval('${r.seq}', greatest(1, (select coalesce(max(${r.column_name}), 1) from ${r.table_name})))`);
      await query(`select setval('complaint_reference_seq', ${sizes.complaints + 1}), setval('clearance_reference_seq', ${sizes.clearance + 1})`);
    });
    // The summaries and the indexes on the lanes, a table's work on one lane (the fines' on their own).
    await step('summaries', () =>
      Promise.all(
        [0, 1].map((i) =>
          (async () => {
            for (const [name, sql] of SUMMARY_REBUILDS) if ((name.startsWith('fine_') ? 0 : 1) === i) await laneQuery(i)(sql);
          })(),
        ),
      ),
    );
    await step(`rebuilt ${indexes.length} indexes`, () =>
      Promise.all(
        [0, 1, 2].map((i) =>
          (async () => {
            for (const index of indexes) if (laneOf(index.tablename) === i) await laneQuery(i)(index.indexdef);
          })(),
        ),
      ),
    );
    await query('drop schema bench cascade');
    await step('vacuum analyze', () =>
      Promise.all([0, 1, 2].map((i) => laneQuery(i)(`vacuum analyze ${LOADED_TABLES.filter((t) => laneOf(t) === i).join(', ')}`))).then(() => query('analyze')),
    );
    await query('checkpoint');
  } finally {
    for (const client of lanes) await client.end().catch(() => {});
  }
  log(`  data set built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return sizes;
}

// The audit log's hash chain (server/src/modules/audit/audit.chain.ts, spelt again here: the bench is plain JavaScript
// and runs against the built server; the verification endpoint checking this chain is what keeps the two in step).
function canonicalJson(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const keys = Object.keys(value)
    .sort()
    .filter((k) => value[k] !== undefined);
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
}
const entryHash = (e) =>
  createHash('sha256')
    .update(
      canonicalJson([
        'pes-audit-1',
        e.position,
        e.id,
        e.atMicros,
        e.actorUserId,
        e.actorUsername,
        e.actorRole,
        e.actorBranch,
        e.action,
        e.subjectType,
        e.subjectId,
        e.summary,
        e.prevHash,
      ]),
    )
    .digest('hex');

const AUDIT_KINDS = [
  {
    action: 'complaint.status',
    subjectType: 'complaint',
    summary: (g) => ({ before: { status: 'Pending' }, after: { status: g % 2 ? 'In Progress' : 'Completed' } }),
  },
  { action: 'fine.issue', subjectType: 'fine', summary: (g) => ({ after: { amount_cents: 100000 + (g % 5) * 50000, offense_type: 'Speeding' } }) },
  { action: 'auth.sign_in', subjectType: 'user', summary: () => ({ area: 'police' }) },
  { action: 'clearance.status', subjectType: 'clearance_application', summary: () => ({ before: { status: 'pending' }, after: { status: 'in_progress' } }) },
  { action: 'anonymous.status', subjectType: 'anonymous_complaint', summary: () => ({ before: { status: 'Pending' }, after: { status: 'Completed' } }) },
  {
    action: 'identity.view',
    subjectType: 'user',
    summary: () => ({ documents: ['identity_photo_front', 'identity_photo_back', 'live_photo'], station: 'Kollupitiya Police Station' }),
  },
  {
    action: 'complaint.view',
    subjectType: 'user',
    summary: (g) => ({ reference: `CMP-2026-${String(g % 1_000_000).padStart(6, '0')}`, station: 'Kollupitiya Police Station' }),
  },
];

/**
 * `sizes.audit` entries after whatever the log holds (the seeding's), continuing its chain: written in chain order over
 * five years up to an hour ago, by officers, hashed here and sent in batches as arrays.
 */
async function fillAudit(query, sizes) {
  const { rows } = await query(`select coalesce(max(id), 0)::int as id, coalesce(max(position), 0)::int as position,
    (select hash from audit_log order by position desc nulls last limit 1) as hash from audit_log`);
  let { id, position } = rows[0];
  let prevHash = rows[0].hash ?? '0'.repeat(64);
  const end = Date.now() - 3_600_000;
  const span = 5 * 365 * 86_400_000;
  const BATCH = 50_000;
  for (let done = 0; done < sizes.audit; done += BATCH) {
    const cols = {
      id: [],
      at: [],
      actorUserId: [],
      actorUsername: [],
      actorRole: [],
      actorBranch: [],
      action: [],
      subjectType: [],
      subjectId: [],
      summary: [],
      position: [],
      prevHash: [],
      hash: [],
    };
    for (let k = done; k < Math.min(sizes.audit, done + BATCH); k++) {
      const o = 1 + ((k * 7919) % sizes.officers);
      const kind = AUDIT_KINDS[k % AUDIT_KINDS.length];
      const atMs = end - span + Math.floor((k * span) / sizes.audit);
      const entry = {
        id: ++id,
        position: ++position,
        atMicros: `${atMs}000`,
        actorUserId: OFFICER_BASE + o,
        actorUsername: `officer${String(o).padStart(5, '0')}`,
        actorRole: 'police_officer',
        actorBranch: branchOfOfficer(o),
        action: kind.action,
        subjectType: kind.subjectType,
        // An entry about a person names a generated citizen (whose "Who has looked at my data?" page reads it).
        subjectId: String(kind.subjectType === 'user' ? citizenBase(sizes) + 1 + (k % sizes.citizens) : 1 + (k % 100_000)),
        summary: kind.summary(k),
        prevHash,
      };
      prevHash = entryHash(entry);
      for (const key of ['id', 'actorUserId', 'actorUsername', 'actorRole', 'actorBranch', 'action', 'subjectType', 'subjectId', 'position', 'prevHash'])
        cols[key].push(entry[key]);
      cols.at.push(new Date(atMs).toISOString());
      cols.summary.push(JSON.stringify(entry.summary));
      cols.hash.push(prevHash);
    }
    await query(
      `insert into audit_log (id, at, actor_user_id, actor_username, actor_role, actor_branch, action, subject_type, subject_id, summary, position, prev_hash, hash)
       select * from unnest($1::bigint[], $2::timestamptz[], $3::int[], $4::text[], $5::role[], $6::branch[], $7::text[], $8::text[], $9::text[],
         $10::jsonb[], $11::bigint[], $12::text[], $13::text[])`,
      Object.values(cols),
    );
  }
}
