import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { normaliseNic } from '@pes/contracts';
import { DB_KINDS, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, login, onTestApp, signInAdmin, uniqueOldNic } from '../../../test/helpers';

/**
 * Two accounts that were the two forms of one NIC before NICs were normalised: made as migration 0029 leaves them
 * (both numbers in the 12-digit form, the newer account let past the unique index by its listed pair).
 */
async function collidingPair(t: TestApp) {
  const old = uniqueOldNic();
  const first = await createCitizen(t, { identity_number: old });
  const second = await createCitizen(t, { identity_number: `${old.slice(0, 5)}${old.slice(6, 9)}${old[5]}X` });
  const number = normaliseNic(old);
  const { db } = t.database;
  const { rows } = (await db.execute(sql`
    insert into identity_collisions (identity_type, identity_number, first_user_id, second_user_id)
    values ('NIC', ${number}, ${first.id}, ${second.id}) returning id`)) as unknown as { rows: Array<{ id: number }> };
  const id = rows[0]!.id;
  await db.execute(sql`update citizen_profiles set identity_number = ${number}, identity_collision_id = ${id} where user_id = ${second.id}`);
  return { id: Number(id), first, second, number };
}

describe.each(DB_KINDS)('accounts sharing one NIC, for the administrator on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  onTestApp(kind, async (app) => ((t = app), (admin = await signInAdmin(app))));

  const list = async (state = 'open') =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/identity-collisions?state=${state}`, headers: bearer(admin) })).json() as {
      collisions: Array<{ id: number; identity_number: string; first: { id: number; active: boolean }; second: { id: number; active: boolean } }>;
      next_cursor: string | null;
    };
  const resolve = (id: number, resolution: string, token = admin) =>
    t.app.inject({ method: 'POST', url: `/api/admin/identity-collisions/${id}/resolve`, headers: bearer(token), payload: { resolution } });

  it('lists open pairs with both accounts, and resolves one by deactivating an account: its sessions end, audited, once', async () => {
    const pair = await collidingPair(t);
    const listed = (await list()).collisions.find((c) => c.id === pair.id)!;
    expect(listed).toMatchObject({
      identity_type: 'NIC',
      identity_number: pair.number,
      first: { id: pair.first.id, username: pair.first.username, full_name: 'Nadeesha Jayawardena', active: true },
      second: { id: pair.second.id, username: pair.second.username, active: true },
      resolution: null,
      resolved_at: null,
      resolved_by: null,
    });

    const res = await resolve(pair.id, 'deactivated_second');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: pair.id,
      resolution: 'deactivated_second',
      resolved_by: 'admin',
      second: { active: false },
      first: { active: true },
    });
    expect(res.json().resolved_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The deactivated account's token is refused at once; the other signs in as before.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/getCurrentUserInfo', headers: bearer(pair.second.token) })).statusCode).toBe(401);
    expect(await login(t, pair.first.username, pair.first.password)).toEqual(expect.any(String));
    expect((await list()).collisions.map((c) => c.id)).not.toContain(pair.id);
    expect((await list('resolved')).collisions.map((c) => c.id)).toContain(pair.id);

    const entries = (await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?action=identity.collision_resolve', headers: bearer(admin) })).json()
      .entries as Array<{ subject_id: string; summary: Record<string, unknown> }>;
    expect(entries[0]).toMatchObject({ subject_id: String(pair.second.id), summary: { collision_id: pair.id, resolution: 'deactivated_second' } });

    // Once: a second resolution (another administrator's, a double click) is a 409 and changes nothing.
    const again = await resolve(pair.id, 'reviewed');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('users.collision_resolved');
  });

  it('keeps both accounts when reviewed, and refuses an unknown pair (404), a bad resolution (400) and anyone but an administrator (403)', async () => {
    const pair = await collidingPair(t);
    const officer = await createOfficer(t, 'Admin Branch');
    expect((await resolve(pair.id, 'reviewed', pair.first.token)).statusCode).toBe(403);
    expect((await resolve(pair.id, 'reviewed', officer.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/identity-collisions', headers: bearer(officer.token) })).statusCode).toBe(403);
    const bad = await resolve(pair.id, 'merge');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldKeys).toEqual({ resolution: 'invalidChoice' });
    expect((await resolve(999_999, 'reviewed')).statusCode).toBe(404);

    const kept = await resolve(pair.id, 'reviewed');
    expect(kept.json()).toMatchObject({ resolution: 'reviewed', first: { active: true }, second: { active: true } });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/getCurrentUserInfo', headers: bearer(pair.second.token) })).statusCode).toBe(200);
  });
});
