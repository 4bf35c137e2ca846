import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseNic } from '@pes/contracts';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import {
  bearer,
  createCitizen,
  createOfficer,
  imageFile,
  multipart,
  nextCitizenAddress,
  storedState,
  uniqueNic,
  uniqueOldNic,
  validSignupFields,
  type FilePart,
} from '../../../test/helpers';
import { get, issueFine, validFine } from '../fines/fines.fixtures';

// Issue 46: one person, one NIC, in either of its two forms; and the NIC's birth date agrees with the person's.
describe.each(DB_KINDS)('a NIC at signup and on fines on %s', (kind) => {
  let t: TestApp;
  let photo: FilePart;
  beforeAll(async () => {
    t = await startTestApp(kind);
    photo = await imageFile();
  });
  afterAll(() => t?.close());

  const signup = (fields: Record<string, string | undefined>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signup-citizen',
      remoteAddress: nextCitizenAddress(),
      ...multipart(fields, { identity_photo_front: photo, identity_photo_back: photo, live_photo: photo }),
    });
  const identityOf = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/getCurrentUserInfo', headers: bearer(token) })).json().user.identity_number as string;

  it('keeps an old-form NIC in its 12-digit form, and refuses the other form of a taken NIC (409 naming the field), storing nothing', async () => {
    const old = uniqueOldNic();
    const first = await createCitizen(t, { identity_number: old.toLowerCase() });
    const kept = `19${old.slice(0, 5)}0${old.slice(5, 9)}`;
    expect(normaliseNic(old)).toBe(kept);
    expect(await identityOf(first.token)).toBe(kept);

    const before = await storedState(t);
    for (const other of [kept, old.replace('V', 'X'), ` ${old.slice(0, 4)} ${old.slice(4)} `]) {
      const res = await signup(validSignupFields({ identity_number: other }));
      expect(res.statusCode, other).toBe(409);
      expect(res.json().error, other).toMatchObject({ code: 'auth.identity_taken', fieldKeys: { identity_number: 'identityTaken' } });
    }
    // The other way round: the new form first, then its old form.
    const renewed = uniqueOldNic();
    await createCitizen(t, { identity_number: normaliseNic(renewed) });
    const again = await signup(validSignupFields({ identity_number: renewed }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fieldKeys).toEqual({ identity_number: 'identityTaken' });
    expect((await storedState(t)).citizenProfiles).toBe(before.citizenProfiles + 1);
  });

  it.each([
    // The NIC counts a 29 February in every year: 1 March is day 61 and 31 December day 366, leap year or not.
    ['1990-04-12, day 103 (the demo citizen)', '1990103', '1990-04-12'],
    ['1991-03-01, day 061 in a common year', '1991061', '1991-03-01'],
    ['1991-12-31, day 366 in a common year', '1991366', '1991-12-31'],
    ['1992-02-29, day 060 in a leap year', '1992060', '1992-02-29'],
    ['a woman born 1992-02-29, day 560', '1992560', '1992-02-29'],
    ['a woman born 1985-01-01, day 501', '1985501', '1985-01-01'],
  ])('accepts a NIC whose day is the date of birth: %s', async (_name, yearAndDay, dateOfBirth) => {
    const nic = `${yearAndDay}${uniqueNic().slice(7)}`;
    const c = await createCitizen(t, { identity_number: nic, date_of_birth: dateOfBirth });
    expect(await identityOf(c.token)).toBe(nic);
  });

  it.each([
    ['day 000', '1990000', '1990-01-01', 'nicDay'],
    ['day 367', '1990367', '1990-12-31', 'nicDay'],
    ['day 500', '1990500', '1990-12-31', 'nicDay'],
    ['day 867', '1990867', '1990-12-31', 'nicDay'],
    ['29 February of a common year (day 060)', '1991060', '1991-03-01', 'nicDay'],
    ['a year before 1900', '1899100', '1990-04-09', 'nicDay'],
    ['another date of birth', '1990103', '1990-04-13', 'nicBirthDate'],
    ['another year', '1991103', '1990-04-12', 'nicBirthDate'],
    ["a woman's day of another date", '1990604', '1990-04-12', 'nicBirthDate'],
  ])('refuses a NIC with %s (400 naming identity_number), storing nothing', async (_name, yearAndDay, dateOfBirth, message) => {
    const before = await storedState(t);
    const res = await signup(validSignupFields({ identity_number: `${yearAndDay}${uniqueNic().slice(7)}`, date_of_birth: dateOfBirth }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fieldKeys).toEqual({ identity_number: message });
    expect(await storedState(t)).toEqual(before);
  });

  it('checks an old-form NIC the same way (its year is 19YY)', async () => {
    const res = await signup(validSignupFields({ identity_number: '901031234V', date_of_birth: '1990-04-13' }));
    expect(res.json().error.fieldKeys).toEqual({ identity_number: 'nicBirthDate' });
    const ok = await signup(validSignupFields({ identity_number: `90103${uniqueNic().slice(8, 12)}V`, date_of_birth: '1990-04-12' }));
    expect(ok.statusCode).toBe(201);
  });

  it("finds a fine issued to either form of a citizen's NIC, and refuses a fine on a NIC whose day is no day", async () => {
    const officer = await createOfficer(t, 'Traffic Fine Branch');
    const old = uniqueOldNic();
    const citizen = await createCitizen(t, { identity_number: normaliseNic(old) });
    const fine = await issueFine(t, officer.token, { citizen_identity_number: old.toLowerCase(), vehicle_number: 'WP NIC-4646' });
    expect(fine.citizen_identity_number).toBe(normaliseNic(old));
    const search = async (identityNumber: string) =>
      (
        await get(
          t,
          `/api/fines/search?${new URLSearchParams({ identity_type: 'NIC', identity_number: identityNumber, vehicle_number: 'WP NIC-4646' })}`,
          citizen.token,
        )
      ).json().fines as Array<{ id: string }>;
    expect((await search(old)).map((f) => f.id)).toEqual([fine.id]);
    expect((await search(normaliseNic(old))).map((f) => f.id)).toEqual([fine.id]);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/fines',
      headers: bearer(officer.token),
      payload: validFine({ citizen_identity_number: '199099912345' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fieldKeys).toEqual({ citizen_identity_number: 'nicDay' });
  });
});
