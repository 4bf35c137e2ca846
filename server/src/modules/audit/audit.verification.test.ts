import { describe, expect, it, vi } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { AuditVerification } from '@pes/contracts';
import { DB_KINDS, type TestApp } from '../../../test/harness';
import { bearer, createOfficer, onTestApp, signInAdmin } from '../../../test/helpers';
import { createSlot } from '../complaints/complaints.fixtures';
import { chainBatch, microsOf, type ChainCursor, type UnchainedEntry } from './audit.chain';
import { createAuditRepository } from './audit.repository';
import { createAuditService } from './audit.service';
import { createChainVerifier } from './audit.verification';
import { createVerificationRepository, resetAuditVerificationSql } from './audit.verification.repository';

/** What `execute` answers on both drivers. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

describe.each(DB_KINDS)('the verification of the audit chain by jobs, on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  onTestApp(kind, async (app) => {
    t = app;
    admin = await signInAdmin(app);
    // These tests run the jobs' work themselves, one step at a time: the schedule's runs are taken off (and the step sent at start-up awaited).
    await app.database.db.execute(sql`delete from pgboss.schedule where name in ('audit-verify', 'audit-full-walk')`);
    await noStepRunning();
  });

  /** Waits until no step of the job queue waits or runs (one sent by the schedule before it was taken off). */
  async function noStepRunning() {
    const pending = async () =>
      rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'audit-verify' and state < 'completed'`))[0]!
        .n;
    for (let waited = 0; (await pending()) > 0 && waited < 100; waited++) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stored = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit-log/verify${query}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuditVerification;
  };
  const step = () => t.modules.audit.verifyStep();
  const head = async () => rowsOf<{ n: string }>(await t.database.db.execute(sql`select coalesce(max(position), 0)::text as n from audit_log`))[0]!.n;
  const entryAt = async (position: number) =>
    rowsOf<{ id: string }>(await t.database.db.execute(sql`select id::text from audit_log where position = ${position}`))[0]!.id;

  /** A change behind the application's back, as the superuser may (the append-only trigger off meanwhile). */
  const asSuperuser = (...statements: SQL[]) =>
    t.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
      for (const statement of statements) await tx.execute(statement);
      await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    });

  /**
   * `count` valid entries appended in bulk, as a generator loading a national-size log would (chainBatch computes
   * their links), without the application's lock: nothing else appends meanwhile in these tests.
   */
  async function appendInBulk(count: number) {
    const last = rowsOf<{ position: string; hash: string }>(
      await t.database.db.execute(sql`select position::text as position, hash from audit_log order by audit_log.position desc limit 1`),
    )[0]!;
    let cursor: ChainCursor = { position: Number(last.position) + 1, prevHash: last.hash };
    const ids = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select nextval(pg_get_serial_sequence('audit_log', 'id'))::text as id from generate_series(1, ${count})`),
    ).map((r) => Number(r.id));
    const at = new Date();
    for (let from = 0; from < count; from += 1000) {
      const contents: UnchainedEntry[] = ids.slice(from, from + 1000).map((id) => ({
        id,
        atMicros: microsOf(at),
        actorUserId: null,
        actorUsername: `bulk.${id}`,
        actorRole: 'admin',
        actorBranch: null,
        action: 'slot.create',
        subjectType: 'slot',
        subjectId: String(id),
        summary: { after: { capacity: id % 7 } },
      }));
      const chained = chainBatch(contents, cursor);
      cursor = chained.cursor;
      const rows = chained.links.map((link, i) => {
        const c = contents[i]!;
        return sql`(${link.id}, ${at.toISOString()}::timestamptz, ${c.actorUsername}, 'admin', ${c.action}, ${c.subjectType}, ${c.subjectId},
          ${JSON.stringify(c.summary)}::jsonb, ${link.position}, ${link.prevHash}, ${link.hash})`;
      });
      await t.database.db.execute(
        sql`insert into audit_log (id, at, actor_username, actor_role, action, subject_type, subject_id, summary, position, prev_hash, hash) values ${sql.join(rows, sql`, `)}`,
      );
    }
  }

  it('verifies the entries appended since the last verified one, and moves the checkpoint on', async () => {
    await step();
    const before = await stored();
    expect(before).toMatchObject({ ok: true, checked: Number(await head()), break: null, first_bad_id: null });
    expect(before.verified_at).not.toBeNull();
    for (let i = 0; i < 3; i++) await createSlot(t, admin, { branch: 'Traffic Branch' });
    await step();
    const after = await stored();
    const n = Number(await head());
    expect(after).toMatchObject({ ok: true, checked: n, head: { position: n } });
    expect(n).toBe(before.checked + 3);
    expect(Date.parse(after.verified_at!)).toBeGreaterThanOrEqual(Date.parse(before.verified_at!));
  });

  it('verifies a log loaded in bulk batch by batch, and answers from the stored state without walking it', async () => {
    await step();
    const before = await stored();
    await appendInBulk(2500);
    // The request reads the stored row: the 2,500 entries are not walked, so not counted.
    const service = createAuditService({ db: t.database.db, staffReads: t.database.staffReads, audit: createAuditRepository(t.database.db) });
    const repository = createAuditRepository(t.database.db);
    const walking = vi.spyOn(repository, 'chainPage');
    const reading = createAuditService({ db: t.database.db, staffReads: t.database.staffReads, audit: repository });
    expect(await reading.verification({})).toMatchObject({ checked: before.checked });
    expect(walking).not.toHaveBeenCalled();
    expect(await stored()).toMatchObject({ ok: true, checked: before.checked });

    // Batches of 1,000: the checkpoint is stored after each (three batches here).
    const verifier = createChainVerifier({ audit: repository, state: createVerificationRepository(t.database.db), batchSize: 1000 });
    await noStepRunning();
    await verifier.step();
    expect(walking).toHaveBeenCalledTimes(3);
    expect(walking.mock.calls.map((call) => call[0]?.position)).toEqual([before.checked, before.checked + 1000, before.checked + 2000]);
    expect(await service.verification({})).toMatchObject({ ok: true, checked: before.checked + 2500, break: null });
  });

  it('finds an entry tampered with after the checkpoint, stops there and reports it until it is put back', async () => {
    await step();
    const { checked } = await stored();
    for (let i = 0; i < 3; i++) await createSlot(t, admin, { branch: 'Crime Branch' });
    const target = await entryAt(checked + 2);
    const original = rowsOf<{ summary: unknown }>(await t.database.db.execute(sql`select summary from audit_log where id = ${target}`))[0]!.summary;
    await asSuperuser(sql`update audit_log set summary = '{"after": {"capacity": 900}}' where id = ${target}`);
    await step();
    const broken = await stored();
    expect(broken).toMatchObject({
      ok: false,
      checked: checked + 1,
      first_bad_id: Number(target),
      first_bad_entry: { id: Number(target), summary: { after: { capacity: 900 } } },
      break: { kind: 'entry', position: checked + 2, found_by: 'step' },
    });
    // Not verified past it, and reported again by every later step, whatever is appended after it.
    await createSlot(t, admin, { branch: 'Crime Branch' });
    await step();
    expect(await stored()).toMatchObject({ ok: false, checked: checked + 1, first_bad_id: Number(target), break: { found_at: broken.break!.found_at } });

    await asSuperuser(sql`update audit_log set summary = ${JSON.stringify(original)}::jsonb where id = ${target}`);
    await step();
    expect(await stored()).toMatchObject({ ok: true, checked: Number(await head()), break: null, first_bad_id: null });
  });

  it('leaves an entry tampered with before the checkpoint to the full walk, which moves the checkpoint back', async () => {
    await step();
    const { checked } = await stored();
    const target = await entryAt(3);
    await asSuperuser(sql`update audit_log set hash = repeat('e', 64) where id = ${target}`);
    await step();
    expect(await stored()).toMatchObject({ ok: true, checked });
    await t.modules.audit.fullWalk();
    expect(await stored()).toMatchObject({
      ok: false,
      checked: 2,
      first_bad_id: Number(target),
      break: { kind: 'entry', position: 3, found_by: 'full_walk' },
      full_walk: { state: 'done', ok: false, checked: 3, first_bad_id: Number(target), total_estimate: checked },
    });
    await step();
    expect(await stored()).toMatchObject({ ok: false, checked: 2, first_bad_id: Number(target) });
    // (The right hash back, recomputed from the entry as the chain defines it.)
    const [entry] = await createAuditRepository(t.database.db).chainPage({ position: 2, id: Number.MAX_SAFE_INTEGER }, 1);
    const { entryHash } = await import('./audit.chain');
    await asSuperuser(sql`update audit_log set hash = ${entryHash(entry!.entry)} where id = ${target}`);
    await step();
    expect(await stored()).toMatchObject({ ok: true, checked: Number(await head()), break: null });
  });

  it('finds a row outside the chain through its partial index, not by reading the table', async () => {
    const plan = rowsOf<Record<string, string>>(
      await t.database.db.execute(sql`explain select id from audit_log where position is null or prev_hash is null or hash is null order by id limit 1`),
    )
      .map((row) => Object.values(row)[0])
      .join('\n');
    expect(plan).toMatch(/audit_log_unchained_idx/);
    expect(plan).not.toMatch(/Seq Scan/);

    await asSuperuser(
      sql`alter table audit_log drop constraint audit_log_chained`,
      sql`insert into audit_log (actor_username, action, subject_type) values ('nobody', 'auth.sign_in', 'user')`,
    );
    const stray = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id::text from audit_log where position is null`))[0]!.id;
    await step();
    expect(await stored()).toMatchObject({ ok: false, first_bad_id: Number(stray), break: { kind: 'unchained', position: null, found_by: 'step' } });
    await asSuperuser(
      sql`delete from audit_log where id = ${stray}`,
      sql`alter table audit_log add constraint audit_log_chained check (position is not null and prev_hash is not null and hash is not null)`,
    );
    await step();
    expect(await stored()).toMatchObject({ ok: true, break: null });
  });

  it('runs a full walk asked for by an administrator, once however often asked, and shows its progress and result', async () => {
    const officer = await createOfficer(t, 'Traffic Branch', { adminToken: admin });
    const ask = (token = admin) => t.app.inject({ method: 'POST', url: '/api/admin/audit-log/verify/full-walk', headers: bearer(token) });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/audit-log/verify/full-walk' })).statusCode).toBe(401);
    expect((await ask(officer.token)).statusCode).toBe(403);

    const first = await ask();
    expect(first.statusCode, first.body).toBe(202);
    const asked = first.json() as AuditVerification;
    expect(['queued', 'running', 'done']).toContain(asked.full_walk.state);
    expect(asked.full_walk.requested_at).not.toBeNull();
    const again = (await ask()).json() as AuditVerification;
    if (again.full_walk.state !== 'done') expect(again.full_walk.requested_at).toBe(asked.full_walk.requested_at);
    // The job queue runs it (one job, however often it was asked for).
    await expect.poll(async () => (await stored()).full_walk.state, { timeout: 20_000, interval: 250 }).toBe('done');
    const done = await stored();
    expect(done.full_walk).toMatchObject({ ok: true, first_bad_id: null, requested_at: asked.full_walk.requested_at });
    expect(done.full_walk.checked).toBeGreaterThanOrEqual(asked.full_walk.total_estimate);
    expect(Date.parse(done.full_walk.finished_at!)).toBeGreaterThanOrEqual(Date.parse(done.full_walk.started_at!));
    const jobs = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'audit-full-walk'`))[0]!.n;
    expect(jobs).toBe(again.full_walk.state === 'done' && again.full_walk.requested_at !== asked.full_walk.requested_at ? 2 : 1);

    // Asked for again once done: a new walk.
    const next = (await ask()).json() as AuditVerification;
    expect(Date.parse(next.full_walk.requested_at!)).toBeGreaterThan(Date.parse(done.full_walk.requested_at!));
  });

  it('continues an interrupted full walk where it stood', async () => {
    await appendInBulk(1200);
    const repository = createAuditRepository(t.database.db);
    const state = createVerificationRepository(t.database.db);
    const verifier = createChainVerifier({ audit: repository, state, batchSize: 500 });
    await verifier.requestWalk(async () => {});
    // The first batch walked, then the process stopped (the page after it fails).
    const original = repository.chainPage;
    const walking = vi.spyOn(repository, 'chainPage');
    walking.mockImplementationOnce(original).mockRejectedValueOnce(new Error('stopped'));
    await expect(verifier.fullWalk()).rejects.toThrow('stopped');
    expect(await stored()).toMatchObject({ full_walk: { state: 'running', checked: 500 } });
    walking.mockClear();
    await verifier.fullWalk();
    expect(walking.mock.calls[0]![0]).toMatchObject({ position: 500 });
    const total = Number(await head());
    expect(await stored()).toMatchObject({ full_walk: { state: 'done', ok: true, checked: total, total_estimate: total } });
  });

  it('starts again from nothing after the reset statement (a log loaded in bulk)', async () => {
    await t.database.db.execute(sql.raw(resetAuditVerificationSql));
    expect(await stored()).toMatchObject({ ok: true, checked: 0, head: null, verified_at: null, full_walk: { state: 'never', checked: 0 } });
    await step();
    expect(await stored()).toMatchObject({ ok: true, checked: Number(await head()) });
  });
});
