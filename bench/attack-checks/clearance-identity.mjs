// Findings 1 and 2 of the second round: a citizen applied and paid with another citizen's NIC and name, and
// the certificate and its public verification then named that other person; and verification took the
// sequential reference (PCC-YYYY-000001 upwards), unthrottled, so anyone could list every holder's name.
// Here: an application with another citizen's NIC is refused (400 naming nic_number) and one with the
// applicant's own is stored with the account's NIC (the Admin Branch sees the account); the certificate
// verifies by its random code, while its reference names nobody; one address is throttled (429 with
// Retry-After) long before it could try many codes; and a withdrawn certificate verifies as withdrawn and
// is no longer served to its citizen.
import { randomBytes } from 'node:crypto';
import { call, DEMO_PASSWORDS, multipartBody } from '../server-process.mjs';
import { createOfficer, PNG, signIn, signUpCitizen, uniqueNic } from '../accounts.mjs';

export const title = 'clearance: certificates only in the applicant’s own identity; verified by an unguessable code, throttled, withdrawable';

/** The verification limit the attack's server runs with: the default (server-process.mjs raises every limit out of reach otherwise). */
const VERIFY_LIMIT = 30;
export const serverEnv = { RATE_LIMIT_VERIFY: String(VERIFY_LIMIT) };

