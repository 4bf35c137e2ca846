// The accounts a bench run needs, made through the API as people make them: officers by the
// administrator, citizens by signup (with three small photos), tokens by signing in. One place, so
// every script sets up its accounts the same way, and a change to signup or sign-in is made once.
import { Secret, TOTP } from 'otpauth';
import { ADMIN, call, multipartBody } from './server-process.mjs';

/** A 1×1 PNG: the bench citizens' signup photos, and any other small image a run uploads. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const PHOTOS = Object.fromEntries(
  ['identity_photo_front', 'identity_photo_back', 'live_photo'].map((f) => [f, { name: 'p.png', type: 'image/png', buffer: PNG }]),
);

/** Staff accounts' TOTP secrets (set up by this process), their last used time step, and their live sessions. */
const secrets = new Map();
const lastSteps = new Map();
const staffSessions = new Map();

/**
 * A code of a 30-second step later than any this process used for the account (a code is good once): the current
 * step's, or the next one's (accepted one step ahead), else after waiting for the step to come.
 */
async function nextCode(key, secret) {
  const current = Math.floor(Date.now() / 30_000);
  const step = Math.max(current, (lastSteps.get(key) ?? 0) + 1);
  if (step > current + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * 30_000 - Date.now() + 100));
  lastSteps.set(key, step);
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: step * 30_000 + 1 });
}

/**
 * A session's token for `who` ({ username, password }) in `area`; throws if the sign-in is refused. Officers and
 * administrators answer their second factor (set-up on a first sign-in, which this process remembers), and a live
 * session of theirs is reused, since each sign-in uses up a 30-second step's code.
 */
export async function signIn(base, who, area) {
  const key = `${base}|${who.username.toLowerCase()}`;
  const cached = staffSessions.get(key);
  if (cached) {
    const me = await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${cached}` } });
    if (me.ok && (!area || (await me.json()).user.role === (area === 'police' ? 'police_officer' : area))) return cached;
  }
  const answer = await call(base, 'POST', '/api/auth/login', { json: { username: who.username, password: who.password, area } });
  if (!answer.mfa) return answer.token;
  let session;
  if (answer.mfa === 'setup') {
    const { secret } = await call(base, 'POST', '/api/auth/mfa/setup', { json: { mfa_token: answer.mfa_token } });
    secrets.set(key, secret);
    session = await call(base, 'POST', '/api/auth/mfa/confirm', { json: { mfa_token: answer.mfa_token, code: await nextCode(key, secret) } });
  } else {
    const secret = secrets.get(key);
    if (!secret) throw new Error(`no TOTP secret known for ${who.username}: it was set up outside this run`);
    session = await call(base, 'POST', '/api/auth/mfa/verify', { json: { mfa_token: answer.mfa_token, code: await nextCode(key, secret) } });
  }
  staffSessions.set(key, session.token);
  return session.token;
}

/** The bench administrator's token (the account the server is started with). */
export const signInAdmin = (base) => signIn(base, ADMIN, 'admin');

/**
 * An officer account made by the administrator (`admin`: their token); answers the server's reply.
 * `officer`: username, password, full_name, officer_id, branch, and a station where the branch has one.
 */
export function createOfficer(base, admin, officer) {
  return call(base, 'POST', '/api/admin/users/create-officer', { token: admin, json: officer });
}

/** Days before each month in a year with a 29 February: a NIC's day counts one in every year (contracts/src/nic.ts). */
const NIC_DAYS_BEFORE_MONTH = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335];

/** The date of birth a valid NIC (either form) encodes, YYYY-MM-DD (contracts' decodeNic, for scripts that cannot import it). */
export function nicBirthDate(nic) {
  const digits = /^\d{9}[VvXx]$/.test(nic) ? `19${nic.slice(0, 5)}` : nic.slice(0, 7);
  const coded = Number(digits.slice(4, 7));
  const day = coded > 500 ? coded - 500 : coded;
  let month = 11;
  while (NIC_DAYS_BEFORE_MONTH[month] >= day) month--;
  return `${digits.slice(0, 4)}-${String(month + 1).padStart(2, '0')}-${String(day - NIC_DAYS_BEFORE_MONTH[month]).padStart(2, '0')}`;
}

let nicCounter = 0;
/** A valid 12-digit NIC unique enough for a run: a man born 1950–1999 on a day every year has, and a serial from the clock. */
export function uniqueNic() {
  const n = (Date.now() % 10_000_000) * 100 + (nicCounter++ % 100);
  const dayIndex = Math.floor(n / 50) % 364;
  const day = dayIndex + 1 >= 60 ? dayIndex + 2 : dayIndex + 1;
  return `${1950 + (n % 50)}${String(day).padStart(3, '0')}${String(Math.floor(n / 50 / 364) % 100_000).padStart(5, '0')}`;
}

/**
 * A citizen signed up through the API; answers the server's reply. `citizen`: username, password and
 * identity_number at least; the other signup fields default to a bench citizen's and may be given (the date of
 * birth defaults to the one the NIC encodes: signup refuses a NIC of another day).
 */
export function signUpCitizen(base, { username, password, identity_number, ...fields }) {
  return call(base, 'POST', '/api/auth/signup-citizen', {
    multipart: multipartBody(
      {
        first_name: 'Bench',
        second_name: 'Citizen',
        date_of_birth: nicBirthDate(identity_number),
        username,
        password,
        email: `${username}@example.lk`,
        mobile_number: '+94771234567',
        identity_type: 'NIC',
        identity_number,
        address: '1 Bench Road, Colombo',
        marital_status: 'Single',
        ...fields,
      },
      PHOTOS,
    ),
  });
}
