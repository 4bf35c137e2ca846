// Issue 20, finding 3: an anonymous reporter's tracking code lists their own report's status changes and
// nobody else's, and the tracking door is limited per client address. Two reports at a station of this
// check's own, with a Crime Branch officer of its own; the officer sets a status with a note on one;
// tracking the other must show none of it. Then one address tracks until it is refused.
import { createOfficer, signIn } from '../accounts.mjs';
import { call, DEMO_PASSWORDS, multipartBody } from '../server-process.mjs';

export const title = "anonymous tracking shows only the reporter's own report, and is limited per address";

/** The tracking limit the attack's server runs with (server-process.mjs raises every limit out of reach otherwise). */
const TRACK_LIMIT = 20;
export const serverEnv = { RATE_LIMIT_ANONYMOUS_TRACK: String(TRACK_LIMIT) };

const STATION = 'Polonnaruwa Police Station';
const NOTE = 'Informant K. Perera named the clerk'; // at most 60 characters, as any status

const report = (what) => ({
  station: STATION,
  complaintType: 'Corruption',
  when: '2025-03-01T09:30',
  what,
  where: 'Divisional office, Galle Road',
  how: 'In person, at the counter.',
  provideContact: 'false',
});

export async function run({ base, adminToken, forwardedFor }) {
  const json = (address) => ({ 'content-type': 'application/json', 'x-forwarded-for': address });
  const track = (code, address = forwardedFor()) =>
    fetch(`${base}/api/anonymous/track`, { method: 'POST', headers: json(address), body: JSON.stringify({ tracking_code: code }) });
  const submit = async (what) => {
    const { body, contentType } = multipartBody(report(what));
    const res = await fetch(`${base}/api/anonymous`, { method: 'POST', body, headers: { 'content-type': contentType, 'x-forwarded-for': forwardedFor() } });
    if (res.status !== 201) throw new Error(`anonymous report: ${res.status} ${await res.text()}`);
    return res.json();
  };

  const officer = { username: 'check.anon.crime', password: DEMO_PASSWORDS.officer };
  await createOfficer(base, adminToken, { ...officer, full_name: 'Check Crime Officer', officer_id: 'CHECK-ANON-1', branch: 'Crime Branch', station: STATION });
  const officerToken = await signIn(base, officer, 'police');
  const first = await submit('The first report: an official asked for money.');
  const other = await submit('The second report, by somebody else.');

  const mine = await call(base, 'GET', '/api/anonymous/officer/CHECK-ANON-1', { token: officerToken });
  const assigned = new Set(mine.complaints.map((c) => c.id));
  const bothAssigned = assigned.has(first.id) && assigned.has(other.id);
  if (bothAssigned) await call(base, 'PUT', `/api/anonymous/${first.id}/status`, { token: officerToken, json: { status: NOTE } });

  const otherTracked = await (await track(other.tracking_code)).json();
  const firstTracked = await (await track(first.tracking_code)).json();
  const foreign = (otherTracked.history ?? []).length;
  const noteShown = JSON.stringify(otherTracked).includes('Perera');
  const ownShown = (firstTracked.history ?? []).some((h) => h.status === NOTE);

  // One address tracks until refused; another still tracks meanwhile.
  const address = forwardedFor();
  let answered = 0;
  let refusal;
  for (let i = 0; i < TRACK_LIMIT * 5 && !refusal; i++) {
    const res = await track(first.tracking_code, address);
    const body = await res.json();
    if (res.status === 429) refusal = { code: body.error?.code, retryAfter: Number(res.headers.get('retry-after')) };
    else answered++;
  }
  const { code: refusalCode, retryAfter } = refusal ?? {};
  const elsewhere = (await track(first.tracking_code)).status;

  return [
    { measure: 'both reports assigned to the check officer', value: bothAssigned ? 'yes' : 'no', target: 'yes', ok: bothAssigned },
    { measure: "status changes of another report on a new report's tracking", value: foreign, target: 0, ok: foreign === 0 },
    { measure: "the officer's note shown to the other reporter", value: noteShown ? 'yes' : 'no', target: 'no', ok: !noteShown },
    { measure: 'the note shown on its own report', value: ownShown ? 'yes' : 'no', target: 'yes', ok: ownShown },
    {
      measure: 'tracking requests answered from one address before 429',
      value: answered,
      target: `${TRACK_LIMIT} (RATE_LIMIT_ANONYMOUS_TRACK)`,
      ok: Boolean(refusal) && answered <= TRACK_LIMIT,
    },
    {
      measure: 'the refusal: request.rate_limited with Retry-After',
      value: refusal ? `${refusalCode}, ${retryAfter} s` : 'none',
      target: 'yes, 1–60 s',
      ok: refusalCode === 'request.rate_limited' && retryAfter >= 1 && retryAfter <= 60,
    },
    { measure: 'another address tracking meanwhile', value: elsewhere, target: 200, ok: elsewhere === 200 },
  ];
}
