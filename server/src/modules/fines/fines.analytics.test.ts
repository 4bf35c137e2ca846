import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { colomboLocal, finesActors, get, issueFine } from './fines.fixtures';

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

const hours = (entries: Record<number, number>) => Array.from({ length: 24 }, (_, hour) => ({ hour, count: entries[hour] ?? 0 }));

describe.each(DB_KINDS)('fine analytics on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    token = (await finesActors(t)).officer.token;
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

  it('keeps the summary equal to an aggregate over the fines themselves', async () => {
    const direct = await t.database.db.execute<{ offense_type: string; hour: number; count: number }>(sql`
      select offense_type, extract(hour from incident_at at time zone 'Asia/Colombo')::int as hour, count(*)::int as count
      from fines group by 1, 2 order by 1, 2`);
    const summary = await t.database.db.execute<{ offense_type: string; hour: number; count: number }>(sql`
      select offense_type, hour::int as hour, count from fine_hourly_counts order by 1, 2`);
    const rows = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? r) as unknown[];
    expect(rows(summary)).toEqual(rows(direct));
    expect(rows(direct)).toHaveLength(8);
    const directPlaces = await t.database.db.execute(sql`
      select offense_type, lower(incident_location) as key, count(*)::int as count from fines group by 1, 2 order by 1, 2`);
    const places = await t.database.db.execute(sql`select offense_type, location_key as key, count from fine_location_counts order by 1, 2`);
    expect(rows(places)).toEqual(rows(directPlaces));
  });
});
