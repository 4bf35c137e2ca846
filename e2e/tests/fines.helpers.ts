import { expect, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { nicBirthDate, uniqueNic } from './nic.helpers';
import { apiSignIn, baseUrlOfTest } from './staff-auth.helpers';
import { DEMO_OFFICER_PASSWORD } from '../../server/src/seed/demo-accounts';

/** A real (1×1) PNG: the server recognises uploads by their content. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export const FINES_OFFICER = { username: 'fines.officer', password: DEMO_OFFICER_PASSWORD };
export type Area = 'citizen' | 'police' | 'admin';

let seq = 0;
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;
/** A 12-digit NIC unique to this run. */

/** A Sri Lankan-style plate no other test uses, e.g. "WP QKD-4821". */
export function uniquePlate() {
  const letter = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));
  const digits = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  return `WP ${letter()}${letter()}${letter()}-${digits}`;
}

/** A Colombo wall-clock time "YYYY-MM-DDTHH:MM", `daysAgo` days back (the issue form's datetime-local value). */
export function colomboDateTime(daysAgo = 1, hour?: number) {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Colombo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const hh = hour === undefined ? parts.hour : String(hour).padStart(2, '0');
  return `${parts.year}-${parts.month}-${parts.day}T${hh}:${parts.minute}`;
}

/** Signs in through the API: staff answer their second factor, and a live session of this worker is reused (staff-auth.helpers.ts). */
const apiLogin = (request: APIRequestContext, username: string, password: string, area: 'citizen' | 'police' | 'admin') =>
  apiSignIn(request, { username, password }, area);

export async function bearer(request: APIRequestContext, who: { username: string; password: string }, area: Area) {
  const { token } = await apiLogin(request, who.username, who.password, area);
  return { authorization: `Bearer ${token}` };
}

/** A fresh citizen, signed up through the API (multipart with real images), so its fines are its own. */
export async function signUpCitizen(request: APIRequestContext, username = unique('fine')) {
  const password = 'Rambutan-Kite-Harbour-38';
  const nic = uniqueNic();
  const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
  const res = await request.post('/api/auth/signup-citizen', {
    multipart: {
      first_name: 'Sunil',
      second_name: 'Fernando',
      date_of_birth: nicBirthDate(nic),
      username,
      password,
      email: `${username}@example.lk`,
      mobile_number: '+94712345678',
      identity_type: 'NIC',
      identity_number: nic,
      address: '45 Kandy Road, Kadawatha',
      marital_status: 'Married',
      identity_photo_front: photo('front.png'),
      identity_photo_back: photo('back.png'),
      live_photo: photo('live.png'),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { username, password, nic };
}

export interface FineSeed {
  identity: string;
  vehicle: string;
  amount?: string;
  location?: string;
  offense?: 'Speeding' | 'Illegal Parking' | 'Reckless Driving' | 'Signal Violation' | 'Other';
  incidentDate?: string;
}

/** Issues a fine as the Traffic Fine Branch officer, through the API. */
export async function issueFine(request: APIRequestContext, headers: Record<string, string>, fine: FineSeed) {
  const res = await request.post('/api/fines', {
    headers,
    data: {
      citizen_identity_type: 'NIC',
      citizen_identity_number: fine.identity,
      vehicle_number: fine.vehicle,
      amount: fine.amount ?? '1500.00',
      description: 'Issued by the browser tests',
      incident_date: fine.incidentDate ?? colomboDateTime(2),
      incident_location: fine.location ?? 'Galle Road, Kollupitiya',
      offense_type: fine.offense ?? 'Illegal Parking',
      speed_recorded: null,
      speed_limit: null,
      court_required: false,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; vehicle_number: string };
}

/** A browser context signed in the way the web app keeps a session, showing `language`. */
export async function signedInContext(browser: Browser, who: { username: string; password: string }, area: Area, language = 'en'): Promise<BrowserContext> {
  const context = await browser.newContext();
  const { token, role } = await apiLogin(context.request, who.username, who.password, area);
  // The session cookie (attachments): set here too, since a reused session's sign-in did not set it in this context.
  await context.addCookies([{ name: 'pes_session', value: token, url: baseUrlOfTest(), httpOnly: true, sameSite: 'Lax' }]);
  await context.addInitScript(
    ([t, r, lng]) => {
      if (!sessionStorage.getItem('token')) {
        sessionStorage.setItem('token', t);
        localStorage.setItem('token', t);
        sessionStorage.setItem('app_role', r);
      }
      localStorage.setItem('language', lng);
    },
    [token, role, language] as const,
  );
  return context;
}
