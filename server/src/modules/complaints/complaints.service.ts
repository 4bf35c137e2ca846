import {
  COMPLAINT_ATTACHMENT_FIELD,
  COMPLAINT_BRANCH,
  COMPLAINT_BRANCHES,
  COMPLAINT_FIELDS_SCHEMAS,
  colomboDate,
  colomboLocalToDate,
  POLICE_COMPLAINT_LIST_LIMIT,
  type Complaint,
  type ComplaintBranch,
  type ComplaintType,
} from '@pes/contracts';
import type { Database } from '../../db/client';
import { badInput } from '../../http/domain-error';
import { zodFieldKeys } from '../../http/error-handler';
import type { MultipartBody } from '../../http/multipart';
import type { Principal } from '../../http/principal';
import type { FileAccessPolicy, FilesService } from '../files/files.service';
import type { StationsRepository } from '../stations/stations.repository';
import { unknownStation } from '../users/users.errors';
import type { ComplaintsRepository, ComplaintViewRow, NewComplaint } from './complaints.repository';
import { complaintNotFound, slotFull, slotUnavailable } from './complaints.errors';

/** files.purpose of complaint attachments. */
export const COMPLAINT_ATTACHMENT_PURPOSE = 'complaint_attachment';

const isComplaintBranch = (b: string | null): b is ComplaintBranch => b !== null && (COMPLAINT_BRANCHES as readonly string[]).includes(b);

/** The officer's branch and station, which bound everything an officer sees here. */
function officerScope(officer: Principal) {
  if (!isComplaintBranch(officer.branch) || officer.stationId === null) return undefined;
  return { branch: officer.branch, stationId: officer.stationId };
}

function toComplaintView(row: ComplaintViewRow): Complaint {
  const { appointment_date, appointment_time_from, appointment_time_to, attachment_path, attachment_mime_type, attachment_name, ...rest } = row;
  return {
    ...rest,
    gender: row.gender as Complaint['gender'],
    marital_status: row.marital_status as Complaint['marital_status'],
    crime_category: row.crime_category as Complaint['crime_category'],
    traffic_category: row.traffic_category as Complaint['traffic_category'],
    branch: row.branch as ComplaintBranch,
    appointment:
      appointment_date && appointment_time_from && appointment_time_to
        ? { date: appointment_date, time_from: appointment_time_from, time_to: appointment_time_to }
        : null,
    attachment:
      attachment_path && attachment_mime_type
        ? { url: `/uploads/${attachment_path}`, mime_type: attachment_mime_type, name: attachment_name ?? attachment_path }
        : null,
  };
}

export function createComplaintsService(deps: {
  db: Database;
  complaints: ComplaintsRepository;
  stations: StationsRepository;
  files: FilesService;
}) {
  const { db, complaints, stations, files } = deps;

  return {
    /**
     * Stores a complaint and books one unit of its slot in one transaction, after its attachment is
     * written; a refusal at any step leaves no complaint, no slot unit taken and no file.
     */
    async submit(citizen: Principal, type: ComplaintType, body: MultipartBody): Promise<Complaint> {
      const parsed = COMPLAINT_FIELDS_SCHEMAS[type].safeParse(body.fields);
      if (!parsed.success) throw badInput(zodFieldKeys(parsed.error.issues));
      const input = parsed.data;
      const branch = COMPLAINT_BRANCH[type];
      const today = colomboDate();
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
      const upload = body.files[COMPLAINT_ATTACHMENT_FIELD];

      // The file is written first and removed again if the booking is refused or fails.
      return files.withStagedFiles(upload ? [upload] : [], async (staged) => {
        const file = staged[0];
        const attachment = file
          ? { path: file.path, mimeType: file.mimeType, sizeBytes: file.sizeBytes, originalName: file.originalName, purpose: COMPLAINT_ATTACHMENT_PURPOSE }
          : null;
        const booking = { slotId: input.slot_id, stationName: input.station, today, attachment };
        const booked = await complaints.book(booking, complaint, today.slice(0, 4));
        if (!booked) {
          if (!(await stations.findByName(input.station))) throw unknownStation();
          throw (await complaints.slotState(booking, branch)) === 'full' ? slotFull() : slotUnavailable();
        }
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
          attachment_path: file?.path ?? null,
          attachment_mime_type: file?.mimeType ?? null,
          attachment_name: file?.originalName ?? null,
          submitted_at: booked.submitted_at,
          history: [],
        });
      });
    },

    async listForCitizen(citizen: Principal) {
      return (await complaints.forCitizen(citizen.userId)).map(toComplaintView);
    },

    async listForOfficer(officer: Principal) {
      const scope = officerScope(officer);
      if (!scope) return [];
      return (await complaints.forBranch(scope.branch, scope.stationId, POLICE_COMPLAINT_LIST_LIMIT)).map(toComplaintView);
    },

    async listForOfficerOnDate(officer: Principal, date: string) {
      const scope = officerScope(officer);
      if (!scope) return [];
      return (await complaints.forBranchOnDate(scope.branch, scope.stationId, date)).map(toComplaintView);
    },

    /** Sets the status of a complaint of the officer's branch and station, recording the change; 404 for others. */
    async updateStatus(officer: Principal, id: number, status: string) {
      const scope = officerScope(officer);
      if (!scope) throw complaintNotFound();
      await db.transaction(async (tx) => {
        const current = await complaints.lockForBranch(tx, id, scope.branch, scope.stationId);
        if (!current) throw complaintNotFound();
        // Saving the same status again is not a change, so it leaves no history entry.
        if (current.status !== status) {
          await complaints.changeStatus(tx, { complaintId: id, fromStatus: current.status, toStatus: status, changedByUserId: officer.userId });
        }
      });
      const row = await complaints.viewById(id);
      if (!row) throw complaintNotFound();
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
