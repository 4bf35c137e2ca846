import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAX_UPCOMING_BOOKINGS } from '@pes/contracts';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, login, multipart, pdfFile } from '../../../test/helpers';
import { files } from '../files/files.table';
import { slots } from '../slots/slots.table';
import { complaints } from './complaints.table';
import { bookingState, complaintFields, createSlot, dayFromToday, submitComplaint } from './complaints.fixtures';
import { DEMO_ADMIN_PASSWORD } from '../../seed/demo-accounts';

type Citizen = Awaited<ReturnType<typeof createCitizen>>;

/** A citizen holds at most MAX_UPCOMING_BOOKINGS appointments that have not begun, one per slot; a refusal stores nothing. */
describe.each(DB_KINDS)('the booking cap per citizen on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // Many submissions from one account on purpose: the per-account rate limit is raised here.
    t = await startTestApp(kind, { env: { RATE_LIMIT_COMPLAINTS: '1000' } });
    admin = await login(t, 'admin', DEMO_ADMIN_PASSWORD, 'admin');
  });
  afterAll(() => t?.close());

  const newSlot = (available_slots = 5) => createSlot(t, admin, { branch: 'Traffic Branch', available_slots });
  const book = (citizen: Citizen, slotId: number, attachment: 'none' | 'file' = 'none') =>
    submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slotId), attachment === 'file' ? { attachment_file: pdfFile() } : {});
  const bookedSlotsOf = async (citizen: Citizen) =>
    (await t.modules.db.select({ slotId: complaints.slotId }).from(complaints).where(eq(complaints.citizenUserId, citizen.id))).map((r) => r.slotId);
  /** An upload ahead of the form (POST /api/complaints/upload): its path, to send as attachment_path. */
  async function uploadAhead(citizen: Citizen) {
    const body = multipart({}, { file: pdfFile('ahead.pdf') });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/complaints/upload',
      headers: { ...bearer(citizen.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json().file.path as string;
  }
  const claimedAt = async (path: string) => (await t.modules.db.select({ claimedAt: files.claimedAt }).from(files).where(eq(files.path, path)))[0]?.claimedAt;

  it(`refuses a booking beyond ${MAX_UPCOMING_BOOKINGS} upcoming appointments, storing nothing of it`, async () => {
    const citizen = await createCitizen(t);
    for (let k = 0; k < MAX_UPCOMING_BOOKINGS; k++) expect((await book(citizen, (await newSlot()).id, k % 2 ? 'file' : 'none')).statusCode).toBe(201);

    const slot = await newSlot();
    const before = await bookingState(t, slot.id);
    for (const attachment of ['none', 'file'] as const) {
      const refused = await book(citizen, slot.id, attachment);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'complaints.booking_limit', fieldKeys: { slot_id: 'bookingLimit' } });
      // No complaint row, no slot unit, no file row and no file on disk.
      expect(await bookingState(t, slot.id)).toEqual(before);
    }

    // An attachment uploaded before stays the citizen's, unclaimed, usable once a booking is possible again.
    const path = await uploadAhead(citizen);
    const withUpload = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id, { attachment_path: path }));
    expect(withUpload.statusCode).toBe(409);
    expect(withUpload.json().error.code).toBe('complaints.booking_limit');
    expect(await claimedAt(path)).toBeNull();
    expect((await bookingState(t, slot.id)).complaints).toBe(before.complaints);
    expect(await bookedSlotsOf(citizen)).toHaveLength(MAX_UPCOMING_BOOKINGS);

    // Another citizen books that slot as usual.
    expect((await book(await createCitizen(t), slot.id)).statusCode).toBe(201);
  });

  it('refuses a second booking of the same slot by the same citizen, storing nothing of it', async () => {
    const [citizen, other] = [await createCitizen(t), await createCitizen(t)];
    const slot = await newSlot(5);
    expect((await book(citizen, slot.id, 'file')).statusCode).toBe(201);
    const before = await bookingState(t, slot.id);
    for (const attachment of ['file', 'none'] as const) {
      const again = await book(citizen, slot.id, attachment);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({ code: 'complaints.slot_already_booked', fieldKeys: { slot_id: 'slotAlreadyBooked' } });
      expect(await bookingState(t, slot.id)).toEqual(before);
    }
    const path = await uploadAhead(citizen);
    const withUpload = await submitComplaint(t, citizen.token, 'traffic', complaintFields('traffic', slot.id, { attachment_path: path }));
    expect(withUpload.json().error.code).toBe('complaints.slot_already_booked');
    expect(await claimedAt(path)).toBeNull();

    // The slot still takes other citizens; the citizen still books other slots.
    expect((await book(other, slot.id)).statusCode).toBe(201);
    expect((await book(citizen, (await newSlot()).id)).statusCode).toBe(201);
  });

  it('says "already booked" rather than "full" for a full slot the citizen holds', async () => {
    const citizen = await createCitizen(t);
    const slot = await newSlot(1);
    expect((await book(citizen, slot.id)).statusCode).toBe(201);
    expect((await book(citizen, slot.id)).json().error.code).toBe('complaints.slot_already_booked');
    expect((await book(await createCitizen(t), slot.id)).json().error.code).toBe('complaints.slot_full');
  });

  it('does not count appointments that have already begun', async () => {
    const citizen = await createCitizen(t);
    const held = [await newSlot(), await newSlot(), await newSlot()];
    for (const slot of held) expect((await book(citizen, slot.id)).statusCode).toBe(201);
    expect((await book(citizen, (await newSlot()).id)).json().error.code).toBe('complaints.booking_limit');

    // Time passes: one appointment was yesterday, another began earlier today (as the booking copied them from their slots).
    await t.modules.db
      .update(complaints)
      .set({ appointmentDate: dayFromToday(-1) })
      .where(and(eq(complaints.citizenUserId, citizen.id), eq(complaints.slotId, held[0]!.id)));
    await t.modules.db
      .update(complaints)
      .set({ appointmentDate: dayFromToday(0), appointmentTimeFrom: '00:00:00' })
      .where(and(eq(complaints.citizenUserId, citizen.id), eq(complaints.slotId, held[1]!.id)));

    const later = [await newSlot(), await newSlot(), await newSlot()];
    expect((await book(citizen, later[0]!.id)).statusCode).toBe(201);
    expect((await book(citizen, later[1]!.id, 'file')).statusCode).toBe(201);
    // Three upcoming again (held[2] and two new ones): the next is refused.
    expect((await book(citizen, later[2]!.id)).json().error.code).toBe('complaints.booking_limit');
  });

  it(`keeps the cap under concurrency: 20 parallel submissions over 10 slots store exactly ${MAX_UPCOMING_BOOKINGS}`, async () => {
    const citizen = await createCitizen(t);
    const tenSlots = await Promise.all(Array.from({ length: 10 }, () => newSlot(5)));
    const slotIds = tenSlots.map((s) => s.id);
    const attachmentsBefore = (
      await t.modules.db
        .select({ n: sql<number>`count(*)::int` })
        .from(files)
        .where(eq(files.purpose, 'complaint_attachment'))
    )[0]!.n;
    const onDiskBefore = t.uploadedFiles().length;

    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => book(citizen, slotIds[i % 10]!, i % 2 ? 'file' : 'none')));
    const accepted = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(accepted).toHaveLength(MAX_UPCOMING_BOOKINGS);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(['complaints.booking_limit', 'complaints.slot_already_booked']).toContain(r.json().error.code);
    }

    const booked = await bookedSlotsOf(citizen);
    expect(booked).toHaveLength(MAX_UPCOMING_BOOKINGS);
    expect(new Set(booked).size).toBe(MAX_UPCOMING_BOOKINGS);
    const taken = await t.modules.db
      .select({ n: sql<number>`coalesce(sum(${slots.capacity} - ${slots.availableSlots}), 0)::int` })
      .from(slots)
      .where(inArray(slots.id, slotIds));
    expect(taken[0]!.n).toBe(MAX_UPCOMING_BOOKINGS);
    // Files: exactly the accepted submissions' attachments, on disk and as rows.
    const acceptedWithFile = results.filter((r, i) => r.statusCode === 201 && i % 2 === 1).length;
    const attachmentsAfter = (
      await t.modules.db
        .select({ n: sql<number>`count(*)::int` })
        .from(files)
        .where(eq(files.purpose, 'complaint_attachment'))
    )[0]!.n;
    expect(attachmentsAfter - attachmentsBefore).toBe(acceptedWithFile);
    expect(t.uploadedFiles().length - onDiskBefore).toBe(acceptedWithFile);
  });
});
