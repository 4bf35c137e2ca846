// The accounts a bench run needs, made through the API as people make them: officers by the
// administrator, citizens by signup (with three small photos), tokens by signing in. One place, so
// every script sets up its accounts the same way, and a change to signup or sign-in is made once.
import { ADMIN, call, multipartBody } from './server-process.mjs';

/** A 1×1 PNG: the bench citizens' signup photos, and any other small image a run uploads. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const PHOTOS = Object.fromEntries(
  ['identity_photo_front', 'identity_photo_back', 'live_photo'].map((f) => [f, { name: 'p.png', type: 'image/png', buffer: PNG }]),
);

/** A session's token for `who` ({ username, password }) in `area`; throws if the sign-in is refused. */
export async function signIn(base, who, area) {
  return (await call(base, 'POST', '/api/auth/login', { json: { username: who.username, password: who.password, area } })).token;
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

/**
 * A citizen signed up through the API; answers the server's reply. `citizen`: username, password and
 * identity_number at least; the other signup fields default to a bench citizen's and may be given.
 */
export function signUpCitizen(base, { username, password, identity_number, ...fields }) {
  return call(base, 'POST', '/api/auth/signup-citizen', {
    multipart: multipartBody(
      {
        first_name: 'Bench',
        second_name: 'Citizen',
        date_of_birth: '1990-01-01',
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
