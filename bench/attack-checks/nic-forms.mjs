// Issue 46, "one person, one NIC": a NIC has an old form (9 digits and V or X: 511521766V) and a new one (12 digits:
// 195115201766), and both signed up as two accounts, so someone could take a person's NIC in its other form and have a
// certificate printed in it. Here: a citizen signs up with an old-form NIC; every other spelling of that number (its
// new form, X for V, lower case with spaces) is refused with 409 naming identity_number, and so is the old form of a
// new-form account's number; a NIC whose day is no day, or not the date of birth given, is a 400 naming the field;
// the account keeps the 12-digit form, and the administrator finds it by either form.
import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORDS, multipartBody } from '../server-process.mjs';
import { PNG, signIn, signUpCitizen, uniqueNic } from '../accounts.mjs';

export const title = 'NIC forms: one account per NIC in either form; its day real and the date of birth';

const PHOTOS = {
  identity_photo_front: { name: 'f.png', type: 'image/png', buffer: PNG },
  identity_photo_back: { name: 'b.png', type: 'image/png', buffer: PNG },
  live_photo: { name: 'l.png', type: 'image/png', buffer: PNG },
};

/** A signup whose answer is judged here: status and the error's code and field keys. */
async function signup(base, address, fields) {
  const suffix = randomBytes(3).toString('hex');
  const { body, contentType } = multipartBody(
    {
      first_name: 'Nic',
      second_name: 'Check',
      username: `nic.${suffix}`,
      password: DEMO_PASSWORDS.citizen,
      email: `nic.${suffix}@example.lk`,
      mobile_number: '+94771234567',
      identity_type: 'NIC',
      address: '1 Check Road, Colombo',
      marital_status: 'Single',
      ...fields,
    },
    PHOTOS,
  );
  const res = await fetch(`${base}/api/auth/signup-citizen`, { method: 'POST', headers: { 'content-type': contentType, 'x-forwarded-for': address }, body });
  const answer = await res.json().catch(() => undefined);
  return { status: res.status, code: answer?.error?.code, fields: JSON.stringify(answer?.error?.fieldKeys ?? {}) };
}

/** The old form of a 12-digit NIC whose serial starts with 0 (as every converted old number's does). */
function oldFormOf(nic) {
  return `${nic.slice(2, 7)}${nic.slice(8)}V`;
}

/** A new-form NIC with a 0 before its serial, so that it has an old form too. */
function convertibleNic() {
  const nic = uniqueNic();
  return `${nic.slice(0, 7)}0${nic.slice(8)}`;
}

const birthDateOf = (nic12) => {
  const days = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335];
  const day = Number(nic12.slice(4, 7));
  let month = 11;
  while (days[month] >= day) month--;
  return `${nic12.slice(0, 4)}-${String(month + 1).padStart(2, '0')}-${String(day - days[month]).padStart(2, '0')}`;
};

export async function run({ base, adminToken, forwardedFor }) {
  const rows = [];
  const taken = (res) => res.status === 409 && res.code === 'auth.identity_taken' && res.fields === '{"identity_number":"identityTaken"}';

  // 1. An old-form account; its other spellings.
  const nic = convertibleNic();
  const old = oldFormOf(nic);
  const holder = { username: `nic.holder.${randomBytes(3).toString('hex')}`, password: DEMO_PASSWORDS.citizen, identity_number: old };
  await signUpCitizen(base, holder);
  for (const [name, other] of [
    ['its new form', nic],
    ['X for V', old.replace('V', 'X')],
    ['lower case with spaces', ` ${old.slice(0, 4)} ${old.slice(4).toLowerCase()} `],
  ]) {
    const res = await signup(base, forwardedFor(), { identity_number: other, date_of_birth: birthDateOf(nic) });
    rows.push({
      measure: `signup with the old-form account's NIC, ${name}`,
      value: `${res.status} ${res.code ?? ''} ${res.fields}`,
      target: '409 identity_number',
      ok: taken(res),
    });
  }

  // 2. A new-form account; its old form.
  const renewed = convertibleNic();
  await signUpCitizen(base, { username: `nic.renewed.${randomBytes(3).toString('hex')}`, password: DEMO_PASSWORDS.citizen, identity_number: renewed });
  const again = await signup(base, forwardedFor(), { identity_number: oldFormOf(renewed), date_of_birth: birthDateOf(renewed) });
  rows.push({
    measure: "signup with a new-form account's NIC in its old form",
    value: `${again.status} ${again.code ?? ''} ${again.fields}`,
    target: '409 identity_number',
    ok: taken(again),
  });

  // 3. What a NIC encodes: a real day, and the date of birth.
  const serial = uniqueNic().slice(7);
  for (const [name, identity_number, date_of_birth, message] of [
    ['day 000', `1990000${serial}`, '1990-01-01', 'nicDay'],
    ['29 February of 1991 (day 060)', `1991060${serial}`, '1991-03-01', 'nicDay'],
    ['another date of birth', `1990103${serial}`, '1990-04-13', 'nicBirthDate'],
  ]) {
    const res = await signup(base, forwardedFor(), { identity_number, date_of_birth });
    const expected = `{"identity_number":"${message}"}`;
    rows.push({
      measure: `signup with a NIC of ${name}`,
      value: `${res.status} ${res.fields}`,
      target: `400 ${message}`,
      ok: res.status === 400 && res.fields === expected,
    });
  }

  // 4. Kept in one form: the account says so, and the administrator finds it by either form.
  const token = await signIn(base, holder, 'citizen');
  const me = await (await fetch(`${base}/api/auth/getCurrentUserInfo`, { headers: { authorization: `Bearer ${token}` } })).json();
  rows.push({ measure: 'the old-form account’s stored NIC', value: me.user.identity_number, target: nic, ok: me.user.identity_number === nic });
  for (const search of [old, nic]) {
    const found = await (
      await fetch(`${base}/api/admin/users?search=${encodeURIComponent(search)}`, { headers: { authorization: `Bearer ${adminToken}` } })
    ).json();
    const usernames = (found.users ?? []).map((u) => u.username);
    rows.push({
      measure: `administrator's search by ${search === old ? 'the old' : 'the new'} form`,
      value: usernames.join(', ') || 'none',
      target: holder.username,
      ok: usernames.length === 1 && usernames[0] === holder.username,
    });
  }
  return rows;
}
