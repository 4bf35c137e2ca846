import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, sql, type SQL } from 'drizzle-orm';
import type { AuditVerification } from '@pes/contracts';
import { DB_KINDS, startSecondInstance, startTestApp, TEST_ADMIN, type TestApp } from '../../../test/harness';
import { bearer, createOfficer, login } from '../../../test/helpers';
import { createSlot } from '../complaints/complaints.fixtures';
import { canonicalJson, entryHash, GENESIS_HASH, microsOf, type ChainedEntry } from './audit.chain';
import { createAuditRepository } from './audit.repository';
import { auditLog } from './audit.table';

describe('the canonical form of an entry', () => {
  const entry: ChainedEntry = {
    id: 7,
    position: 3,
    atMicros: microsOf(new Date('2026-01-02T03:04:05.678Z')),
    actorUserId: 1,
    actorUsername: 'admin',
    actorRole: 'admin',
    actorBranch: null,
    action: 'slot.create',
    subjectType: 'slot',
    subjectId: '12',
    summary: { after: { date: '2026-01-05', capacity: 5 }, note: 'ශ්‍රී லங்கா "quoted"' },
    prevHash: GENESIS_HASH,
  };

  it('does not depend on the order of keys, at any depth (jsonb keeps its own order)', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}');
    const reordered = { ...entry, summary: { note: 'ශ්‍රී லங்கா "quoted"', after: { capacity: 5, date: '2026-01-05' } } };
    expect(entryHash(reordered)).toBe(entryHash(entry));
  });

  it('changes with every field the entry holds, its place and the hash before it', () => {
    const hash = entryHash(entry);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(entry.atMicros).toBe('1767323045678000');
    const changed: Array<Partial<ChainedEntry>> = [
      { id: 8 },
      { position: 4 },
      { atMicros: '1767323045678001' },
      { actorUserId: 2 },
      { actorUsername: 'admin2' },
      { actorRole: null },
      { actorBranch: 'Crime Branch' },
      { action: 'slot.delete' },
      { subjectType: 'user' },
      { subjectId: null },
      { summary: { after: { date: '2026-01-05', capacity: 6 }, note: 'ශ්‍රී லங்கா "quoted"' } },
      { prevHash: '1'.repeat(64) },
    ];
    for (const change of changed) expect(entryHash({ ...entry, ...change }), JSON.stringify(change)).not.toBe(hash);
  });
});

