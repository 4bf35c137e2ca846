import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES, type ComplaintType } from '@pes/contracts';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, login, pdfFile, type FilePart } from '../../../test/helpers';
import { slots } from '../slots/slots.table';
import { bookingState, complaintFields, createSlot, dayFromToday, OTHER_STATION, submitComplaint } from './complaints.fixtures';
import { DEMO_ADMIN_PASSWORD } from '../../seed/demo-accounts';

/** A Windows executable (MZ header) named like a PDF. */
const fakePdf: FilePart = {
  buffer: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'), Buffer.alloc(200, 0)]),
  filename: 'statement.pdf',
  contentType: 'application/pdf',
};
const oversizedPdf = (): FilePart => ({
  buffer: Buffer.concat([pdfFile().buffer, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - pdfFile().buffer.length, 0x20)]),
  filename: 'big.pdf',
  contentType: 'application/pdf',
});

describe.each(DB_KINDS)('complaint submissions refused on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let citizen: string;
  const slotIds: Record<string, number> = {};
  beforeAll(async () => {
    // One citizen sends every refused form here: a flood by design, so the complaint limit is raised (not removed).
    t = await startTestApp(kind, { env: { RATE_LIMIT_COMPLAINTS: '1000' } });
    admin = await login(t, 'admin', DEMO_ADMIN_PASSWORD, 'admin');
    citizen = (await createCitizen(t)).token;
    slotIds.traffic = (await createSlot(t, admin, { branch: 'Traffic Branch' })).id;
    slotIds.crime = (await createSlot(t, admin, { branch: 'Crime Branch' })).id;
    slotIds.minor = (await createSlot(t, admin, { branch: 'Minor Offense Branch' })).id;
    slotIds.otherStation = (await createSlot(t, admin, { branch: 'Traffic Branch', station: OTHER_STATION })).id;
    slotIds.deleted = (await createSlot(t, admin, { branch: 'Traffic Branch' })).id;
    await t.app.inject({ method: 'DELETE', url: `/api/admin/slots/${slotIds.deleted}`, headers: bearer(admin) });
    // Admins cannot create past slots, so this one is made directly.
    slotIds.past = (await createSlot(t, admin, { branch: 'Traffic Branch' })).id;
    await t.modules.db
      .update(slots)
      .set({ date: dayFromToday(-1) })
      .where(eq(slots.id, slotIds.past));
    slotIds.full = (await createSlot(t, admin, { branch: 'Crime Branch', available_slots: 1 })).id;
    // Filled by someone else: the citizen's own booking there would be refused as "already booked", not "full".
    const filled = await submitComplaint(t, (await createCitizen(t)).token, 'crime', complaintFields('crime', slotIds.full));
    expect(filled.statusCode).toBe(201);
  });
  afterAll(() => t?.close());

  type Case = [name: string, type: ComplaintType, change: Record<string, string | undefined>, status: number, field: string, key: string];
  const cases: Case[] = [
    ['a missing name', 'traffic', { full_name: undefined }, 400, 'full_name', 'required'],
    ['a name of spaces', 'traffic', { full_name: '   ' }, 400, 'full_name', 'required'],
    ['a missing age', 'traffic', { age: undefined }, 400, 'age', 'required'],
    ['an age that is not a number', 'traffic', { age: 'thirty' }, 400, 'age', 'ageRange'],
    ['a fractional age', 'traffic', { age: '30.5' }, 400, 'age', 'ageRange'],
    ['an age of 0', 'traffic', { age: '0' }, 400, 'age', 'ageRange'],
    ['an age over 120', 'traffic', { age: '121' }, 400, 'age', 'ageRange'],
    ['an unknown gender', 'traffic', { gender: 'robot' }, 400, 'gender', 'invalidChoice'],
    ['a missing gender', 'traffic', { gender: undefined }, 400, 'gender', 'required'],
    ['a bad phone number', 'traffic', { phone_number: '12345' }, 400, 'phone_number', 'complaintPhoneFormat'],
    ['a missing address', 'traffic', { home_address: undefined }, 400, 'home_address', 'required'],
    ['a missing id number', 'traffic', { id_number: undefined }, 400, 'id_number', 'required'],
    ['an unknown marital status', 'traffic', { marital_status: 'complicated' }, 400, 'marital_status', 'invalidChoice'],
    ['a missing account of events', 'traffic', { what_happened: undefined }, 400, 'what_happened', 'required'],
    ['a missing place', 'traffic', { where: '' }, 400, 'where', 'required'],
    ['a missing incident time', 'traffic', { when: undefined }, 400, 'when', 'required'],
    ['an unreadable incident time', 'traffic', { when: 'yesterday' }, 400, 'when', 'invalidDateTime'],
    ['an impossible incident time', 'traffic', { when: '2025-02-30T10:00' }, 400, 'when', 'invalidDateTime'],
    ['an incident time in the future', 'traffic', { when: `${dayFromToday(2)}T10:00` }, 400, 'when', 'whenNotFuture'],
    ['a damage value that is not a number', 'traffic', { damage_value: 'a lot' }, 400, 'damage_value', 'damageValueFormat'],
    ['a negative damage value', 'traffic', { damage_value: '-5' }, 400, 'damage_value', 'damageValueFormat'],
    ['a damage value with 3 decimals', 'traffic', { damage_value: '10.505' }, 400, 'damage_value', 'damageValueFormat'],
    ['a missing traffic category', 'traffic', { traffic_category: undefined }, 400, 'traffic_category', 'required'],
    ['an unknown traffic category', 'traffic', { traffic_category: 'speeding' }, 400, 'traffic_category', 'invalidChoice'],
    ['an unknown crime category', 'crime', { crime_category: 'violent' }, 400, 'crime_category', 'invalidChoice'],
    ['a crime type of the other category', 'crime', { crime_category: 'personal', incident_type: 'theft' }, 400, 'incident_type', 'incidentTypeCategory'],
    ['an unknown crime type', 'crime', { incident_type: 'jaywalking' }, 400, 'incident_type', 'invalidChoice'],
    ['a missing minor offence type', 'minor_offense', { incident_type: undefined }, 400, 'incident_type', 'required'],
    ['an unknown minor offence type', 'minor_offense', { incident_type: 'noise' }, 400, 'incident_type', 'invalidChoice'],
    ['a missing station', 'traffic', { station: undefined }, 400, 'station', 'required'],
    ['an unknown station', 'traffic', { station: 'Atlantis Police' }, 400, 'station', 'unknownStation'],
    ['a missing slot', 'traffic', { slot_id: undefined }, 400, 'slot_id', 'slotRequired'],
    ['a slot id that is not a number', 'traffic', { slot_id: 'first' }, 400, 'slot_id', 'slotRequired'],
    ['a slot that does not exist', 'traffic', { slot_id: '99999999' }, 400, 'slot_id', 'slotUnavailable'],
  ];

  const slotFor = (type: ComplaintType) => (type === 'traffic' ? slotIds.traffic! : type === 'crime' ? slotIds.crime! : slotIds.minor!);

  it.each(cases)('refuses %s (%s form) naming the field; nothing booked or stored', async (_name, type, change, status, field, key) => {
    const slotId = slotFor(type);
    const before = await bookingState(t, slotId);
    const res = await submitComplaint(t, citizen, type, complaintFields(type, slotId, change), { attachment_file: pdfFile() });
    expect(res.statusCode).toBe(status);
    expect(res.json().error.fieldKeys[field]).toBe(key);
    expect(await bookingState(t, slotId)).toEqual(before);
  });

  it.each([
    ['a slot of another branch', 'traffic', 'crime'],
    ['a slot of another station', 'traffic', 'otherStation'],
    ['a slot dated in the past', 'traffic', 'past'],
    ['a deleted slot', 'traffic', 'deleted'],
    ['a crime slot on the minor offence form', 'minor_offense', 'crime'],
  ] as const)('refuses %s with 400 naming slot_id; nothing booked or stored', async (_name, type, slotKey) => {
    const slotId = slotIds[slotKey]!;
    const before = await bookingState(t, slotId);
    const res = await submitComplaint(t, citizen, type, complaintFields(type, slotId), { attachment_file: pdfFile() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'complaints.slot_unavailable', fieldKeys: { slot_id: 'slotUnavailable' } });
    expect(await bookingState(t, slotId)).toEqual(before);
  });

  it('accepts a crime complaint without a category, deriving it from the incident type', async () => {
    const res = await submitComplaint(
      t,
      citizen,
      'crime',
      complaintFields('crime', slotIds.crime!, { crime_category: undefined, incident_type: 'kidnapping' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().complaint).toMatchObject({ crime_category: 'personal', incident_type: 'kidnapping' });
  });

  it('refuses a full slot with 409 and leaves its attachment nowhere', async () => {
    const before = await bookingState(t, slotIds.full!);
    expect(before.available).toBe(0);
    const res = await submitComplaint(t, citizen, 'crime', complaintFields('crime', slotIds.full!), { attachment_file: pdfFile() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'complaints.slot_full', fieldKeys: { slot_id: 'slotFull' } });
    expect(await bookingState(t, slotIds.full!)).toEqual(before);
  });

  it.each([
    ['an executable renamed .pdf', fakePdf, 415, 'fileTypeWithPdf'],
    ['a file over 5 MB', oversizedPdf(), 413, 'fileTooLarge'],
  ] as const)('refuses %s naming attachment_file; nothing booked or stored', async (_name, file, status, key) => {
    const before = await bookingState(t, slotIds.traffic!);
    const res = await submitComplaint(t, citizen, 'traffic', complaintFields('traffic', slotIds.traffic!), { attachment_file: file });
    expect(res.statusCode).toBe(status);
    expect(res.json().error.fieldKeys.attachment_file).toBe(key);
    expect(await bookingState(t, slotIds.traffic!)).toEqual(before);
  });

  it('refuses a JSON body with 415 and books nothing', async () => {
    const before = await bookingState(t, slotIds.traffic!);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/complaints/traffic',
      headers: bearer(citizen),
      payload: complaintFields('traffic', slotIds.traffic!),
    });
    expect(res.statusCode).toBe(415);
    expect(await bookingState(t, slotIds.traffic!)).toEqual(before);
  });

  it('names every bad field at once', async () => {
    const res = await submitComplaint(t, citizen, 'traffic', { age: 'x', damage_value: 'y', slot_id: String(slotIds.traffic) });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fieldKeys)).toEqual(
      expect.arrayContaining([
        'full_name',
        'age',
        'gender',
        'home_address',
        'id_number',
        'phone_number',
        'what_happened',
        'when',
        'where',
        'damage_value',
        'station',
        'traffic_category',
      ]),
    );
  });
});
