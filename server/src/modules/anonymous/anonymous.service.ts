import { createHash, randomBytes } from 'node:crypto';
import {
  ANONYMOUS_CLOSED_STATUSES,
  ANONYMOUS_OFFICER_PAGE_SIZE,
  colomboLocalToDate,
  type AnonymousOfficerListQuery,
  type AnonymousComplaint,
  type AnonymousComplaintFields,
  type TrackAnonymousResponse,
} from '@pes/contracts';
import { appError } from '../../app-error';
import type { Database, DbOrTx, Tx } from '../../db/client';
import type { Principal } from '../../http/principal';
import { actorOf, type AuditService } from '../audit/audit.service';
import { storedFileUrl, type FileAccessPolicy, type FileRow, type FilesService } from '../files/files.service';
import type { UploadedFile } from '../../http/uploaded-file';
import type { StationsService } from '../stations/stations.service';
import type { AnonymousRepository, AnonymousViewRow, Candidate } from './anonymous.repository';
import { keysetPage } from '../../db/keyset';
import { serialIds } from '../../db/sql';
import { openWorkOf, type WorkloadService, type WorkScope } from '../workload/workload.service';

/** Waiting reports assigned per transaction when an officer appears. */
const ASSIGN_BATCH = 50;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 160 random bits as 32 base32 characters (A–Z, 2–7): easy to read out and copy. */
export function newTrackingCode() {
  const bytes = randomBytes(20);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** The only form in which a tracking code is kept. */
export const hashTrackingCode = (code: string) => createHash('sha256').update(code).digest('hex');

const isClosed = (status: string) => (ANONYMOUS_CLOSED_STATUSES as readonly string[]).includes(status);

type WeighedCandidate = Candidate & { openWork: number };

/** The least loaded officer; ties go to the one whose last assignment is oldest (never assigned first). */
function pick(candidates: WeighedCandidate[]): WeighedCandidate | undefined {
  let best: WeighedCandidate | undefined;
  for (const c of candidates) {
    if (
      !best ||
      c.openWork < best.openWork ||
      (c.openWork === best.openWork && (c.lastAssignedAt?.getTime() ?? -Infinity) < (best.lastAssignedAt?.getTime() ?? -Infinity))
    ) {
      best = c;
    }
  }
  return best;
}

function toView(row: AnonymousViewRow): AnonymousComplaint {
  const { evidence_path, evidence_mime_type, ...rest } = row;
  return {
    ...rest,
    incident_type: row.incident_type as AnonymousComplaint['incident_type'],
    submitted_by: 'anonymous',
    evidence: evidence_path && evidence_mime_type ? { url: storedFileUrl(evidence_path), mime_type: evidence_mime_type } : null,
  };
}

export function createAnonymousService(deps: {
  db: Database;
  /** The staff pages' reads (the officer's list): their own pool (DatabaseHandle.staffReads). */
  staffReads: Database;
  anonymous: AnonymousRepository;
  stations: StationsService;
  files: FilesService;
  audit: AuditService;
  workload: Pick<WorkloadService, 'of'>;
}) {
  const { db, staffReads, anonymous, stations, files, audit, workload } = deps;

  /**
   * The least loaded of the (locked) candidates by the one measure of open work the workload table shows too:
   * their complaints as well as their anonymous reports, from the counts the database keeps as the work changes,
   * read inside `tx` (after the candidates' locks: the assignment before this one is in them). A few rows per
   * candidate, even when every Crime Branch officer of the country is one.
   */
  async function leastLoaded(candidates: Candidate[], tx: DbOrTx, exclude?: number) {
    const eligible = candidates.filter((c) => c.officerId !== exclude);
    if (eligible.length === 0) return undefined;
    const work = await workload.of(
      eligible.map((c) => c.officerId),
      tx,
    );
    return pick(eligible.map((c) => ({ ...c, openWork: openWorkOf(work.get(c.officerId)!) })));
  }

  /**
   * Assigns one report inside `tx`: the least loaded Crime Branch officer of its station, else of any
   * station, else nobody (it waits). The candidates' load rows are locked first, so concurrent reports
   * queue and each counts the work the one before left.
   */
  async function assignOne(complaintId: number, stationId: number, tx: DbOrTx, exclude?: number) {
    const chosen =
      (await leastLoaded(await anonymous.lockCandidates(stationId, tx), tx, exclude)) ??
      (await leastLoaded(await anonymous.lockCandidates(null, tx), tx, exclude));
    if (chosen) await anonymous.assign(complaintId, chosen.officerId, tx);
    return chosen?.officerId ?? null;
  }

  const inTx = <T>(tx: Tx | undefined, work: (tx: Tx) => Promise<T>) => (tx ? work(tx) : db.transaction(work));

  return {
    /** The audit log's words for anonymous reports: where and on which day it was reported. */
    async describeForAudit(ids: string[]) {
      return new Map((await anonymous.describeForAudit(serialIds(ids))).map(({ id, place, date }) => [String(id), { place, reported_on: date }]));
    },

    /** Per Crime Branch officer: their anonymous reports by workload class. */
    workloadByOfficer: (scope: WorkScope, tx?: DbOrTx) => anonymous.workloadByOfficer(scope, tx),

    /**
     * Stores a report and assigns it in one transaction, with its evidence (re-encoded without metadata by
     * the files module, recorded claimed in the same transaction; the written file is removed if anything
     * fails). Answers the id and the tracking code, which is never stored.
     */
    async submit(input: AnonymousComplaintFields, evidence?: UploadedFile) {
      const station = await stations.byName(input.station);
      const trackingCode = newTrackingCode();
      const store = (attach?: (tx: Tx) => Promise<FileRow>) =>
        db.transaction(async (tx) => {
          const file = attach ? await attach(tx) : undefined;
          const id = await anonymous.insert(
            {
              trackingCodeHash: hashTrackingCode(trackingCode),
              incidentType: input.complaintType,
              whatHappened: input.what,
              occurredAt: colomboLocalToDate(input.when)!,
              place: input.where,
              howOccurred: input.how ?? null,
              stationId: station.id,
              phoneNumber: input.contactNumber,
              evidenceFileId: file?.id ?? null,
            },
            tx,
          );
          await assignOne(id, station.id, tx);
          return id;
        });
      const id = evidence
        ? await files.withStagedFiles([evidence], ([staged]) =>
            store((tx) => files.recordClaimed(staged!, { purpose: 'anonymous_evidence', ownerUserId: null }, tx)),
          )
        : await store();
      return { id, trackingCode };
    },

    /** Assigns the reports that wait for an officer (called when a Crime Branch officer is created). */
    async assignWaiting() {
      let assigned = 0;
      for (;;) {
        const done = await db.transaction(async (tx) => {
          const waiting = await anonymous.lockUnassigned(ASSIGN_BATCH, tx);
          let n = 0;
          for (const report of waiting) if ((await assignOne(report.id, report.stationId, tx)) !== null) n++;
          assigned += n;
          return waiting.length < ASSIGN_BATCH || n === 0;
        });
        if (done) return assigned;
      }
    },

    /**
     * Hands an officer's open reports to other Crime Branch officers by the same rule (for the admin's
     * "delete officer", inside its transaction when given); with nobody else they wait unassigned. Closed
     * reports stay with the officer who closed them.
     */
    reassignFromOfficer(officerRowId: number, tx?: Tx) {
      return inTx(tx, async (t) => {
        const reports = await anonymous.lockAssignedTo(officerRowId, t);
        let moved = 0;
        for (const r of reports) {
          if (isClosed(r.status)) continue;
          await anonymous.unassign(r.id, t);
          await assignOne(r.id, r.stationId, t, officerRowId);
          moved++;
        }
        await anonymous.removeLoad(officerRowId, t);
        return moved;
      });
    },

    /** The reports assigned to the calling officer, newest first; someone else's officerId is refused. */
    async listForOfficer(officer: Principal, officerId: string, query: AnonymousOfficerListQuery = {}) {
      if (!officer.officerRowId || officer.officerCode?.toUpperCase() !== officerId.toUpperCase()) throw appError('anonymous.forbidden');
      const rows = await anonymous.forOfficer(
        officer.officerRowId,
        { before: query.before, status: query.status },
        ANONYMOUS_OFFICER_PAGE_SIZE + 1,
        staffReads,
      );
      const { page, next_cursor } = keysetPage(rows, ANONYMOUS_OFFICER_PAGE_SIZE, (row) => row.cursor);
      return { complaints: page.map((row) => toView(row.view)), next_cursor };
    },

    /** Sets the status of a report assigned to the officer, recording the change; 404 for anyone else. */
    async updateStatus(officer: Principal, id: number, status: string) {
      const officerRowId = officer.officerRowId;
      if (!officerRowId) throw appError('anonymous.not_found');
      await db.transaction(async (tx) => {
        const current = await anonymous.lockForOfficer(id, officerRowId, tx);
        if (!current) throw appError('anonymous.not_found');
        if (current.status === status) return;
        await anonymous.changeStatus({ complaintId: id, fromStatus: current.status, toStatus: status, changedByUserId: officer.userId }, tx);
        // Last: the audit entry holds the chain's lock until the commit.
        await audit.record(
          { actor: actorOf(officer), action: 'anonymous.status', subject: { type: 'anonymous', id }, summary: { before: current.status, after: status } },
          tx,
        );
      });
      const row = await anonymous.viewById(id);
      if (!row) throw appError('anonymous.not_found');
      return toView(row);
    },

    /** Status and its changes by date, for whoever holds the code; nothing else. */
    async track(trackingCode: string): Promise<TrackAnonymousResponse> {
      const row = await anonymous.trackByHash(hashTrackingCode(trackingCode));
      if (!row) throw appError('anonymous.tracking_not_found');
      return { success: true, ...row };
    },

    /** /uploads access to evidence: the assigned officer only. */
    evidencePolicy: (async (principal, file) =>
      principal.role === 'police_officer' &&
      principal.officerRowId !== null &&
      anonymous.evidenceVisibleTo(file.id, principal.officerRowId)) satisfies FileAccessPolicy,
  };
}
export type AnonymousService = ReturnType<typeof createAnonymousService>;
