import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MigrationPrivilegeError, SchemaBehindError } from '../src/db/migrations';
import { openAppDatabase } from '../src/database';
import { SERVER_ROOT } from '../src/paths';
import { createPostgresDatabase, startTestApp, TEST_ADMIN, type TestApp } from './harness';
import { bearer, createCitizen, createOfficer, login } from './helpers';
import { complaintFields, createSlot, submitComplaint } from '../src/modules/complaints/complaints.fixtures';
import { issueFine } from '../src/modules/fines/fines.fixtures';
import { migrationsUpTo } from './earlier-schema';

const pgUrl = inject('pgUrl');
const ROLES_SCRIPT = path.join(SERVER_ROOT, '../deploy/postgres-roles.mjs');

/** Runs the operators' script (deploy/postgres-roles.mjs) as the superuser on `databaseUrl`; answers the two roles' addresses. */
function createRoles(databaseUrl: string, owner: string, runtime: string) {
  const run = spawnSync(process.execPath, [ROLES_SCRIPT], {
    env: { ...process.env, DATABASE_ADMIN_URL: databaseUrl, PES_OWNER_ROLE: owner, PES_RUNTIME_ROLE: runtime },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`postgres-roles.mjs failed: ${run.stderr}${run.stdout}`);
  const as = (role: string) => {
    const url = new URL(databaseUrl);
    url.username = role;
    return url.toString();
  };
  return { ownerUrl: as(owner), runtimeUrl: as(runtime), output: run.stdout };
}

/** What PostgreSQL answers `statement` when run as the role of `url`: 'done', or the error's SQLSTATE and message. */
async function asRole(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
    return 'done';
  } catch (err) {
    const e = err as { code?: string; message: string };
    return `${e.code}: ${e.message}`;
  } finally {
    await client.end();
  }
}

/**
 * Least privilege on PostgreSQL: migrations run as the owner role, the server serves as the runtime role, which
 * may read and append the audit log but neither change nor remove an entry, nor switch its trigger off.
 */
describe.runIf(pgUrl)('the server under the runtime role on PostgreSQL', () => {
  const suffix = randomBytes(4).toString('hex');
  const owner = `pes_owner_${suffix}`;
  const runtime = `pes_app_${suffix}`;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let roles: ReturnType<typeof createRoles>;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    database = await createPostgresDatabase(pgUrl!);
    roles = createRoles(database.url, owner, runtime);
    t = await startTestApp('postgres', { postgres: { databaseUrl: roles.runtimeUrl, migrationUrl: roles.ownerUrl } });
    admin = await login(t, TEST_ADMIN.username, TEST_ADMIN.password, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    const client = new pg.Client({ connectionString: pgUrl! });
    await client.connect();
    await client.query(`drop role if exists ${runtime}`);
    await client.query(`drop role if exists ${owner}`);
    await client.end();
  });

  it('says which addresses to start the server with', () => {
    expect(roles.output).toContain(`DATABASE_URL=${roles.runtimeUrl}`);
    expect(roles.output).toContain(`DATABASE_MIGRATION_URL=${roles.ownerUrl}`);
  });

  it('migrated as the owner: the owner owns every table, the runtime role none', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ owner: string; n: number }>(
      `select tableowner as owner, count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle') group by tableowner`,
    );
    await client.end();
    expect(rows).toEqual([{ owner, n: expect.any(Number) }]);
  });

  it('serves everything as the runtime role: sign-ins, bookings (the cap function), status changes (triggers), fines, deactivation (notifications)', async () => {
    const officer = await createOfficer(t, 'Crime Branch', { adminToken: admin });
    const slot = await createSlot(t, admin, { branch: 'Crime Branch' });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/slots/${slot.id}/assign-officer`,
      headers: bearer(admin),
      payload: { officerId: officer.officer.id },
    });
    const citizen = await createCitizen(t);
    const booked = await submitComplaint(t, citizen.token, 'crime', complaintFields('crime', slot.id));
    expect(booked.statusCode, booked.body).toBe(201);
    const complaintId = booked.json().complaint.id as number;
    const status = await t.app.inject({
      method: 'PUT',
      url: `/api/police/complaints/${complaintId}/status`,
      headers: bearer(officer.token),
      payload: { status: 'In Progress' },
    });
    expect(status.statusCode, status.body).toBe(200);
    const finer = await createOfficer(t, 'Traffic Fine Branch', { adminToken: admin });
    await issueFine(t, finer.token);
    // Deactivation ends the citizen's sessions on every instance, by NOTIFY to the LISTEN of each.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${citizen.id}`, headers: bearer(admin) })).statusCode).toBe(200);
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(citizen.token) })).statusCode).toBe(401);

    // The verification's step, as its job runs it every minute (as the runtime role: it writes only its own row).
    await t.modules.audit.verifyStep();
    const verified = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log/verify', headers: bearer(admin) });
    expect(verified.json()).toMatchObject({ ok: true, first_bad_id: null });
    expect(verified.json().checked).toBeGreaterThanOrEqual(7);
  });

  it('the runtime role reads and appends the audit log, and can neither change, remove nor unguard it', async () => {
    expect(await asRole(roles.runtimeUrl, 'select count(*) from audit_log')).toBe('done');
    expect(await asRole(roles.runtimeUrl, `update audit_log set actor_username = 'someone else'`)).toMatch(/^42501: permission denied for table audit_log/);
    expect(await asRole(roles.runtimeUrl, 'delete from audit_log')).toMatch(/^42501: permission denied for table audit_log/);
    expect(await asRole(roles.runtimeUrl, 'truncate audit_log')).toMatch(/^42501: permission denied for table audit_log/);
    expect(await asRole(roles.runtimeUrl, 'alter table audit_log disable trigger all')).toMatch(/^42501: must be owner of table audit_log/);
    expect(await asRole(roles.runtimeUrl, 'alter table audit_log drop constraint audit_log_chained')).toMatch(/^42501: must be owner/);
    expect(await asRole(roles.runtimeUrl, 'drop table audit_log')).toMatch(/^42501: must be owner/);
    expect(await asRole(roles.runtimeUrl, 'create table scratch (id int)')).toMatch(/^42501: permission denied for schema public/);
    // The tables it writes, it writes (a no-op update proves the right without changing anything).
    expect(await asRole(roles.runtimeUrl, 'update slots set capacity = capacity where false')).toBe('done');
  });

  it('an entry edited behind its back by the superuser is found', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ id: string }>(`select id::text from audit_log where action = 'complaint.status'`);
    await client.query('begin');
    await client.query('alter table audit_log disable trigger audit_log_append_only');
    await client.query(`update audit_log set summary = '{"before": {"status": "Pending"}, "after": {"status": "Closed"}}' where id = $1`, [rows[0]!.id]);
    await client.query('alter table audit_log enable trigger audit_log_append_only');
    await client.query('commit');
    await client.end();
    // Before the checkpoint: the full walk finds it.
    await t.modules.audit.fullWalk();
    const verified = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log/verify', headers: bearer(admin) });
    expect(verified.json()).toMatchObject({ ok: false, first_bad_id: Number(rows[0]!.id) });
  });

  it('refuses to start as the runtime role without DATABASE_MIGRATION_URL, naming it', async () => {
    await expect(openAppDatabase({ databaseUrl: roles.runtimeUrl, poolSize: 1 })).rejects.toThrow(MigrationPrivilegeError);
    await expect(openAppDatabase({ databaseUrl: roles.runtimeUrl, poolSize: 1 })).rejects.toThrow(/DATABASE_MIGRATION_URL/);
  });

  it("starts as the runtime role without migrating (MIGRATE_ON_START=false) once the owner has: it may read the migrations' record", async () => {
    const served = await openAppDatabase({ databaseUrl: roles.runtimeUrl, poolSize: 1, migrations: 'check' });
    await served.close();
  });
});

