import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { createOfficer } from '../../../test/helpers';
import { FINE_SUMMARIES_REBUILD } from './fines.repository';
import { colomboLocal, get, issueFine } from './fines.fixtures';

/** Two days ago in Colombo, at hh:mm Colombo time. */
const at = (hhmm: string) => `${colomboLocal(48).slice(0, 10)}T${hhmm}`;

// offense type, location, Colombo time, how many
const DATA: Array<[string, string, string, number]> = [
  ['Speeding', 'Galle Road, Colombo 03', '08:15', 3],
  ['Speeding', 'galle  road, colombo 03', '08:40', 1], // same place, other spelling
  ['Speeding', 'Galle Road, Colombo 03', '17:05', 1],
  ['Speeding', 'Kandy Road, Kadawatha', '23:59', 2],
  ['Reckless Driving', 'Baseline Road', '14:00', 2],
  ['Reckless Driving', 'Marine Drive', '14:30', 1],
  ['Reckless Driving', 'High Level Road', '15:10', 1],
  ['Reckless Driving', 'Negombo Road', '15:45', 1],
  ['Reckless Driving', 'Kandy Road, Kadawatha', '09:00', 1],
  ['Illegal Parking', 'Main Street, Colombo 11', '10:20', 2],
  ['Signal Violation', 'Duplication Road', '00:15', 1], // 18:45 UTC the day before: hour 0 in Colombo
];

const KOLLUPITIYA = 'Kollupitiya Police Station';
const SLAVE_ISLAND = 'Slave Island Police';

const rows = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? r) as unknown[];

/** The three summaries as stored, in key order. */
const SUMMARIES = {
  hours: sql`select station_scope, offense_type::text, hour::int as hour, count from fine_hour_counts order by 1, 2, 3`,
  places: sql`select station_scope, location_key, location, count from fine_place_counts order by 1, 2`,
  placeOffenses: sql`select station_scope, offense_type::text, location_key, location, count from fine_place_offense_counts order by 1, 2, 3`,
};

/** The same figures aggregated straight from the fines: every station together (scope 0), then each station. */
const FROM_FINES = {
  hours: sql`select s.scope as station_scope, f.offense_type::text, extract(hour from f.incident_at at time zone 'Asia/Colombo')::int as hour, count(*)::int as count
    from fines f cross join lateral (values (0), (f.station_id)) s(scope) where s.scope is not null group by 1, 2, 3 order by 1, 2, 3`,
  places: sql`select s.scope as station_scope, lower(f.incident_location) as location_key, min(f.incident_location collate "C") as location, count(*)::int as count
    from fines f cross join lateral (values (0), (f.station_id)) s(scope) where s.scope is not null group by 1, 2 order by 1, 2`,
  placeOffenses: sql`select s.scope as station_scope, f.offense_type::text, lower(f.incident_location) as location_key, min(f.incident_location collate "C") as location,
      count(*)::int as count
    from fines f cross join lateral (values (0), (f.station_id)) s(scope) where s.scope is not null group by 1, 2, 3 order by 1, 2, 3`,
};

const planText = (result: unknown) => (rows(result) as Array<Record<string, string>>).map((row) => Object.values(row)[0]).join('\n');

const hours = (entries: Record<number, number>) => Array.from({ length: 24 }, (_, hour) => ({ hour, count: entries[hour] ?? 0 }));

