// The audit chain's verification jobs on a generated national-size chain (issue 43): a valid chain of N entries
// (default 500,000; --entries N) loaded in bulk on PostgreSQL (the hashes computed by the server's own chainBatch,
// from dist/audit-chain-tools.js), then timed: the incremental step verifying the whole chain from nothing (batches
// of 10,000, the checkpoint stored after each), the step verifying 10,000 entries appended since, and a full walk
// from the first entry. Also the longest the event loop waited during each (a batch's CPU is one turn of it).
// Needs `npm run build`; a database of its own on BENCH_PG_URL's server (default postgres://postgres@127.0.0.1:5432),
// dropped at the end.
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pg from 'pg';
import { ROOT } from './server-process.mjs';

const tools = await import(`${ROOT}/server/dist/audit-chain-tools.js`);
const entriesArg = process.argv.indexOf('--entries');
const ENTRIES = entriesArg > 0 ? Number(process.argv[entriesArg + 1]) : 500_000;
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOAD_BATCH = 10_000;

const name = `pes_audit_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;

/** Appends `count` generated entries after the chain's head, chained by chainBatch; answers the time taken. */
async function appendChain(client, count) {
  const started = performance.now();
  const { rows } = await client.query('select position::int, hash from audit_log order by position desc limit 1');
  let cursor = rows[0] ? { position: rows[0].position + 1, prevHash: rows[0].hash } : tools.CHAIN_START;
  const { rows: top } = await client.query(`select coalesce(max(id), 0)::int as id from audit_log`);
  let nextId = top[0].id + 1;
  const at = new Date();
  for (let done = 0; done < count; done += LOAD_BATCH) {
    const n = Math.min(LOAD_BATCH, count - done);
    const contents = Array.from({ length: n }, (_, i) => {
      const id = nextId + i;
      return {
        id,
        atMicros: tools.microsOf(at),
        actorUserId: null,
        actorUsername: `officer.${id % 5000}`,
        actorRole: 'police_officer',
        actorBranch: 'Traffic Fine Branch',
        action: 'fine.issue',
        subjectType: 'fine',
        subjectId: `TF-${id}`,
        summary: { after: { amount: 1000 + (id % 50) * 500, offence: `O${id % 40}` } },
      };
    });
    nextId += n;
    const chained = tools.chainBatch(contents, cursor);
    cursor = chained.cursor;
    await client.query(
      `insert into audit_log (id, at, actor_username, actor_role, actor_branch, action, subject_type, subject_id, summary, position, prev_hash, hash)
       select id, $2::timestamptz, u, 'police_officer', 'Traffic Fine Branch', 'fine.issue', 'fine', s, sm, p, ph, h
       from unnest($1::bigint[], $3::text[], $4::text[], $5::jsonb[], $6::bigint[], $7::text[], $8::text[]) as v(id, u, s, sm, p, ph, h)`,
      [
        chained.links.map((l) => l.id),
        at.toISOString(),
        contents.map((c) => c.actorUsername),
        contents.map((c) => c.subjectId),
        contents.map((c) => JSON.stringify(c.summary)),
        chained.links.map((l) => l.position),
        chained.links.map((l) => l.prevHash),
        chained.links.map((l) => l.hash),
      ],
    );
  }
  await client.query(`select setval(pg_get_serial_sequence('audit_log', 'id'), $1)`, [nextId]);
  return performance.now() - started;
}

/** Runs `work`, answering its time and the longest the event loop waited meanwhile. */
async function timed(work) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  delay.disable();
  return { ms, loopMaxMs: delay.max / 1e6, result };
}

const verification = await tools.openAuditVerification(url.toString());
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
try {
  const loadMs = await appendChain(client, ENTRIES);
  await client.query('analyze audit_log');
  console.log(
    `loaded ${ENTRIES.toLocaleString('en')} chained entries in ${(loadMs / 1000).toFixed(1)} s (${Math.round(ENTRIES / (loadMs / 1000)).toLocaleString('en')}/s, hashes included)`,
  );

  // The step from nothing: every entry, batch by batch (at most 100 batches per run: run it until caught up).
  let steps = 0;
  let stepMs = 0;
  let stepLoopMax = 0;
  for (;;) {
    const before = (await verification.state()).checkpointPosition;
    const run = await timed(() => verification.step());
    steps++;
    stepMs += run.ms;
    stepLoopMax = Math.max(stepLoopMax, run.loopMaxMs);
    if ((await verification.state()).checkpointPosition === before || (await verification.state()).checkpointPosition >= ENTRIES) break;
  }
  const state = await verification.state();
  if (state.checkpointPosition !== ENTRIES || state.breakKind !== null) throw new Error(`the step stopped at ${state.checkpointPosition} (${state.breakKind})`);
  const batches = ENTRIES / tools.VERIFY_BATCH;
  console.log(
    `step from nothing: ${ENTRIES.toLocaleString('en')} entries in ${(stepMs / 1000).toFixed(1)} s over ${steps} run(s): ${(stepMs / batches).toFixed(0)} ms per ${tools.VERIFY_BATCH.toLocaleString('en')}; event loop waited at most ${stepLoopMax.toFixed(0)} ms`,
  );

  // The step as the schedule runs it: 10,000 entries appended since the last one.
  await appendChain(client, tools.VERIFY_BATCH);
  const incremental = await timed(() => verification.step());
  console.log(
    `step over ${tools.VERIFY_BATCH.toLocaleString('en')} new entries: ${incremental.ms.toFixed(0)} ms; event loop waited at most ${incremental.loopMaxMs.toFixed(0)} ms`,
  );
  const idle = await timed(() => verification.step());
  console.log(`step with nothing new: ${idle.ms.toFixed(1)} ms`);

  const walk = await timed(() => verification.fullWalk());
  const walked = await verification.state();
  if (!walked.walkOk) throw new Error('the full walk found the generated chain broken');
  console.log(
    `full walk: ${walked.walkChecked.toLocaleString('en')} entries in ${(walk.ms / 1000).toFixed(1)} s (${Math.round(walked.walkChecked / (walk.ms / 1000)).toLocaleString('en')}/s); event loop waited at most ${walk.loopMaxMs.toFixed(0)} ms`,
  );
} finally {
  await client.end();
  await verification.close();
  await admin.query(`drop database ${name} with (force)`);
  await admin.end();
}
