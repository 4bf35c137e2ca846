import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { DB_KINDS, startTestApp, TEST_ADMIN, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, login } from '../../../test/helpers';
import { users } from '../users/users.table';

describe.each(DB_KINDS)('the configured administrator on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  const role = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json().user?.role as string | undefined;

  it("refuses to turn a citizen's account into the administrator, leaving it a citizen", async () => {
    const c = await createCitizen(t);
    await expect(t.modules.adminConsole.ensureAdministrator(c.username.toUpperCase(), 'Chief@2026!', 'Kollupitiya Police Station')).rejects.toThrow(
      /belongs to an existing citizen account/,
    );
    expect(await role(c.token)).toBe('citizen');
    expect(await login(t, c.username, c.password)).toBeTruthy();
  });

  it('is made once when instances starting together on a new database each ensure it', async () => {
    const ids = await Promise.all(
      Array.from({ length: 3 }, () => t.modules.adminConsole.ensureAdministrator('chief.together', 'Chief@2026!', 'Kollupitiya Police Station')),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await role(await login(t, 'chief.together', 'Chief@2026!'))).toBe('admin');
  });

  it('keeps the sessions when nothing changes, and ends them when the password changes', async () => {
    const token = await login(t, TEST_ADMIN.username, TEST_ADMIN.password);
    await t.modules.adminConsole.ensureAdministrator(TEST_ADMIN.username, TEST_ADMIN.password, 'Kollupitiya Police Station');
    expect(await role(token)).toBe('admin');

    await t.modules.adminConsole.ensureAdministrator(TEST_ADMIN.username, 'Rotated@2026', 'Kollupitiya Police Station');
    expect(await role(token)).toBeUndefined();
    expect(await login(t, TEST_ADMIN.username, 'Rotated@2026')).toBeTruthy();
    await t.modules.adminConsole.ensureAdministrator(TEST_ADMIN.username, TEST_ADMIN.password, 'Kollupitiya Police Station');
  });

  it('reactivates a deactivated administrator without reviving its old sessions', async () => {
    const token = await login(t, TEST_ADMIN.username, TEST_ADMIN.password);
    await t.database.db.update(users).set({ active: false }).where(eq(users.username, TEST_ADMIN.username));
    // A change made in the database reaches the server through its notification (README: within ~200 ms).
    await vi.waitFor(async () => expect(await role(token)).toBeUndefined(), { timeout: 3000, interval: 50 });
    await t.modules.adminConsole.ensureAdministrator(TEST_ADMIN.username, TEST_ADMIN.password, 'Kollupitiya Police Station');
    expect(await role(token)).toBeUndefined();
    expect(await login(t, TEST_ADMIN.username, TEST_ADMIN.password)).toBeTruthy();
  });
});
