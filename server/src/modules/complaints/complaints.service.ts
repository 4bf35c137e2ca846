import type {
  AppointmentAttendance,
  BookingAllowance,
  COMPLAINT_FIELDS_SCHEMAS,
  Complaint,
  ComplaintBranch,
  ComplaintPage,
  complaintPageQuerySchema,
  ComplaintType,
} from '@pes/contracts';
import {
  cappedTotal,
  COMPLAINT_ATTACHMENT_PATH_FIELD,
  COMPLAINT_BRANCH,
  COMPLAINT_BRANCHES,
  colomboDate,
  colomboSlotClock,
  colomboLocalToDate,
  MAX_UPCOMING_AFTER_MISSED,
  MAX_UPCOMING_BOOKINGS,
} from '@pes/contracts';
import type { z } from 'zod';
import { appError, invalidInput } from '../../app-error';
import type { Database, DbOrTx, Tx } from '../../db/client';
import type { Principal } from '../../http/principal';
import { actorOf, type AuditService } from '../audit/audit.service';
import { storedFileUrl, type FileAccessPolicy, type FileOwner, type FileRow, type FilesService, type StagedFile } from '../files/files.service';
import type { UploadedFile } from '../../http/uploaded-file';
import type { StationsService } from '../stations/stations.service';
import { serialIds } from '../../db/sql';
import { keysetPage } from '../../db/keyset';
import type { EventRecorder } from '../jobs/domain-events';
import type { Booking, ComplaintsRepository, ComplaintViewRow, NewComplaint, PageWindow } from './complaints.repository';
import type { WorkScope } from '../workload/workload.service';

/** A complaint form's fields as parsed (any of the three types). */
export type ComplaintInput = z.output<(typeof COMPLAINT_FIELDS_SCHEMAS)[ComplaintType]>;

/** Thrown inside the booking transaction when the slot takes no booking, so that an attachment's claim goes too. */
const NOT_BOOKED = Symbol('not booked');

const isComplaintBranch = (b: string | null): b is ComplaintBranch => b !== null && (COMPLAINT_BRANCHES as readonly string[]).includes(b);

/** The officer's branch and station, which bound everything an officer sees here. */
function officerScope(officer: Principal) {
  if (!isComplaintBranch(officer.branch) || officer.stationId === null) return undefined;
  return { branch: officer.branch, stationId: officer.stationId };
}

/** The row's flat columns of the appointment and the attachment, which the view nests. */
const NESTED_COLUMNS = [
  'appointment_date',
  'appointment_time_from',
  'appointment_time_to',
  'attachment_path',
  'attachment_mime_type',
  'attachment_name',
] as const satisfies readonly (keyof ComplaintViewRow)[];

/**
 * The complaint as the API shows it, made from its row in place: drizzle builds a row key by key, which V8 keeps as a
 * dictionary when it is this wide, and copying one with rest and spread cost 4–10 µs a row, the largest part of an
 * officer's by-date list above its query (issue 26). The flat columns are removed, so the view holds nothing the API
 * does not show (the stored file's name above all), whoever writes it out; every other column is the view's field of
 * the same name (the API tests check each answer against the schema).
 */
function toComplaintView(row: ComplaintViewRow): Complaint {
  const { appointment_date, appointment_time_from, appointment_time_to, attachment_path, attachment_mime_type, attachment_name } = row;
  const view: Record<string, unknown> = row;
  for (const column of NESTED_COLUMNS) delete view[column];
  view.appointment =
    appointment_date && appointment_time_from && appointment_time_to
      ? { date: appointment_date, time_from: appointment_time_from, time_to: appointment_time_to }
      : null;
  view.attachment =
    attachment_path && attachment_mime_type
      ? { url: storedFileUrl(attachment_path), mime_type: attachment_mime_type, name: attachment_name ?? attachment_path }
      : null;
  return view as unknown as Complaint;
}