/** A database in use before the roles: migrated by the superuser, then given the roles and upgraded by the owner. */
describe.runIf(pgUrl)('the roles given to a database migrated before them', () => {
  const suffix = randomBytes(4).toString('hex');
  const owner = `pes_owner_${suffix}`;
  const runtime = `pes_app_${suffix}`;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;

  beforeAll(async () => {
    database = await createPostgresDatabase(pgUrl!, { empty: true });
    const earlier = migrationsUpTo('0014_clearance_certificates');
    try {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await migrate(drizzle(client), { migrationsFolder: earlier.dir });
      await client.query(
        `insert into audit_log (actor_username, action, subject_type) select 'before.' || g, 'auth.sign_in', 'user' from generate_series(1, 5) g`,
      );
      await client.end();
    } finally {
      earlier.remove();
    }
  });
  afterAll(async () => {
    await database?.drop();
    const client = new pg.Client({ connectionString: pgUrl! });
    await client.connect();
    await client.query(`drop role if exists ${runtime}`);
    await client.query(`drop role if exists ${owner}`);
    await client.end();
  });

  it('refuses to serve the earlier schema as the runtime role without migrating, naming the migrate command', async () => {
    const roles = createRoles(database.url, owner, runtime);
    const opening = openAppDatabase({ databaseUrl: roles.runtimeUrl, poolSize: 1, migrations: 'check' });
    await expect(opening).rejects.toThrow(SchemaBehindError);
    await expect(opening).rejects.toThrow(/0015_.*Run the migrate command/);
  });

  it('passes every object to the owner, upgrades as the owner and serves as the runtime role', async () => {
    const roles = createRoles(database.url, owner, runtime);
    // Run twice: the script may be run again at any time.
    createRoles(database.url, owner, runtime);
    const t = await startTestApp('postgres', { postgres: { databaseUrl: roles.runtimeUrl, migrationUrl: roles.ownerUrl } });
    try {
      const admin = await login(t, TEST_ADMIN.username, TEST_ADMIN.password, 'admin');
      await t.modules.audit.verifyStep();
      const verified = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log/verify', headers: bearer(admin) });
      expect(verified.json()).toMatchObject({ ok: true, first_bad_id: null });
      expect(verified.json().checked).toBeGreaterThanOrEqual(6);
      expect(await asRole(roles.runtimeUrl, 'delete from audit_log')).toMatch(/^42501: permission denied/);
      expect(await asRole(roles.runtimeUrl, 'alter table audit_log disable trigger all')).toMatch(/^42501: must be owner/);
    } finally {
      await t.close();
    }
  });
});
