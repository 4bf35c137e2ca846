import { issueFineRequestSchema, type IssueFineRequest, type OffenseType } from '@pes/contracts';
import type { Modules } from '../composition';
import { DEMO_CITIZEN } from './demo-accounts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** "YYYY-MM-DDTHH:MM" in Colombo time for an instant. */
const colomboLocal = (at: Date) => new Date(at.getTime() + 5.5 * HOUR).toISOString().slice(0, 16);

/** The demo citizen's own fines, so a reviewer can sign in as `citizen` and pay one at once. */
const citizenFines = (): Array<[hoursAgo: number, IssueFineRequest]> => {
  const nic = DEMO_CITIZEN.identity_number;
  return [
    [
      50,
      {
        citizen_identity_type: 'NIC',
        citizen_identity_number: nic,
        vehicle_number: 'WP CAB-1234',
        amount: '3000.00',
        offense_type: 'Speeding',
        incident_location: 'Galle Road, Colombo 03',
        description: 'Recorded at 82 km/h in a 60 km/h zone near Bambalapitiya junction.',
        speed_recorded: 82,
        speed_limit: 60,
        court_required: false,
        incident_date: '',
      },
    ],
    [
      130,
      {
        citizen_identity_type: 'NIC',
        citizen_identity_number: nic,
        vehicle_number: 'WP CAB-1234',
        amount: '1000.00',
        offense_type: 'Illegal Parking',
        incident_location: 'Duplication Road, Colombo 04',
        description: 'Parked on a yellow line during restricted hours.',
        speed_recorded: null,
        speed_limit: null,
        court_required: false,
        incident_date: '',
      },
    ],
    [
      20 * 24,
      {
        citizen_identity_type: 'NIC',
        citizen_identity_number: nic,
        vehicle_number: 'WP CAB-1234',
        amount: '2000.00',
        offense_type: 'Signal Violation',
        incident_location: 'Kandy Road, Kiribathgoda',
        description: 'Crossed the junction against a red signal.',
        speed_recorded: null,
        speed_limit: null,
        court_required: false,
        incident_date: '',
      },
    ],
    [
      26,
      {
        citizen_identity_type: 'NIC',
        citizen_identity_number: nic,
        vehicle_number: 'WP KX-4521',
        amount: '5000.00',
        offense_type: 'Reckless Driving',
        incident_location: 'Baseline Road, Colombo 09',
        description: 'Overtook on a pedestrian crossing.',
        speed_recorded: null,
        speed_limit: null,
        court_required: true,
        incident_date: '',
      },
    ],
  ];
};

const LOCATIONS = [
  'Galle Road, Colombo 03',
  'Baseline Road, Colombo 09',
  'Duplication Road, Colombo 04',
  'Marine Drive, Colombo 06',
  'High Level Road, Nugegoda',
  'Kandy Road, Kiribathgoda',
  'Negombo Road, Wattala',
  'Main Street, Colombo 11',
  'Peradeniya Road, Kandy',
  'Matara Road, Galle',
  'A9 Road, Vavuniya',
  'Colombo Road, Kurunegala',
  'Southern Expressway, Kottawa',
  'Station Road, Jaffna',
  'Hospital Road, Kalubowila',
  'Parliament Road, Rajagiriya',
];
const OFFENSES: Array<[OffenseType, weight: number, amounts: string[]]> = [
  ['Speeding', 40, ['2000.00', '3000.00', '3500.00', '5000.00']],
  ['Illegal Parking', 25, ['500.00', '1000.00', '1500.00']],
  ['Signal Violation', 15, ['1000.00', '2000.00']],
  ['Reckless Driving', 12, ['5000.00', '7500.00', '10000.00']],
  ['Other', 8, ['1000.00', '2500.00']],
];
// Hours of the day in Colombo, weighted to the morning and evening rush.
const HOUR_WEIGHTS = [1, 1, 1, 1, 1, 2, 4, 9, 10, 7, 5, 5, 6, 5, 5, 6, 8, 10, 9, 6, 4, 3, 2, 1];
const PROVINCES = ['WP', 'CP', 'SP', 'NW', 'SG', 'NC', 'UP', 'EP', 'NP'];

