import { expect, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { nicBirthDate, uniqueNic } from './nic.helpers';
import { apiSignIn, baseUrlOfTest } from './staff-auth.helpers';
import { DEMO_ADMIN_PASSWORD, DEMO_OFFICER_PASSWORD } from '../../server/src/seed/demo-accounts';

/** A real (1×1) PNG and a minimal PDF: the server recognises uploads by their content. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export const STATION = 'Kollupitiya Police Station';
export const ADMIN = { username: 'admin', password: DEMO_ADMIN_PASSWORD };
export const CRIME_OFFICER = { username: 'crime.officer', password: DEMO_OFFICER_PASSWORD, fullName: 'Kavitha Raj' };

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;
/** A 12-digit NIC unique to this run. */

/** Today (and a day some way ahead) in Colombo, as YYYY-MM-DD. */
export const colomboDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Colombo' }).format(new Date(Date.now() + offsetDays * 86_400_000));

/** Minutes after midnight as HH:MM. */
export const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
/** Minutes since midnight in Colombo, now. */
export const colomboMinutesNow = () => {
  const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Colombo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date())
    .split(':')
    .map(Number);
  return h! * 60 + m!;
};
/**
 * The day the tests' slots and appointments are on: today in Colombo while six hours of it are left, else tomorrow. A
 * slot must begin at least 15 minutes ahead, so late in the evening today has too few free times for a run (it ran
 * out at 22:20), and a run that crossed midnight would find the slots it made today in the past. Fixed when a worker
 * starts, so every test of the worker uses the same day.
 */
export const slotDay = colomboMinutesNow() < 18 * 60 ? colomboDay() : colomboDay(1);

/** Times handed out by this process, before the server lists the slots made with them. */
const handedOut = new Set<string>();

/**
 * Times for a new 25-minute slot on `slotDay` at STATION, taken from the server: neither its start nor its end is
 * a start or end of any slot there that day (so it cannot be identical to one, which the server refuses, and
 * its row is told apart by its times), and, today, it begins at least 15 minutes from now in Colombo (a slot that
 * has begun cannot be added).
 */
export async function freeSlotTimes(request: APIRequestContext) {
  const headers = await authHeaders(request, ADMIN, 'admin');
  const res = await request.get(`/api/admin/slots?${new URLSearchParams({ date: slotDay, station: STATION })}`, { headers });
  expect(res.status(), await res.text()).toBe(200);
  const taken = new Set([
    ...handedOut,
    ...((await res.json()) as Array<{ time_from: string; time_to: string }>).flatMap((s) => [s.time_from.slice(0, 5), s.time_to.slice(0, 5)]),
  ]);
  const candidates: Array<{ from: string; to: string }> = [];
  const earliest = slotDay === colomboDay() ? Math.ceil((colomboMinutesNow() + 15) / 5) * 5 : 0;
  for (let start = Math.max(6 * 60, earliest); start + 25 < 24 * 60; start += 5) {
    const times = { from: clock(start), to: clock(start + 25) };
    if (!taken.has(times.from) && !taken.has(times.to)) candidates.push(times);
  }
  if (candidates.length === 0) throw new Error(`No free slot time is left on ${slotDay} at ${STATION}.`);
  const times = candidates[Math.floor(Math.random() * candidates.length)]!;
  handedOut.add(times.from).add(times.to);
  return times;
}

/** Signs in through the API: staff answer their second factor, and a live session of this worker is reused (staff-auth.helpers.ts). */
const apiLogin = (request: APIRequestContext, username: string, password: string, area: 'citizen' | 'police' | 'admin') =>
  apiSignIn(request, { username, password }, area);

/** A citizen of this run, signed up through the API (the signup page has its own tests). */
export async function signUpCitizen(request: APIRequestContext) {
  const username = unique('cmp');
  const password = 'Rambutan-Kite-Harbour-38';
  const nic = uniqueNic();
  const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
  const res = await request.post('/api/auth/signup-citizen', {
    multipart: {
      first_name: 'Nimal',
      second_name: 'Perera',
      date_of_birth: nicBirthDate(nic),
      username,
      password,
      email: `${username}@example.lk`,
      mobile_number: '+94771234567',
      identity_type: 'NIC',
      identity_number: nic,
      address: '12 Galle Road, Colombo 03',
      marital_status: 'Married',
      identity_photo_front: photo('front.png'),
      identity_photo_back: photo('back.png'),
      live_photo: photo('live.png'),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { username, password, nic };
}

/**
 * A browser context already signed in (token in storage as the web app keeps it, session cookie for
 * attachments) and showing `language`.
 */
export async function signedInContext(
  browser: Browser,
  who: { username: string; password: string },
  area: 'citizen' | 'police' | 'admin',
  language = 'en',
): Promise<BrowserContext> {
  const context = await browser.newContext();
  const { token, role } = await apiLogin(context.request, who.username, who.password, area);
  // The session cookie (attachments): set here too, since a reused session's sign-in did not set it in this context.
  await context.addCookies([{ name: 'pes_session', value: token, url: baseUrlOfTest(), httpOnly: true, sameSite: 'Lax' }]);
  await context.addInitScript(
    ([t, r, lng]) => {
      sessionStorage.setItem('token', t);
      localStorage.setItem('token', t);
      sessionStorage.setItem('app_role', r);
      localStorage.setItem('language', lng);
    },
    [token, role, language] as const,
  );
  return context;
}

async function authHeaders(request: APIRequestContext, who: { username: string; password: string }, area: 'citizen' | 'police' | 'admin') {
  const { token } = await apiLogin(request, who.username, who.password, area);
  return { authorization: `Bearer ${token}` };
}

/** A slot on `slotDay` at the station for `branch`, made through the API, with the given officer assigned. */
export async function createSlotWithOfficer(request: APIRequestContext, branch: string, officerName?: string) {
  const headers = await authHeaders(request, ADMIN, 'admin');
  const times = await freeSlotTimes(request);
  const res = await request.post('/api/admin/slots', {
    headers,
    data: { date: slotDay, time_from: times.from, time_to: times.to, available_slots: 20, branch, station: STATION },
  });
  expect(res.status(), await res.text()).toBe(201);
  const slot = (await res.json()) as { id: number };
  if (officerName) {
    const found = await request.get(`/api/admin/police-officers/search?${new URLSearchParams({ name: officerName, branch, station: STATION })}`, {
      headers,
    });
    const [officer] = (await found.json()) as Array<{ id: number }>;
    const assigned = await request.post(`/api/admin/slots/${slot.id}/assign-officer`, { headers, data: { officerId: officer!.id } });
    expect(assigned.status()).toBe(200);
  }
  return { ...slot, ...times };
}

/** A crime complaint filed through the API by the citizen, with an image attached. */
export async function fileCrimeComplaint(request: APIRequestContext, citizen: { username: string; password: string }, slotId: number) {
  const headers = await authHeaders(request, citizen, 'citizen');
  const res = await request.post('/api/complaints/crime', {
    headers,
    multipart: {
      full_name: 'Nimal Perera',
      age: '36',
      gender: 'male',
      home_address: '12 Galle Road, Colombo 03',
      id_number: '198807412345',
      phone_number: '0771234567',
      what_happened: 'My bicycle was taken from outside the pharmacy.',
      when: `${colomboDay(-1)}T18:30`,
      where: 'Galle Road, Kollupitiya',
      crime_category: 'property',
      incident_type: 'theft',
      station: STATION,
      slot_id: String(slotId),
      attachment_file: { name: 'bicycle.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { complaint: { reference_number: string } }).complaint;
}
