// Data for the complaints benchmark: 100 stations, a year of slots, 200,000 complaints, all by SQL.

const SLOT_TIMES = ['08:00', '10:00', '13:00', '15:00'];
const SLOT_CAPACITY = 10;
const COMPLAINTS = 200_000;
export const STATIONS = 100;
const BRANCHES = ['Traffic Branch', 'Crime Branch', 'Minor Offense Branch'];

/**
 * Fills the database the server has just migrated (and seeded with its stations and administrator).
 * `citizenUserId` owns the generated complaints; `firstDay` is today in Colombo (YYYY-MM-DD).
 */
export async function fillDatabase(client, { citizenUserId, firstDay }) {
  await client.query(
    `insert into stations (name, name_si, name_ta, district)
     select 'Bench Station ' || g, 'බෙන්ච් ස්ථානය ' || g, 'பெஞ்ச் நிலையம் ' || g, 'Bench'
     from generate_series(1, greatest(0, $1 - (select count(*) from stations))) g`,
    [STATIONS],
  );

  // Every station, complaint branch and day of a year, four slots a day.
  await client.query(
    `insert into slots (station_id, branch, date, time_from, time_to, capacity, available_slots)
     select st.id, b.branch::branch, $1::date + d, t.tf, t.tf + interval '1 hour', $4, $4
     from stations st
     cross join unnest($2::text[]) as b(branch)
     cross join generate_series(0, 364) as d
     cross join unnest($3::time[]) as t(tf)
     order by 1, 3, 2, 4`,
    [firstDay, BRANCHES, SLOT_TIMES, SLOT_CAPACITY],
  );
  const { rows } = await client.query('select min(id)::bigint as min, count(*)::bigint as n from slots');
  const minId = Number(rows[0].min);
  const slotCount = Number(rows[0].n);

  // Complaint g books slot minId + (g * 104729 mod n): a prime step, so no slot is booked twice.
  await client.query(
    `insert into complaints (reference_number, complaint_type, citizen_user_id, station_id, branch, slot_id,
        appointment_date, appointment_time_from, appointment_time_to, status, full_name, age, gender, home_address,
        id_number, phone_number, incident_type, crime_category, traffic_category, what_happened, occurred_at, place,
        damage_value, submitted_at)
     select 'CMP-' || extract(year from now())::int || '-' || lpad(nextval('complaint_reference_seq')::text, 6, '0'),
        case s.branch when 'Traffic Branch' then 'traffic' when 'Crime Branch' then 'crime' else 'minor_offense' end::complaint_type,
        $1, s.station_id, s.branch, s.id, s.date, s.time_from, s.time_to,
        (array['Pending', 'In Progress', 'Completed'])[1 + g % 3],
        'Bench Citizen ' || g, 18 + g % 70, (array['male', 'female', 'other'])[1 + g % 3], g || ' Galle Road, Colombo',
        lpad(g::text, 12, '1'), '07' || lpad((g % 100000000)::text, 8, '0'),
        case s.branch when 'Crime Branch' then 'robbery' when 'Minor Offense Branch' then 'land_disputes' end,
        case s.branch when 'Crime Branch' then 'property' end,
        case s.branch when 'Traffic Branch' then 'road_accidents' end,
        'Generated complaint number ' || g, now() - make_interval(hours => g % 5000), 'Main Street ' || (g % 500),
        (g % 100000)::numeric / 100, now() - make_interval(mins => g % 500000)
     from generate_series(1, $2) as g
     join slots s on s.id = $3 + (g::bigint * 104729) % $4`,
    [citizenUserId, COMPLAINTS, minId, slotCount],
  );
  await client.query('update slots set available_slots = available_slots - 1 where id in (select slot_id from complaints)');
  await client.query('vacuum analyze');
  // Measure the steady state, not the flush that follows a bulk load.
  await client.query('checkpoint');
  const counts = await client.query(
    'select (select count(*) from stations)::int as stations, (select count(*) from slots)::int as slots, (select count(*) from complaints)::int as complaints',
  );
  return counts.rows[0];
}