describe.each(DB_KINDS)('the audit log hash chain on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await login(t, TEST_ADMIN.username, TEST_ADMIN.password, 'admin');
    await createOfficer(t, 'Crime Branch', { adminToken: admin });
    for (let i = 0; i < 6; i++) await createSlot(t, admin, { branch: 'Traffic Branch' });
  });
  afterAll(() => t?.close());

  /** Where the verification stands, as the audit page reads it. */
  const stored = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit-log/verify${query}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuditVerification;
  };
  /** The verification's jobs run now (a full walk from the first entry, then an incremental step), and where they left it. */
  const verify = async (query = '') => {
    await t.modules.audit.fullWalk();
    await t.modules.audit.verifyStep();
    return stored(query);
  };
  const total = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;
  /** The entries in chain order, as the chain reads them. */
  const chain = async () => createAuditRepository(t.database.db).chainPage(undefined, 10_000);

  /**
   * Changes the log behind the application's back, as the database's superuser may: the append-only trigger
   * switched off, the statements run, the trigger on again. Answers how to put every entry back as it was.
   */
  async function tamper(...statements: SQL[]) {
    const saved = await t.database.db.select().from(auditLog).orderBy(asc(auditLog.id));
    const asSuperuser = (run: SQL[]) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
        for (const statement of run) await tx.execute(statement);
        await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
      });
    await asSuperuser(statements);
    return async () => {
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
        await tx.execute(sql`delete from audit_log`);
        await tx.insert(auditLog).values(saved);
        await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
      });
      expect(await verify()).toMatchObject({ ok: true, first_bad_id: null });
    };
  }

  it('is intact after the changes of a working day: every entry checked, the head named', async () => {
    const result = await verify();
    const n = await total();
    expect(n).toBeGreaterThan(7);
    const entries = await chain();
    expect(result).toMatchObject({
      ok: true,
      checked: n,
      first_bad_id: null,
      first_bad_entry: null,
      break: null,
      head: { position: n, hash: entries.at(-1)!.hash },
      full_walk: { state: 'done', checked: n, total_estimate: n, ok: true, first_bad_id: null },
    });
    expect(entries.map((e) => e.entry.position)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(entries[0]!.entry.prevHash).toBe(GENESIS_HASH);
  });

  it('is for administrators only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit-log/verify' })).statusCode).toBe(401);
    const officer = await createOfficer(t, 'Traffic Branch', { adminToken: admin });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit-log/verify', headers: bearer(officer.token) })).statusCode).toBe(403);
  });

  it.each(['?anchor_position=3', `?anchor_hash=${'a'.repeat(64)}`, '?anchor_position=0&anchor_hash=' + 'a'.repeat(64), '?anchor_position=2&anchor_hash=xyz'])(
    'refuses the anchor %s (400)',
    async (query) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit-log/verify${query}`, headers: bearer(admin) });
      expect(res.statusCode).toBe(400);
    },
  );

  it('stays one unbroken chain when many audited changes commit at once', async () => {
    const before = await total();
    // Slot creations (each audited in its own change's transaction) and sign-ins (audited in a transaction of
    // their own), 20 at once; on PostgreSQL half of them through a second instance with its own pool.
    const second = kind === 'postgres' ? await startSecondInstance(t) : undefined;
    try {
      const other = (second ?? t) as TestApp;
      await Promise.all([
        ...Array.from({ length: 10 }, () => createSlot(t, admin, { branch: 'Crime Branch' })),
        ...Array.from({ length: 5 }, () => createSlot(other, admin, { branch: 'Minor Offense Branch' })),
        // Refused sign-ins (a wrong password), each from an address of its own: staff's successful ones need a
        // second factor, and its code is good once.
        ...Array.from({ length: 5 }, (_, i) =>
          other.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            remoteAddress: `10.77.0.${i + 1}`,
            payload: { username: TEST_ADMIN.username, password: 'Wrong-1' },
          }),
        ),
      ]);
    } finally {
      await second?.close();
    }
    expect(await total()).toBe(before + 20);
    expect(await verify()).toMatchObject({ ok: true, checked: before + 20, first_bad_id: null });
    const positions = (await chain()).map((e) => e.entry.position);
    expect(positions).toEqual(Array.from({ length: before + 20 }, (_, i) => i + 1));
  });

  it('finds an entry edited behind the application’s back', async () => {
    const target = (await chain())[4]!.entry;
    const restore = await tamper(sql`update audit_log set summary = '{"after": {"capacity": 500}}' where id = ${target.id}`);
    expect(await verify()).toMatchObject({
      ok: false,
      // The chain is trusted up to the entry before it: the last verified entry moved back there.
      checked: 4,
      first_bad_id: target.id,
      // Named as it stands now, for the administrator to see.
      first_bad_entry: { id: target.id, action: target.action, summary: { after: { capacity: 500 } } },
      head: { position: 4 },
      break: { kind: 'entry', position: 5, found_by: 'full_walk' },
      full_walk: { state: 'done', checked: 5, ok: false, first_bad_id: target.id },
    });
    await restore();
    // The time alone, to the microsecond.
    const restoreTime = await tamper(sql`update audit_log set at = at + interval '1 microsecond' where id = ${target.id}`);
    expect(await verify()).toMatchObject({ ok: false, first_bad_id: target.id });
    await restoreTime();
  });

  it('finds an entry removed: the next one no longer follows', async () => {
    const entries = await chain();
    const restore = await tamper(sql`delete from audit_log where id = ${entries[2]!.entry.id}`);
    expect(await verify()).toMatchObject({
      ok: false,
      checked: 2,
      first_bad_id: entries[3]!.entry.id,
      full_walk: { checked: 3, first_bad_id: entries[3]!.entry.id },
    });
    await restore();
  });

  it('finds an entry put in between, even one whose own hash is right', async () => {
    const entries = await chain();
    const { rows } = (await t.database.db.execute(sql`select nextval(pg_get_serial_sequence('audit_log', 'id'))::int as id`)) as unknown as {
      rows: [{ id: number }];
    };
    const id = rows[0].id;
    const at = new Date();
    const forged: ChainedEntry = {
      id,
      position: 4,
      atMicros: microsOf(at),
      actorUserId: null,
      actorUsername: 'admin',
      actorRole: 'admin',
      actorBranch: null,
      action: 'user.delete',
      subjectType: 'user',
      subjectId: '1',
      summary: {},
      prevHash: entries[2]!.hash!,
    };
    const restore = await tamper(
      sql`update audit_log set position = position + 1000000 where position >= 4`,
      sql`update audit_log set position = position - 999999 where position >= 1000000`,
      sql`insert into audit_log (id, at, actor_username, actor_role, action, subject_type, subject_id, summary, position, prev_hash, hash)
          values (${id}, ${at.toISOString()}::timestamptz, 'admin', 'admin', 'user.delete', 'user', '1', '{}', 4, ${forged.prevHash}, ${entryHash(forged)})`,
    );
    // The forged entry itself links up; the entry it displaced does not.
    expect(await verify()).toMatchObject({
      ok: false,
      checked: 4,
      first_bad_id: entries[3]!.entry.id,
      full_walk: { checked: 5, first_bad_id: entries[3]!.entry.id },
    });
    await restore();
  });

  it('finds entries moved out of their order', async () => {
    const entries = await chain();
    const [a, b] = [entries[5]!.entry, entries[6]!.entry];
    const restore = await tamper(
      sql`update audit_log set position = -position where id in (${a.id}, ${b.id})`,
      sql`update audit_log set position = case when id = ${a.id} then ${b.position}::bigint else ${a.position}::bigint end where id in (${a.id}, ${b.id})`,
    );
    expect(await verify()).toMatchObject({ ok: false, checked: 5, first_bad_id: b.id, full_walk: { checked: 6, first_bad_id: b.id } });
    await restore();
  });

  it('finds an entry put in outside the chain (its check dropped)', async () => {
    const restore = await tamper(
      sql`alter table audit_log drop constraint audit_log_chained`,
      sql`insert into audit_log (actor_username, action, subject_type) values ('nobody', 'auth.sign_in', 'user')`,
    );
    const [stray] = await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(sql`${auditLog.position} is null`);
    expect(await verify()).toMatchObject({
      ok: false,
      first_bad_id: stray!.id,
      break: { kind: 'unchained', position: null },
      full_walk: { ok: false, first_bad_id: stray!.id },
    });
    await restore();
    await t.database.db.execute(
      sql`alter table audit_log add constraint audit_log_chained check (position is not null and prev_hash is not null and hash is not null)`,
    );
  });

  it('finds the newest entries removed, or the chain recomputed after an edit, against the last verified entry or an anchor kept elsewhere', async () => {
    const { head } = await verify();
    const anchor = `?anchor_position=${head!.position}&anchor_hash=${head!.hash}`;
    expect(await stored(anchor)).toMatchObject({ ok: true, head, anchor: 'holds' });

    // The two newest entries removed: a shorter chain, intact in itself (the full walk finds nothing), but the last
    // verified entry is gone (before the verification kept its checkpoint, only an anchor kept elsewhere showed this).
    const restoreRemoved = await tamper(sql`delete from audit_log where position > ${head!.position - 2}`);
    expect(await verify()).toMatchObject({
      ok: false,
      first_bad_id: null,
      break: { kind: 'checkpoint', position: head!.position },
      full_walk: { ok: true, checked: head!.position - 2 },
    });
    expect(await stored(anchor)).toMatchObject({ ok: false, first_bad_id: null, anchor: 'missing' });
    await restoreRemoved();

    // An entry edited and every hash after it recomputed by someone who knows the (public) algorithm.
    const entries = await chain();
    let prevHash = entries[1]!.hash!;
    const rewrites: SQL[] = [];
    for (const { entry } of entries.slice(2)) {
      const rewritten: ChainedEntry = { ...entry, prevHash, summary: entry.position === 3 ? { rewritten: true } : entry.summary };
      prevHash = entryHash(rewritten);
      rewrites.push(
        sql`update audit_log set summary = ${JSON.stringify(rewritten.summary)}::jsonb, prev_hash = ${rewritten.prevHash}, hash = ${prevHash} where id = ${entry.id}`,
      );
    }
    const restoreRewritten = await tamper(...rewrites);
    // The walk alone finds a chain; the last verified entry's hash is another.
    expect(await verify()).toMatchObject({ ok: false, first_bad_id: entries.at(-1)!.entry.id, break: { kind: 'checkpoint' }, full_walk: { ok: true } });
    expect(await stored(anchor)).toMatchObject({ ok: false, first_bad_id: entries.at(-1)!.entry.id, anchor: 'differs' });
    await restoreRewritten();
  });
});
