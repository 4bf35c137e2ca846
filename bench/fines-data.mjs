// Data for the fines benchmark: 1,000,000 fines by SQL (generate_series), and the analytics summaries
// rebuilt from them exactly as the server keeps them (per station, offense type and Colombo hour; per station, offense type and location).

export const FINES = Number(process.env.BENCH_FINES ?? 1_000_000);
/** 200,000 citizens with one vehicle each and five fines each. */
export const CITIZENS = Math.max(1, Math.floor(FINES / 5));
/** Distinct locations, skewed so a few streets have most fines (as real ones do). */
const LOCATIONS = 400;

export const citizenNic = (c) => `19${String(c).padStart(10, '0')}`;
export const citizenVehicle = (c) => `WP BN-${String(c).padStart(6, '0')}`;

const CHUNK = 100_000;

/**
 * `query(sql, params)` answers `{ rows }` (pg.Client and PGlite both do). The officer issues every fine.
 * Inserted in chunks so PGlite's memory stays small.
 */
export async function fillFines(query, { officerUserId, count = FINES }) {
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await query(
      `insert into fines (citizen_identity_type, citizen_identity_number, vehicle_number, vehicle_key, amount_cents,
          description, incident_at, incident_location, offense_type, speed_recorded, speed_limit, court_required,
          status, due_date, issued_at, issued_by_user_id, paid_at, payment_reference)
       select 'NIC', '19' || lpad((g % $3)::text, 10, '0'), 'WP BN-' || lpad((g % $3)::text, 6, '0'), 'WPBN' || lpad((g % $3)::text, 6, '0'),
          (array[100000, 200000, 250000, 300000, 500000])[1 + g % 5],
          null, t.incident, 'Main Street ' || floor($4 * power((g::bigint * 7919 % 10007) / 10007.0, 3))::int || ', Colombo', o.offense::offense_type,
          case when o.offense = 'Speeding' then 60 + g % 60 end, case when o.offense = 'Speeding' then 60 end, g % 50 = 0,
          case when g % 3 = 0 then 'paid' else 'unpaid' end::fine_status,
          ((t.incident + interval '10 minutes') at time zone 'Asia/Colombo')::date + 14,
          t.incident + interval '10 minutes', $5,
          case when g % 3 = 0 then t.incident + interval '2 days' end, case when g % 3 = 0 then 'BENCH-' || g end
       from generate_series($1::int, $2::int) as g
       cross join lateral (select now() - make_interval(mins => (g * 37 % 525600)::int) - interval '1 hour' as incident) t
       cross join lateral (select (array['Speeding','Speeding','Speeding','Speeding','Illegal Parking','Illegal Parking',
                                         'Illegal Parking','Signal Violation','Reckless Driving','Other'])[1 + (g * 13) % 10] as offense) o`,
      [from, to, CITIZENS, LOCATIONS, officerUserId],
    );
  }
  await query('delete from fine_officer_counts', []);
  await query('insert into fine_officer_counts (issued_by_user_id, count) select issued_by_user_id, count(*)::int from fines group by 1', []);
  // The analytics summaries, as the server's insert trigger keeps them (server/drizzle: rebuild_fine_summaries).
  await query('select rebuild_fine_summaries()', []);
  await query('vacuum analyze', []);
  // Measure the steady state, not the flush that follows a bulk load.
  await query('checkpoint', []);
  const { rows } = await query(
    'select (select count(*) from fines)::int as fines, (select count(*) from fine_hour_counts)::int + (select count(*) from fine_place_offense_counts)::int as stats',
    [],
  );
  return rows[0];
}

/** The overview computed straight from the fines (slow on purpose): the figures the API must equal. */
export async function exactOverview(query, offenseType) {
  const only = offenseType ? 'where offense_type = $1' : '';
  const params = offenseType ? [offenseType] : [];
  const timed = async (sql, p) => {
    const started = performance.now();
    const { rows } = await query(sql, p);
    return { rows, ms: performance.now() - started };
  };
  const violations = await timed('select offense_type::text, count(*)::int as count from fines group by 1', []);
  const locations = await timed(
    `select lower(incident_location) as key, min(incident_location collate "C") as location, count(*)::int as count
     from fines ${only} group by 1 order by 3 desc, 1 limit 5`,
    params,
  );
  const hours = await timed(
    `select extract(hour from incident_at at time zone 'Asia/Colombo')::int as hour, count(*)::int as count from fines ${only} group by 1`,
    params,
  );
  return {
    ms: violations.ms + locations.ms + hours.ms,
    violations: Object.fromEntries(violations.rows.map((r) => [r.offense_type, r.count])),
    locations: locations.rows.map((r) => ({ incident_location: r.location, count: r.count })),
    hours: Object.fromEntries(hours.rows.map((r) => [r.hour, r.count])),
  };
}