/** A page of a complaints list as the API answers it, from `size + 1` rows read (the one more says whether another page follows). */
function toComplaintPage(found: { rows: (ComplaintViewRow & { cursor: string })[]; matched: number }, size: number): ComplaintPage {
  const { page, next_cursor } = keysetPage(found.rows, size, (row) => row.cursor);
  return {
    // The cursor column goes in place, as toComplaintView's columns do (a copy of so wide a row costs microseconds).
    complaints: page.map((row) => {
      delete (row as Partial<typeof row>).cursor;
      return toComplaintView(row);
    }),
    ...cappedTotal(found.matched),
    page_size: size,
    next_cursor,
  };
}

type ComplaintPageQuery = z.output<typeof complaintPageQuerySchema>;
const windowOf = (query: ComplaintPageQuery): PageWindow => ({ cursor: query.cursor, limit: query.page_size + 1 });
/** The answer of a list that holds nothing (an officer without a branch and station, an account that is no officer's). */
const emptyPage = (query: ComplaintPageQuery): ComplaintPage => ({
  complaints: [],
  total: 0,
  total_exact: true,
  page_size: query.page_size,
  next_cursor: null,
});

export function createComplaintsService(deps: {
  db: Database;
  /** The staff pages' reads (officers' lists, the administrator's views): their own pool (DatabaseHandle.staffReads). */
  staffReads: Database;
  complaints: ComplaintsRepository;
  stations: StationsService;
  files: FilesService;
  audit: Pick<AuditService, 'record'>;
  events: EventRecorder;
}) {
  const { db, staffReads, complaints, stations, files, audit, events } = deps;

  /**
   * Why the slot took no booking, checked in this order: an unknown station or a slot not bookable for this
   * complaint (400), the citizen's own appointment in this slot or the cap on upcoming appointments (409: the
   * missed-appointments limit named as such while it lasts), a full slot (409).
   */
  async function refuseBooking(booking: Booking, branch: ComplaintBranch, citizenUserId: number): Promise<never> {
    await stations.byName(booking.stationName);
    const slot = await complaints.slotState(booking, branch);
    if (slot === 'unbookable') throw appError('complaints.slot_unavailable');
    const held = await complaints.citizenHoldings(citizenUserId, booking);
    if (held.inSlot) throw appError('complaints.slot_already_booked');
    if (held.upcoming >= MAX_UPCOMING_AFTER_MISSED && (await complaints.missedLimitUntil(citizenUserId, booking.today))) {
      throw appError('complaints.booking_limit_missed');
    }
    if (held.upcoming >= MAX_UPCOMING_BOOKINGS) throw appError('complaints.booking_limit');
    throw slot === 'full' ? appError('complaints.slot_full') : appError('complaints.slot_unavailable');
  }

  /** A booking with an attachment uploaded before: its claim and the booking in one transaction, rolled back when nothing was booked. */
  async function inBookingTransaction<T>(work: (tx: Tx) => Promise<T | undefined>): Promise<T | undefined> {
    return db
      .transaction(async (tx) => {
        const done = await work(tx);
        if (done === undefined) throw NOT_BOOKED;
        return done;
      })
      .catch((err: unknown) => {
        if (err === NOT_BOOKED) return undefined;
        throw err;
      });
  }

  /**
   * Books the slot and stores the complaint, with an attachment uploaded before: `claim` claims its file
   * row in the same transaction first, so the complaint and its file are kept together or not at all.
   */
  async function book(booking: Booking, complaint: NewComplaint, branch: ComplaintBranch, claim?: (tx: Tx) => Promise<FileRow>) {
    const year = booking.today.slice(0, 4);
    // The booking statement records the complaint's event itself; an attachment's claim commits with both or not at all.
    const booked = claim
      ? await inBookingTransaction(async (tx) => {
          const file = await claim(tx);
          const row = await complaints.book(booking, complaint, year, file.id, tx);
          return row && { row, file };
        })
      : await complaints.book(booking, complaint, year, null, db).then((row) => row && { row, file: null });
    return booked ?? refuseBooking(booking, branch, complaint.citizenUserId);
  }

  /**
   * Books the slot and stores the complaint with a file sent with the form, in ONE statement (the file's row is written only when the slot was booked). A refusal throws, so the staged
   * file is removed from disk.
   */
  async function bookWithFile(booking: Booking, complaint: NewComplaint, branch: ComplaintBranch, file: StagedFile, owner: FileOwner) {
    const values = files.formFileValues(file, owner);
    const row = await complaints.bookWithFile(booking, complaint, booking.today.slice(0, 4), values, db);
    if (!row) return refuseBooking(booking, branch, complaint.citizenUserId);
    return { row, file: { path: file.path, mimeType: file.mimeType, originalName: file.originalName } };
  }

  return {
    /** The audit log's words for complaints: the reference (CMP-...) and the complainant's name. */
    async describeForAudit(ids: string[]) {
      return new Map((await complaints.describeForAudit(serialIds(ids))).map(({ id, ...words }) => [String(id), words]));
    },

    /** An attachment uploaded ahead of its complaint (claimed by the complaint that names its path). */
    uploadAttachment(citizen: Principal, file: UploadedFile) {
      return files.upload(file, { purpose: 'complaint_attachment', ownerUserId: citizen.userId });
    },

    /**
     * Stores a complaint and books one unit of its slot in one transaction, with its attachment: a file
     * sent with the form (written first, removed again if the booking is refused or fails) or one uploaded
     * before and named by its path (claimed; left unclaimed if the booking is refused). A refusal at any
     * step leaves no complaint, no slot unit taken and no file kept.
     */
    async submit(citizen: Principal, type: ComplaintType, input: ComplaintInput, attachment?: UploadedFile): Promise<Complaint> {
      const attachmentPath = input[COMPLAINT_ATTACHMENT_PATH_FIELD];
      if (attachment && attachmentPath) throw invalidInput({ [COMPLAINT_ATTACHMENT_PATH_FIELD]: 'attachmentTwice' });
      const branch = COMPLAINT_BRANCH[type];
      const complaint: NewComplaint = {
        type,
        branch,
        citizenUserId: citizen.userId,
        fullName: input.full_name,
        age: input.age,
        gender: input.gender,
        homeAddress: input.home_address,
        idNumber: input.id_number,
        phoneNumber: input.phone_number,
        religion: input.religion ?? null,
        nationality: input.nationality ?? null,
        occupation: input.occupation ?? null,
        workAddress: input.work_address ?? null,
        maritalStatus: input.marital_status ?? null,
        gramaDivision: input.grama_division ?? null,
        incidentType: input.incident_type ?? null,
        crimeCategory: 'crime_category' in input ? input.crime_category : null,
        trafficCategory: 'traffic_category' in input ? input.traffic_category : null,
        whatHappened: input.what_happened,
        occurredAt: colomboLocalToDate(input.when)!,
        place: input.where,
        howOccurred: input.how_occurred ?? null,
        damageValue: input.damage_value ?? null,
        evidence: input.evidence ?? null,
      };
      const booking: Booking = { slotId: input.slot_id, stationName: input.station, today: colomboDate(), nowTime: colomboSlotClock() };
      const owner = { purpose: 'complaint_attachment', ownerUserId: citizen.userId } as const;

      const { row: booked, file } = attachment
        ? await files.withStagedFiles([attachment], ([staged]) => bookWithFile(booking, complaint, branch, staged!, owner))
        : attachmentPath
          ? await book(booking, complaint, branch, (tx) => files.claim({ ...owner, path: attachmentPath, field: COMPLAINT_ATTACHMENT_PATH_FIELD }, tx))
          : await book(booking, complaint, branch);
      return toComplaintView({
        id: booked.id,
        reference_number: booked.reference_number,
        complaint_type: type,
        status: booked.status,
        full_name: complaint.fullName,
        age: complaint.age,
        gender: complaint.gender,
        home_address: complaint.homeAddress,
        id_number: complaint.idNumber,
        phone_number: complaint.phoneNumber,
        religion: complaint.religion,
        nationality: complaint.nationality,
        occupation: complaint.occupation,
        work_address: complaint.workAddress,
        marital_status: complaint.maritalStatus,
        grama_division: complaint.gramaDivision,
        incident_type: complaint.incidentType,
        crime_category: complaint.crimeCategory,
        traffic_category: complaint.trafficCategory,
        what_happened: complaint.whatHappened,
        when: booked.when,
        where: complaint.place,
        how_occurred: complaint.howOccurred,
        damage_value: booked.damage_value,
        evidence: complaint.evidence,
        station: input.station,
        branch,
        slot_id: input.slot_id,
        appointment_date: booked.appointment_date,
        appointment_time_from: booked.appointment_time_from,
        appointment_time_to: booked.appointment_time_to,
        attendance: null,
        attachment_path: file?.path ?? null,
        attachment_mime_type: file?.mimeType ?? null,
        attachment_name: file?.originalName ?? null,
        submitted_at: booked.submitted_at,
        history: [],
      });
    },

    /**
     * How many upcoming appointments the citizen may hold now and holds, and until when the missed-appointments
     * limit lasts (null: the usual limit), so the booking page can say so before a booking is refused.
     */
    async bookingAllowance(citizen: Principal): Promise<BookingAllowance> {
      const today = colomboDate();
      const [limitedUntil, held] = await Promise.all([
        complaints.missedLimitUntil(citizen.userId, today),
        complaints.citizenHoldings(citizen.userId, { today, nowTime: colomboSlotClock() }),
      ]);
      const max = limitedUntil ? MAX_UPCOMING_AFTER_MISSED : MAX_UPCOMING_BOOKINGS;
      return { max_upcoming: max, upcoming: Math.min(held.upcoming, max), limited_until: limitedUntil };
    },

    /** A page of the signed-in citizen's own complaints, newest first. */
    async pageForCitizen(citizen: Principal, query: ComplaintPageQuery): Promise<ComplaintPage> {
      return toComplaintPage(await complaints.pageOfCitizen(citizen.userId, windowOf(query)), query.page_size);
    },

    /** Every complaint of the signed-in citizen, newest first (the export of their data). */
    async allForCitizen(citizen: Principal) {
      return (await complaints.allOfCitizen(citizen.userId)).map(toComplaintView);
    },

    /** A page of the complaints of the officer's branch at the officer's station, newest first (none for an officer without both). */
    async pageForOfficer(officer: Principal, query: ComplaintPageQuery, tx?: DbOrTx): Promise<ComplaintPage> {
      const scope = officerScope(officer);
      if (!scope) return emptyPage(query);
      return toComplaintPage(await complaints.pageOfBranch(scope.branch, scope.stationId, windowOf(query), tx ?? staffReads), query.page_size);
    },

    async listForOfficerOnDate(officer: Principal, date: string) {
      const scope = officerScope(officer);
      if (!scope) return [];
      return (await complaints.forBranchOnDate(scope.branch, scope.stationId, date, staffReads)).map(toComplaintView);
    },

    /** Sets the status of a complaint of the officer's branch and station, recording the change; 404 for others. */
    async updateStatus(officer: Principal, id: number, status: string) {
      const scope = officerScope(officer);
      if (!scope) throw appError('complaints.not_found');
      await db.transaction(async (tx) => {
        const current = await complaints.lockForBranch(id, scope.branch, scope.stationId, tx);
        if (!current) throw appError('complaints.not_found');
        // Saving the same status again is not a change, so it leaves no history entry.
        if (current.status !== status) {
          await complaints.changeStatus({ complaintId: id, fromStatus: current.status, toStatus: status, changedByUserId: officer.userId }, tx);
          const summary = { before: { status: current.status }, after: { status } };
          await audit.record({ actor: actorOf(officer), action: 'complaint.status', subject: { type: 'complaint', id }, summary }, tx);
          await events.record(tx, {
            type: 'complaint.status_changed',
            complaintId: id,
            citizenUserId: current.citizenUserId,
            reference: current.referenceNumber,
            status,
          });
        }
      });
      const row = await complaints.viewById(id);
      if (!row) throw appError('complaints.not_found');
      return toComplaintView(row);
    },

    /**
     * Marks whether the citizen came to the appointment of a complaint of the officer's branch and station (404 for
     * others), on the appointment's day or after it (409 before it, and for a complaint without an appointment).
     * Marking again corrects it; each change is audited, the same mark again changes nothing.
     */
    async markAttendance(officer: Principal, id: number, attendance: AppointmentAttendance) {
      const scope = officerScope(officer);
      if (!scope) throw appError('complaints.not_found');
      await db.transaction(async (tx) => {
        const current = await complaints.lockAttendanceForBranch(id, scope.branch, scope.stationId, tx);
        if (!current) throw appError('complaints.not_found');
        if (!current.appointmentDate) throw appError('complaints.no_appointment');
        if (current.appointmentDate > colomboDate()) throw appError('complaints.attendance_not_yet');
        if (current.attendance === attendance) return;
        await complaints.markAttendance({ complaintId: id, attendance, markedByUserId: officer.userId }, tx);
        // `how` is the mark as a code, which the log's reader shows in their language.
        const summary = { before: { attendance: current.attendance }, after: { attendance }, how: attendance };
        await audit.record({ actor: actorOf(officer), action: 'complaint.attendance', subject: { type: 'complaint', id }, summary }, tx);
      });
      const row = await complaints.viewById(id);
      if (!row) throw appError('complaints.not_found');
      return toComplaintView(row);
    },

    /** Every complaint of a citizen (the administrator's view), newest first. */
    async listOfCitizen(citizenUserId: number) {
      return (await complaints.allOfCitizen(citizenUserId, staffReads)).map(toComplaintView);
    },

    /** Per officer (of a branch) serving slots with complaints: their complaints by workload class. */
    workloadByOfficer: (scope: WorkScope, tx?: DbOrTx) => complaints.workloadByOfficer(scope, tx),

    /**
     * A page of the complaints booked into the slots an officer serves (officers.id), newest first (the administrator's
     * view); none for an account that is no officer's (undefined).
     */
    async pageAssignedTo(officerRowId: number | undefined, query: ComplaintPageQuery, tx?: DbOrTx): Promise<ComplaintPage> {
      if (officerRowId === undefined) return emptyPage(query);
      return toComplaintPage(await complaints.pageAssignedTo(officerRowId, windowOf(query), tx ?? staffReads), query.page_size);
    },

    /**
     * Any complaint, with its attachment and status history (the administrator's view); 404 when there is none. The
     * opening is recorded before the details go out: the complainant sees it on their account ("Who has looked at my
     * data?"), by the administrator's station, never by name.
     */
    async viewForAdmin(administrator: Principal, id: number) {
      const [row, citizenUserId] = await Promise.all([complaints.viewById(id, staffReads), complaints.citizenOf(id, staffReads)]);
      if (!row || citizenUserId === undefined) throw appError('complaints.not_found');
      await audit.record({
        actor: actorOf(administrator),
        action: 'complaint.view',
        subject: { type: 'user', id: citizenUserId },
        summary: { reference: row.reference_number, complaint: id, station: administrator.station },
      });
      return toComplaintView(row);
    },

    /** /uploads access for complaint attachments beyond owner and admins: officers who may see the complaint. */
    attachmentPolicy: (async (principal, file) => {
      if (principal.role !== 'police_officer') return false;
      const scope = officerScope(principal);
      return scope !== undefined && complaints.attachmentVisibleTo(file.id, scope.branch, scope.stationId);
    }) satisfies FileAccessPolicy,
  };
}
export type ComplaintsService = ReturnType<typeof createComplaintsService>;
