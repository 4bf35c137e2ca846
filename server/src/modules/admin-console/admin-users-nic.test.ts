import { describe, expect, it } from 'vitest';
import { DB_KINDS, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, onTestApp, signInAdmin, uniqueNic } from '../../../test/helpers';

// An administrator asked about a citizen usually holds the citizen's NIC (or passport number), not a username.
describe.each(DB_KINDS)('the administrator’s user search by identity number on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  onTestApp(kind, async (app) => ((t = app), (admin = await signInAdmin(app))));

  const found = async (search: string) =>
    (
      (await t.app.inject({ method: 'GET', url: `/api/admin/users?search=${encodeURIComponent(search)}`, headers: bearer(admin) })).json().users as Array<{
        id: number;
      }>
    ).map((u) => u.id);

  it('finds a citizen by the NIC or passport number, whole or its start, in any letter case and with spaces', async () => {
    const nic = uniqueNic();
    const citizen = await createCitizen(t, { identity_number: nic });
    for (const search of [nic, nic.slice(0, 7), `${nic.slice(0, 4)} ${nic.slice(4)}`]) expect(await found(search), search).toEqual([citizen.id]);
    expect(await found(`${nic}9`)).toEqual([]);
    expect(await found(nic.slice(2))).toEqual([]);
    const passport = `NZ${nic.slice(4)}`;
    const traveller = await createCitizen(t, { identity_type: 'Passport', identity_number: passport });
    expect(await found(passport.toLowerCase())).toEqual([traveller.id]);
  });
});
