// Finding 5 of the second round: the application's database role owned the audit log, so it could switch the
// append-only trigger off and edit, delete or forge entries without a trace. Each entry now carries a hash
// chained to the one before; the server's jobs walk the chain and GET /api/admin/audit-log/verify reads what
// they found (a full walk asked for with POST .../verify/full-walk). Here: a few audited changes
// through the API, the log verified intact; then, as the database superuser behind the server's back, an
// entry edited and one removed, each found at the right entry; every row is put back exactly as it was (and
// the log verified intact again), so later checks and the fuzzing see an untouched log.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { call, DEMO_PASSWORDS } from '../server-process.mjs';
import { createOfficer, signIn } from '../accounts.mjs';

export const title = 'the audit log is tamper-evident (hash chain, verified by jobs, read by administrators)';

/** A change made as the superuser with the append-only trigger off, inside one transaction. */
async function behindTheServersBack(client, statement, params) {
  await client.query('begin');
  try {
    await client.query('alter table audit_log disable trigger audit_log_append_only');
    await client.query(statement, params);
    await client.query('alter table audit_log enable trigger audit_log_append_only');
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  }
}

export async function run({ base, databaseUrl, adminToken }) {
  const rows = [];
  const stateOf = (token = adminToken) =>
    fetch(`${base}/api/admin/audit-log/verify`, { headers: { authorization: `Bearer ${token}` } }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
  /**
   * The verification runs in the server's jobs, never in a request: a full walk asked for (POST), then its stored
   * result once a walk that started after this call has finished (a walk already running is waited out first).
   */
  async function verify() {
    const since = Date.now();
    for (let tries = 0; tries < 240; tries++) {
      const asked = await fetch(`${base}/api/admin/audit-log/verify/full-walk`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` } });
      if (asked.status !== 202) throw new Error(`asking for a full walk answered ${asked.status}`);
      const state = await stateOf();
      const walk = state.body.full_walk;
      if (walk.state === 'done' && Date.parse(walk.started_at) >= since) return state;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('no full walk finished within a minute');
  }

  // Audited changes: an officer account, three slots (and the officer's sign-in).
  const suffix = randomBytes(3).toString('hex');
  const officer = { username: `chain.officer.${suffix}`, password: DEMO_PASSWORDS.officer };
  await createOfficer(base, adminToken, { ...officer, full_name: 'Chain Check Officer', officer_id: `CHAIN-${suffix}`.toUpperCase(), branch: 'Crime Branch' });
  const officerToken = await signIn(base, officer, 'police');
  const date = new Date(Date.now() + (30 + (parseInt(suffix, 16) % 300)) * 86_400_000).toISOString().slice(0, 10);
  const slots = [];
  for (const [from, to] of [
    ['08:00', '08:30'],
    ['09:00', '09:30'],
    ['10:00', '10:30'],
  ])
    slots.push(
      await call(base, 'POST', '/api/admin/slots', {
        token: adminToken,
        json: { date, time_from: from, time_to: to, available_slots: 3, branch: 'Crime Branch' },
      }),
    );

  const intact = await verify();
  rows.push({
    measure: 'after audited changes: verify',
    value: `${intact.status} ok=${intact.body.ok}, ${intact.body.checked} checked`,
    target: '200 ok=true',
    ok: intact.status === 200 && intact.body.ok === true && intact.body.first_bad_id === null,
  });
  const officerAsks = await stateOf(officerToken);
  rows.push({ measure: 'verify as an officer', value: officerAsks.status, target: 403, ok: officerAsks.status === 403 });

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const entry = async (slot) =>
      (await client.query(`select id::int, to_jsonb(a) as row from audit_log a where action = 'slot.create' and subject_id = $1`, [String(slot.id)])).rows[0];
    const put = `insert into audit_log select * from jsonb_populate_record(null::audit_log, $1)`;

    // An entry edited: the slot's capacity in its summary.
    const edited = await entry(slots[1]);
    await behindTheServersBack(client, `update audit_log set summary = jsonb_set(summary, '{after,capacity}', '300') where id = $1`, [edited.id]);
    const afterEdit = (await verify()).body;
    rows.push({
      measure: `entry #${edited.id} edited by the superuser: verify`,
      value: `ok=${afterEdit.ok}, first_bad_id=${afterEdit.first_bad_id}`,
      target: `ok=false, first_bad_id=${edited.id}`,
      ok: afterEdit.ok === false && afterEdit.first_bad_id === edited.id,
    });
    await behindTheServersBack(client, `delete from audit_log where id = $1`, [edited.id]);
    await behindTheServersBack(client, put, [edited.row]);

    // An entry removed: the one after it no longer follows.
    const removed = await entry(slots[0]);
    const { rows: nextRows } = await client.query(`select id::int from audit_log where position = $1::bigint + 1`, [removed.row.position]);
    await behindTheServersBack(client, `delete from audit_log where id = $1`, [removed.id]);
    const afterRemoval = (await verify()).body;
    rows.push({
      measure: `entry #${removed.id} removed by the superuser: verify`,
      value: `ok=${afterRemoval.ok}, first_bad_id=${afterRemoval.first_bad_id}`,
      target: `ok=false, first_bad_id=${nextRows[0]?.id} (the next)`,
      ok: afterRemoval.ok === false && afterRemoval.first_bad_id === nextRows[0]?.id,
    });
    await behindTheServersBack(client, put, [removed.row]);
  } finally {
    await client.end();
  }

  const restored = await verify();
  rows.push({
    measure: 'every row put back: verify',
    value: `ok=${restored.body.ok}, ${restored.body.checked} checked`,
    target: 'ok=true',
    ok: restored.body.ok === true,
  });
  return rows;
}
