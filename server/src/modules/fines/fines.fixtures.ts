import { count, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer } from '../../../test/helpers';
import { fines } from './fines.table';
import { payments } from '../payments/payments.table';

/** "YYYY-MM-DDTHH:MM" in Colombo time, `hoursAgo` before now. */
export function colomboLocal(hoursAgo: number) {
  const at = new Date(Date.now() - hoursAgo * 3600_000 + 5.5 * 3600_000);
  return at.toISOString().slice(0, 16);
}

export const validFine = (overrides: Record<string, unknown> = {}) => ({
  citizen_identity_type: 'NIC',
  citizen_identity_number: '199010312345',
  vehicle_number: 'WP CAB-1234',
  amount: '2500.00',
  description: 'Exceeded the limit near the school zone',
  incident_date: colomboLocal(2),
  incident_location: 'Galle Road, Colombo 03',
  offense_type: 'Speeding',
  speed_recorded: 82,
  speed_limit: 60,
  court_required: false,
  ...overrides,
});

export async function issueFine(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/fines', headers: bearer(token), payload: validFine(overrides) });
  if (res.statusCode !== 201) throw new Error(`issue fine failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; amount: string; status: string; vehicle_number: string; citizen_identity_number: string };
}

/** A Traffic Fine Branch officer and a citizen with their own unique NIC. */
export async function finesActors(t: TestApp) {
  const officer = await createOfficer(t, 'Traffic Fine Branch', { full_name: 'Chaminda Silva' });
  const citizen = await createCitizen(t);
  return { officer, citizen };
}

export const countFines = async (t: TestApp) => (await t.database.db.select({ n: count() }).from(fines))[0]!.n;

export const paymentsOf = (t: TestApp, fineId: string) => t.database.db.select().from(payments).where(eq(payments.referenceId, fineId));

export const fineRow = async (t: TestApp, fineId: string) => (await t.database.db.select().from(fines).where(eq(fines.id, fineId)))[0]!;

export const post = (t: TestApp, url: string, token: string | undefined, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: payload as object });

export const get = (t: TestApp, url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