describe.each(DB_KINDS)('fine analytics on %s', (kind) => {
  let t: TestApp;
  let token: string;
  const read = async (queries: Record<string, ReturnType<typeof sql>>) =>
    Object.fromEntries(await Promise.all(Object.entries(queries).map(async ([name, query]) => [name, rows(await t.database.db.execute(query))])));
  beforeAll(async () => {
    t = await startTestApp(kind);
    token = (await createOfficer(t, 'Traffic Fine Branch', { station: KOLLUPITIYA })).token;
    for (const [offense_type, incident_location, time, n] of DATA) {
      for (let i = 0; i < n; i++) await issueFine(t, token, { offense_type, incident_location, incident_date: at(time) });
    }
  });
  afterAll(() => t?.close());

  it('counts violations, top locations and Colombo hours over all fines', async () => {
    const res = await get(t, '/api/fines/analytics/overview', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      topViolations: [
        { offense_type: 'Speeding', count: 7 },
        { offense_type: 'Reckless Driving', count: 6 },
        { offense_type: 'Illegal Parking', count: 2 },
        { offense_type: 'Signal Violation', count: 1 },
        { offense_type: 'Other', count: 0 },
      ],
      topLocations: [
        { incident_location: 'Galle Road, Colombo 03', count: 5 },
        { incident_location: 'Kandy Road, Kadawatha', count: 3 },
        { incident_location: 'Baseline Road', count: 2 },
        { incident_location: 'Main Street, Colombo 11', count: 2 },
        { incident_location: 'Duplication Road', count: 1 },
      ],
      hourlyDistribution: hours({ 0: 1, 8: 4, 9: 1, 10: 2, 14: 3, 15: 2, 17: 1, 23: 2 }),
    });
  });

  it('narrows locations and hours to one violation, keeping the overall violation counts', async () => {
    const speeding = (await get(t, '/api/fines/analytics/overview?offense_type=Speeding', token)).json();
    expect(speeding.topViolations[0]).toEqual({ offense_type: 'Speeding', count: 7 });
    expect(speeding.topLocations).toEqual([
      { incident_location: 'Galle Road, Colombo 03', count: 5 },
      { incident_location: 'Kandy Road, Kadawatha', count: 2 },
    ]);
    expect(speeding.hourlyDistribution).toEqual(hours({ 8: 4, 17: 1, 23: 2 }));

    const other = (await get(t, '/api/fines/analytics/overview?offense_type=Other', token)).json();
    expect(other.topLocations).toEqual([]);
    expect(other.hourlyDistribution).toEqual(hours({}));
    expect(other.topViolations).toHaveLength(5);

    const all = (await get(t, '/api/fines/analytics/overview?offense_type=', token)).json();
    expect(all.topLocations).toHaveLength(5);
  });

  it('narrows everything but the violations of other stations to one station, the issuing officer’s', async () => {
    const colleague = (await createOfficer(t, 'Traffic Fine Branch', { station: SLAVE_ISLAND })).token;
    await issueFine(t, colleague, { offense_type: 'Speeding', incident_location: 'Galle Road, Colombo 03', incident_date: at('08:05') });
    await issueFine(t, colleague, { offense_type: 'Speeding', incident_location: 'GALLE ROAD, COLOMBO 03', incident_date: at('08:50') });
    await issueFine(t, colleague, { offense_type: 'Other', incident_location: 'Union Place', incident_date: at('12:00') });
    const overview = async (query: string) => (await get(t, `/api/fines/analytics/overview?${query}`, token)).json();

    const slaveIsland = await overview(`station=${encodeURIComponent(SLAVE_ISLAND)}`);
    expect(slaveIsland.topViolations).toEqual([
      { offense_type: 'Speeding', count: 2 },
      { offense_type: 'Other', count: 1 },
      { offense_type: 'Illegal Parking', count: 0 },
      { offense_type: 'Reckless Driving', count: 0 },
      { offense_type: 'Signal Violation', count: 0 },
    ]);
    // The spelling shown is the least in byte order, whichever came first.
    expect(slaveIsland.topLocations).toEqual([
      { incident_location: 'GALLE ROAD, COLOMBO 03', count: 2 },
      { incident_location: 'Union Place', count: 1 },
    ]);
    expect(slaveIsland.hourlyDistribution).toEqual(hours({ 8: 2, 12: 1 }));
    const other = await overview(`station=${encodeURIComponent(SLAVE_ISLAND)}&offense_type=Other`);
    expect(other.topLocations).toEqual([{ incident_location: 'Union Place', count: 1 }]);
    expect(other.hourlyDistribution).toEqual(hours({ 12: 1 }));
    expect(other.topViolations[0]).toEqual({ offense_type: 'Speeding', count: 2 });

    // The first officer's station still has exactly its own fines; every station together has both.
    const kollupitiya = await overview(`station=${encodeURIComponent(KOLLUPITIYA)}&offense_type=Speeding`);
    expect(kollupitiya.topViolations[0]).toEqual({ offense_type: 'Speeding', count: 7 });
    expect(kollupitiya.topLocations[0]).toEqual({ incident_location: 'Galle Road, Colombo 03', count: 5 });
    const all = await overview('station=&offense_type=Speeding');
    expect(all.topViolations[0]).toEqual({ offense_type: 'Speeding', count: 9 });
    expect(all.topLocations[0]).toEqual({ incident_location: 'GALLE ROAD, COLOMBO 03', count: 7 });
    expect(all.hourlyDistribution).toEqual(hours({ 8: 6, 17: 1, 23: 2 }));

    const unknown = await get(t, '/api/fines/analytics/overview?station=Atlantis', token);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fieldKeys).toEqual({ station: 'unknownStation' });
  });

  it('reads the top places of a station, and of one violation there, as the first entries of a count index', async () => {
    const plans: string[] = [];
    // Thousands of places (rolled back afterwards): the answer must still be five index entries, never a sort of them all.
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`
          insert into fine_place_offense_counts (station_scope, offense_type, location_key, location, count)
          select n % 3, 'Speeding', 'place ' || n, 'Place ' || n, 1 + n % 97 from generate_series(1, 6000) as n`);
        await tx.execute(sql`
          insert into fine_place_counts (station_scope, location_key, location, count)
          select n % 3, 'place ' || n, 'Place ' || n, 1 + n % 97 from generate_series(1, 6000) as n`);
        await tx.execute(sql`analyze fine_place_counts`);
        await tx.execute(sql`analyze fine_place_offense_counts`);
        plans.push(
          planText(
            await tx.execute(sql`explain select location, count from fine_place_counts where station_scope = 1
            order by count desc nulls last, location_key limit 5`),
          ),
          planText(
            await tx.execute(sql`explain select location, count from fine_place_offense_counts where station_scope = 1
            and offense_type = 'Speeding' order by count desc nulls last, location_key limit 5`),
          ),
        );
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (plans.length < 2) throw error;
      });
    expect(plans[0]).toMatch(/Index Scan using fine_place_counts_top_idx/);
    expect(plans[1]).toMatch(/Index Scan using fine_place_offense_counts_top_idx/);
    for (const plan of plans) expect(plan).not.toMatch(/Sort|Seq Scan/);
  });

  it('keeps the summaries equal to aggregates over the fines after single and bulk inserts and payments, and rebuilds them the same', async () => {
    // A statement inserting many fines at once (as an import would), some without a station.
    await t.database.db.execute(sql`
      insert into fines (citizen_identity_type, citizen_identity_number, vehicle_number, vehicle_key, amount_cents,
        incident_at, incident_location, offense_type, due_date, issued_by_user_id, station_id)
      select 'NIC', (199000000000 + n)::text, 'WP K' || n, 'WPK' || n, 1000, now() - n * interval '37 minutes',
        (array['Marine Drive', 'marine drive', 'Temple Road'])[1 + n % 3], (array['Speeding', 'Other']::offense_type[])[1 + n % 2],
        current_date, (select issued_by_user_id from fines limit 1), case when n % 4 = 0 then null else (select min(id) from stations) end
      from generate_series(1, 60) as n`);
    // Payment changes none of what is counted.
    await t.database.db.execute(sql`
      update fines set status = 'paid', paid_at = now(), payment_reference = 'TEST-' || left(id::text, 8)
      where id in (select id from fines order by id limit 20)`);

    const kept = await read(SUMMARIES);
    expect(kept).toEqual(await read(FROM_FINES));
    expect(new Set((kept.hours as Array<{ station_scope: number }>).map((r) => r.station_scope)).size).toBe(3);

    await t.database.db.execute(sql`truncate fine_hour_counts, fine_place_counts, fine_place_offense_counts`);
    await t.database.db.execute(FINE_SUMMARIES_REBUILD);
    expect(await read(SUMMARIES)).toEqual(kept);
  });
});
