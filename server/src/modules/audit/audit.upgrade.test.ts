import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type DatabaseHandle } from '../../db/client';
import { openAppDatabase } from '../../database';
import { createPostgresDatabase, DB_KINDS, type DbKind } from '../../../test/harness';
import { migrationsUpTo } from '../../../test/earlier-schema';
import { createAuditRepository } from './audit.repository';
import { createAuditService } from './audit.service';
import { auditLog } from './audit.table';

/** Entries as the version before the chain wrote them: the database's time (microseconds), summaries of mixed shapes. */
const LEGACY_ENTRIES = `
  insert into audit_log (at, actor_username, actor_role, action, subject_type, subject_id, summary)
  select clock_timestamp(), 'legacy.' || g, 'admin', 'slot.create', 'slot', g::text,
    jsonb_build_object('zeta', g, 'a', jsonb_build_object('bb', jsonb_build_array(1.0, 2.5, 'x'), 'c', null), 'ünï', 'ශ්‍රී லங்கா', 'n', 1e-7)
  from generate_series(1, 2500) g`;

/**
 * A database of the version before the hash chain (migrations up to 0014) with 2,500 audit entries, opened by
 * this version: the entries are chained at start (once), so verification is ok on an upgraded database.
 */
describe.each(DB_KINDS)('an audit log from before the chain, on %s', (kind: DbKind) => {
  let database: DatabaseHandle;
  let cleanup = async () => {};
  /** The verification's jobs run (the full walk, then a step), and where they left it. */
  const verify = async () => {
    const service = createAuditService({ db: database.db, staffReads: database.staffReads, audit: createAuditRepository(database.db) });
    await service.fullWalk();
    await service.verifyStep();
    return service.verification({});
  };

  beforeAll(async () => {
    const earlier = migrationsUpTo('0014_clearance_certificates');
    try {
      if (kind === 'pglite') {
        const client = await PGlite.create();
        await migratePglite(drizzlePglite(client), { migrationsFolder: earlier.dir });
        await client.exec(LEGACY_ENTRIES);
        const dump = await client.dumpDataDir('gzip');
        await client.close();
        database = await openAppDatabase({ loadDataDir: dump });
        cleanup = () => database.close();
      } else {
        const created = await createPostgresDatabase(inject('pgUrl')!, { empty: true });
        const client = new pg.Client({ connectionString: created.url });
        await client.connect();
        await migratePg(drizzlePg(client), { migrationsFolder: earlier.dir });
        await client.query(LEGACY_ENTRIES);
        await client.end();
        database = await openAppDatabase({ databaseUrl: created.url, poolSize: 2 });
        cleanup = async () => {
          await database.close();
          await created.drop();
        };
      }
    } finally {
      earlier.remove();
    }
  });
  afterAll(() => cleanup());

  it('chains every entry at start, in the order of their ids, and verification is ok', async () => {
    const rows = await database.db.select({ id: auditLog.id, position: auditLog.position }).from(auditLog).orderBy(asc(auditLog.id));
    expect(rows).toHaveLength(2500);
    expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i + 1));
    expect(await verify()).toMatchObject({ ok: true, checked: 2500, first_bad_id: null, head: { position: 2500 } });
  });

  it('marks the work done: its check is valid from then on, and a new entry continues the chain', async () => {
    const { rows } = (await database.db.execute(sql`select convalidated from pg_constraint where conname = 'audit_log_chained'`)) as unknown as {
      rows: Array<{ convalidated: boolean }>;
    };
    expect(rows).toEqual([{ convalidated: true }]);
    const audit = createAuditService({ db: database.db, staffReads: database.staffReads, audit: createAuditRepository(database.db) });
    await audit.record(
      { actor: { userId: null, username: 'after.upgrade', role: null, branch: null }, action: 'auth.sign_in_refused', subject: { type: 'user' } },
      database.db,
    );
    expect(await verify()).toMatchObject({ ok: true, checked: 2501, head: { position: 2501 } });
  });

  it('finds an entry from before the chain edited afterwards', async () => {
    const [target] = await database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(sql`${auditLog.position} = 1234`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
      await tx.execute(sql`update audit_log set summary = summary || '{"zeta": 0}' where id = ${target!.id}`);
      await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    });
    expect(await verify()).toMatchObject({
      ok: false,
      checked: 1233,
      first_bad_id: target!.id,
      full_walk: { checked: 1234, ok: false, first_bad_id: target!.id },
    });
  });
});