const CARD = { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', cardholder_name: 'Attack Check' };
/** Well past the verification limit per address per minute. */
const VERIFY_TRIES = 200;

/** A request whose answer is judged here (not thrown on): status, Retry-After and the JSON body. */
async function ask(base, method, url, { token, json, address } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (json) headers['content-type'] = 'application/json';
  if (address) headers['x-forwarded-for'] = address;
  const res = await fetch(`${base}${url}`, { method, headers, body: json ? JSON.stringify(json) : undefined });
  const body = await res.json().catch(() => undefined);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
}

/** A complete application for `nic` with the citizen's own uploads, the name given. */
function application(nic, name, uploads) {
  return {
    application_type: 'new',
    nationality: 'sri_lankan',
    date_of_birth: '1990-01-01',
    left_before_sixteen: false,
    nic_number: nic,
    confirm_nic_number: nic,
    country: 'Canada',
    station: 'Slave Island Police',
    full_name_nic: name,
    sex: 'female',
    title: 'Ms',
    name_to_print: name,
    address_sri_lanka: '1 Check Road, Colombo',
    occupation: 'Engineer',
    purpose: 'Visa',
    residence_history: [],
    delivery_address1: '1 Check Road',
    delivery_city: 'Colombo',
    delivery_postal_code: '00100',
    delivery_state: 'Western',
    delivery_country: 'Sri Lanka',
    mobile_number: '+94771234567',
    confirm_mobile_number: '+94771234567',
    email: 'check@example.lk',
    confirm_email: 'check@example.lk',
    uploads,
    declaration: true,
    payment_declaration: true,
  };
}

export async function run({ base, adminToken, forwardedFor }) {
  const rows = [];
  const suffix = randomBytes(3).toString('hex');
  const victim = { username: `id.victim.${suffix}`, password: DEMO_PASSWORDS.citizen, identity_number: uniqueNic() };
  const applicant = { username: `id.applicant.${suffix}`, password: DEMO_PASSWORDS.citizen, identity_number: uniqueNic() };
  await signUpCitizen(base, { ...victim, first_name: 'Victim', second_name: 'Person' });
  await signUpCitizen(base, { ...applicant, first_name: 'Applicant', second_name: 'Person' });
  const token = await signIn(base, applicant, 'citizen');
  const officer = { username: `id.officer.${suffix}`, password: DEMO_PASSWORDS.officer };
  await createOfficer(base, adminToken, { ...officer, full_name: 'Identity Check Officer', officer_id: `IDC-${suffix}`.toUpperCase(), branch: 'Admin Branch' });
  const officerToken = await signIn(base, officer, 'police');
  const upload = async () =>
    (await call(base, 'POST', '/api/clearance/upload', { token, multipart: multipartBody({}, { file: { name: 'nic.png', type: 'image/png', buffer: PNG } }) }))
      .file.path;
  const uploads = { nicFront: await upload(), nicBack: await upload() };

  // 1. Another citizen's NIC and name: refused, naming the field.
  const other = await ask(base, 'POST', '/api/clearance/apply', { token, json: application(victim.identity_number, 'Victim Person', uploads) });
  rows.push({
    measure: "apply with another citizen's NIC",
    value: `${other.status} ${other.body?.error?.code} (${Object.keys(other.body?.error?.fieldKeys ?? {}).join(', ')})`,
    target: '400 naming nic_number',
    ok: other.status === 400 && other.body?.error?.fieldKeys?.nic_number !== undefined,
  });

  // 2. The applicant's own: paid through the sandbox, stored with the account's NIC; the officer sees the account.
  const { sessionId } = await call(base, 'POST', '/api/clearance/apply', { token, json: application(applicant.identity_number, 'Victim Person', uploads) });
  await call(base, 'POST', `/api/payments/sandbox/sessions/${sessionId}/pay`, { json: CARD });
  const reference = (await call(base, 'GET', `/api/clearance/payment-status/${sessionId}`, { token })).clearanceCertificate.reference_number;
  const listed = await call(base, 'GET', `/api/clearance/applications?search=${reference}`, { token: officerToken });
  const id = listed.applications[0].id;
  const detail = await call(base, 'GET', `/api/clearance/applications/${id}`, { token: officerToken });
  rows.push({
    measure: 'stored NIC; the account the officer sees',
    value: `${detail.nic_number === applicant.identity_number ? 'own NIC' : detail.nic_number}; ${detail.account?.username === applicant.username ? 'applicant' : detail.account?.username}`,
    target: 'own NIC; applicant',
    ok: detail.nic_number === applicant.identity_number && detail.account?.username === applicant.username,
  });

  // 3. Certificate issued: its draft names the account's holder, not the name typed in the application.
  await call(base, 'PUT', `/api/clearance/applications/${id}/status`, { token: officerToken, json: { status: 'completed' } });
  const draft = await call(base, 'GET', `/api/clearance/applications/${id}/certificate-draft`, { token: officerToken });
  await call(base, 'POST', `/api/clearance/applications/${id}/certificate/generate`, { token: officerToken, json: draft });
  const issued = await call(base, 'GET', `/api/clearance/applications/${id}`, { token: officerToken });
  const code = issued.certificate?.verification_code ?? '';
  rows.push({ measure: 'name on the certificate draft', value: draft.fullName, target: 'Applicant Person', ok: draft.fullName === 'Applicant Person' });

  // 4. The reference names nobody; the code verifies.
  const byReference = await ask(base, 'GET', `/api/clearance/verify/${reference}`, { address: forwardedFor() });
  rows.push({
    measure: 'verify by reference',
    value: `${byReference.status} ${byReference.body?.result}, name ${byReference.body?.full_name ?? 'none'}`,
    target: 'no name',
    ok: byReference.status === 200 && byReference.body?.full_name === null && byReference.body?.result !== 'valid',
  });
  const byCode = await ask(base, 'GET', `/api/clearance/verify/${code}`, { address: forwardedFor() });
  rows.push({
    measure: 'verify by code',
    value: `${byCode.status} ${byCode.body?.result}, ${byCode.body?.full_name}; ${code.length} characters`,
    target: 'valid, Applicant Person; ≥ 16 characters (80 bits)',
    ok: byCode.body?.result === 'valid' && byCode.body?.full_name === 'Applicant Person' && code.length >= 16,
  });

  // 5. One address guessing codes: throttled.
  const address = forwardedFor();
  let answered = 0;
  let refused;
  for (let i = 0; i < VERIFY_TRIES && !refused; i++) {
    const guess = await ask(base, 'GET', `/api/clearance/verify/${randomBytes(10).toString('hex').toUpperCase()}`, { address });
    if (guess.status === 429) refused = guess;
    else if (guess.status === 200) answered++;
  }
  rows.push({
    measure: `verify door, one address, ${VERIFY_TRIES} tries`,
    value: refused ? `429 after ${answered} (Retry-After ${refused.retryAfter} s)` : `never refused (${answered} answered)`,
    target: `429 after ${VERIFY_LIMIT}, with Retry-After`,
    ok: refused !== undefined && answered === VERIFY_LIMIT && Number(refused.retryAfter) > 0,
  });

  // 6. Withdrawn: verification says so, the citizen is neither offered nor served the file.
  await call(base, 'PUT', `/api/clearance/applications/${id}/status`, { token: officerToken, json: { status: 'rejected', reason: 'Attack check: withdrawn' } });
  const withdrawn = await ask(base, 'GET', `/api/clearance/verify/${code}`, { address: forwardedFor() });
  const tracked = await call(base, 'GET', `/api/clearance/track/${applicant.identity_number}`, { token });
  const file = await fetch(`${base}${issued.certificate_url}`, { headers: { authorization: `Bearer ${token}` } });
  rows.push({
    measure: 'withdrawn: verify; offered; served to the citizen',
    value: `${withdrawn.body?.result}; ${tracked.certificate_url === null ? 'no' : 'yes'}; ${file.status}`,
    target: 'withdrawn; no; 404',
    ok: withdrawn.body?.result === 'withdrawn' && tracked.certificate_url === null && file.status === 404,
  });
  return rows;
}
