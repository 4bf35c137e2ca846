import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { adminBranchOfficer, applicant, appliedAndPaid, send } from './clearance.fixtures';

/** Letters only, different each run: a word no other application's name contains. */
const word = () => `Zx${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

// Officers look an application up by what they hold: the applicant's name (any word, its start, any case),
// the tail of a reference read out on the phone ("000123", "123", "2026-000123"), the reference or the NIC.
describe.each(DB_KINDS)("the Admin Branch's application search on %s", (kind) => {
  let t: TestApp;
  let officer: string;
  let surname: string;
  let paid: { reference: string; id: number };
  beforeAll(async () => {
    t = await startTestApp(kind);
    officer = (await adminBranchOfficer(t)).token;
    surname = word();
    paid = await appliedAndPaid(t, await applicant(t), { full_name_nic: `Amaya Kumari ${surname}` });
  });
  afterAll(() => t?.close());

  const found = async (search: string) => {
    const res = await send(t, 'GET', `/api/clearance/applications?search=${encodeURIComponent(search)}`, officer);
    expect(res.statusCode, search).toBe(200);
    return (res.json().applications as Array<{ id: number }>).map((a) => a.id);
  };

  it("finds an application by its applicant's name: any word, its start, any case, several words", async () => {
    for (const search of [surname, surname.toUpperCase(), surname.slice(0, 5), `amaya ${surname}`, `${surname.slice(0, 6)} kum`]) {
      expect(await found(search), search).toEqual([paid.id]);
    }
    expect(await found(`${surname}q`)).toEqual([]);
    expect(await found(`${surname} nuwan`)).toEqual([]);
    // Text that would be query syntax is only text.
    expect(await found(`${surname}:* | !amaya & (`)).toEqual([paid.id]);
  });

  it("finds an application by its reference's tail, with or without the zeros and the year", async () => {
    const [, year, sequence] = paid.reference.split('-') as [string, string, string];
    const number = String(Number(sequence));
    for (const search of [sequence, number, `${year}-${sequence}`, paid.reference.toLowerCase()]) expect(await found(search), search).toContain(paid.id);
    // A tail is the end of the reference, not a part of it. (With the year: a bare "19" is also the start of every NIC of
    // someone born in the 1900s, kept in the 12-digit form, and finds them.)
    expect(await found(`${year}-${sequence}9`)).not.toContain(paid.id);
  });

  it('says how many applications a search finds over all pages, filters by station, and says who has each in hand', async () => {
    const name = word();
    const kollupitiya = await appliedAndPaid(t, await applicant(t), { full_name_nic: `Nimal ${name}`, station: 'Kollupitiya Police Station' });
    const slaveIsland = await appliedAndPaid(t, await applicant(t), { full_name_nic: `Kamal ${name}` });
    const list = async (query: string) => (await send(t, 'GET', `/api/clearance/applications?${query}`, officer)).json();

    const both = await list(`search=${name}&page_size=1`);
    expect(both.applications).toHaveLength(1);
    expect(both.total).toBe(2);
    const atKollupitiya = await list(`search=${name}&station=${encodeURIComponent('Kollupitiya Police Station')}`);
    expect(atKollupitiya).toMatchObject({ total: 1, applications: [{ id: kollupitiya.id, station: 'Kollupitiya Police Station', handled_by: null }] });
    expect((await send(t, 'GET', '/api/clearance/applications?station=Galle', officer)).statusCode).toBe(400);

    await send(t, 'PUT', `/api/clearance/applications/${slaveIsland.id}/status`, officer, { status: 'in_progress' });
    const handled = await list(`search=${name}&station=${encodeURIComponent('Slave Island Police')}`);
    expect(handled).toMatchObject({ total: 1, applications: [{ id: slaveIsland.id, station: 'Slave Island Police', handled_by: 'Dilani Jayasuriya' }] });
  });
});
