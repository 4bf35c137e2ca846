// Test fixtures shared by the complaints and slots API tests (not loaded by the server).
import { eq, sql } from 'drizzle-orm';
import { colomboDate, type ComplaintType } from '@pes/contracts';
import type { TestApp } from '../../../test/harness';
import { bearer, multipart, type FilePart } from '../../../test/helpers';
import { files } from '../files/files.table';
import { slots } from '../slots/slots.table';
import { complaints } from './complaints.table';

export const HOME_STATION = 'Kollupitiya Police Station';
export const OTHER_STATION = 'Slave Island Police';

/** A Colombo calendar date `days` from today. */
export const dayFromToday = (days: number) => colomboDate(new Date(Date.now() + days * 86_400_000));

let defaultSlotCounter = 0;

export async function createSlot(
  t: TestApp,
  adminToken: string,
  slot: { branch: string; station?: string; date?: string; time_from?: string; time_to?: string; available_slots?: number },
) {
  // Identical slots are refused (slots.duplicate): each default slot gets times of its own.
  const minutes = 7 * 60 + (defaultSlotCounter++ % 600);
  const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const payload = { date: dayFromToday(3), time_from: clock(minutes), time_to: clock(minutes + 30), available_slots: 5, ...slot };
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/slots', headers: bearer(adminToken), payload });
  if (res.statusCode !== 201) throw new Error(`create slot failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; date: string; available_slots: number; branch: string; station: string };
}

const typeFields: Record<ComplaintType, Record<string, string>> = {
  traffic: { traffic_category: 'road_accidents' },
  crime: { crime_category: 'property', incident_type: 'robbery' },
  minor_offense: { incident_type: 'land_disputes' },
};

const complaintPath = (type: ComplaintType) => `/api/complaints/${type === 'minor_offense' ? 'minor-offense' : type}`;

/** A valid submission of that type for that slot. */
export function complaintFields(type: ComplaintType, slotId: number, overrides: Record<string, string | undefined> = {}) {
  return {
    full_name: 'Kamal Perera',
    age: '34',
    gender: 'male',
    home_address: '12 Galle Road, Colombo 03',
    id_number: '198512345678',
    phone_number: '+94771234567',
    religion: 'Buddhism',
    marital_status: 'married',
    what_happened: 'A van hit my parked car and drove away.',
    when: '2025-03-01T09:30',
    where: 'Galle Road, Kollupitiya',
    damage_value: '25000.50',
    station: HOME_STATION,
    slot_id: String(slotId),
    ...typeFields[type],
    ...overrides,
  };
}

export function submitComplaint(
  t: TestApp,
  token: string,
  type: ComplaintType,
  fields: Record<string, string | undefined>,
  files: Record<string, FilePart> = {},
) {
  const body = multipart(fields, files);
  return t.app.inject({ method: 'POST', url: complaintPath(type), headers: { ...bearer(token), ...body.headers }, payload: body.payload });
}

/** What a refused submission must leave unchanged. */
export async function bookingState(t: TestApp, slotId: number) {
  const [slot] = await t.modules.db.select({ available: slots.availableSlots }).from(slots).where(eq(slots.id, slotId));
  const [count] = await t.modules.db.select({ n: sql<number>`count(*)::int` }).from(complaints);
  const [fileRows] = await t.modules.db.select({ n: sql<number>`count(*)::int` }).from(files);
  return { available: slot?.available, complaints: count!.n, fileRows: fileRows!.n, files: t.uploadedFiles().length };
}