/** A small deterministic generator, so every fresh demo database looks the same. */
function generator(seed: number) {
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]) => items[int(items.length)]!;
  const weighted = (weights: readonly number[]) => {
    let r = next() * weights.reduce((a, b) => a + b, 0);
    for (let i = 0; i < weights.length; i++) if ((r -= weights[i]!) < 0) return i;
    return weights.length - 1;
  };
  return { int, pick, weighted };
}

/** About 200 varied fines over the last 90 days, for the officer dashboard and the analytics page. */
function analyticsFines(now: Date, count = 200): Array<[Date, IssueFineRequest]> {
  const g = generator(20260101);
  const out: Array<[Date, IssueFineRequest]> = [];
  for (let i = 0; i < count; i++) {
    const [offense, , amounts] = OFFENSES[g.weighted(OFFENSES.map((o) => o[1]))]!;
    const daysAgo = 1 + g.int(90);
    // Midnight Colombo `daysAgo` days back, then the chosen Colombo hour.
    const colomboMidnight = Math.floor((now.getTime() + 5.5 * HOUR) / DAY) * DAY - 5.5 * HOUR - daysAgo * DAY;
    const incident = new Date(colomboMidnight + g.weighted(HOUR_WEIGHTS) * HOUR + g.int(60) * 60_000);
    const speeding = offense === 'Speeding';
    const limit = g.pick([50, 60, 70, 100]);
    const birthYear = 70 + g.int(30);
    // A NIC's day of the year counts a 29 February in every year (contracts/src/nic.ts): day 60 is real only in leap years.
    const birthDay = 1 + g.int(365);
    out.push([
      incident,
      {
        citizen_identity_type: 'NIC',
        citizen_identity_number: `19${birthYear}${String(birthDay === 60 && birthYear % 4 !== 0 ? 61 : birthDay).padStart(3, '0')}${String(g.int(100000)).padStart(5, '0')}`,
        vehicle_number: `${g.pick(PROVINCES)} ${String.fromCharCode(65 + g.int(26), 65 + g.int(26), 65 + g.int(26))}-${1000 + g.int(9000)}`,
        amount: g.pick(amounts),
        offense_type: offense,
        incident_location: g.pick(LOCATIONS),
        incident_date: colomboLocal(incident),
        speed_recorded: speeding ? limit + 10 + g.int(50) : null,
        speed_limit: speeding ? limit : null,
        court_required: offense === 'Reckless Driving' && g.int(3) === 0,
      },
    ]);
  }
  return out;
}

/** Development only: demo fines issued by fines.officer (called once, on an empty database). */
export async function seedDemoFines(modules: Modules) {
  const officer = await modules.users.findByUsername('fines.officer');
  if (!officer) return 0;
  const issuer = { userId: officer.id, username: officer.username, role: officer.role, branch: 'Traffic Fine Branch' as const, stationId: officer.stationId };
  const now = new Date();
  const entries: Array<[Date, IssueFineRequest]> = [
    ...citizenFines().map(([hoursAgo, fine]) => {
      const incident = new Date(now.getTime() - hoursAgo * HOUR);
      return [incident, { ...fine, incident_date: colomboLocal(incident) }] as [Date, IssueFineRequest];
    }),
    ...analyticsFines(now),
  ];
  for (const [incident, fine] of entries) {
    // Issued on the spot, a few minutes after the incident.
    const issuedAt = new Date(Math.min(incident.getTime() + 10 * 60_000, now.getTime()));
    await modules.finesService.issue(issuer, issueFineRequestSchema.parse(fine), issuedAt);
  }
  return entries.length;
}
