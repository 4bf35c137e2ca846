import { colomboDate, colomboSlotClock, normaliseTime, type createSlotRequestSchema, type SlotBranch } from '@pes/contracts';
import { isUniqueViolation } from '../../db/errors';
import type { z } from 'zod';
import { appError } from '../../app-error';
import type { Principal } from '../../http/principal';
import type { Database, Tx } from '../../db/client';
import { actorOf, type AuditService } from '../audit/audit.service';
import type { StationsService } from '../stations/stations.service';
import { SLOTS_IDENTICAL_INDEX, type SlotsRepository } from './slots.repository';
import { serialIds } from '../../db/sql';

export function createSlotsService(deps: {
  db: Database;
  /** The administrator's slot overview: the staff pages' own pool (DatabaseHandle.staffReads). */
  staffReads: Database;
  slots: SlotsRepository;
  stations: StationsService;
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, staffReads, slots, stations, audit } = deps;

  async function liveSlotView(id: number) {
    const view = await slots.view(id);
    if (!view) throw appError('slots.not_found');
    return view;
  }

  return {
    /** The audit log's words for slots: "2026-12-01 09:00–10:00, Kollupitiya Police Station". */
    async describeForAudit(ids: string[]) {
      const rows = await slots.describeForAudit(serialIds(ids));
      return new Map(rows.map((r) => [String(r.id), { slot: `${r.date} ${r.timeFrom.slice(0, 5)}–${r.timeTo.slice(0, 5)}, ${r.station}` }]));
    },

    /** Takes a leaving officer off the slots dated `fromDate` or later (in the caller's transaction); returns their ids. */
    removeOfficerFrom: (officerRowId: number, fromDate: string, tx: Tx) => slots.removeOfficerFrom(officerRowId, fromDate, tx),

    async publicList(query: { date: string; branch: SlotBranch; station: string }) {
      const list = await slots.publicList(query.station, query.branch, query.date, { today: colomboDate(), nowTime: colomboSlotClock() });
      // Only an empty answer needs telling apart "no slots" from "no such station".
      if (list.length === 0) await stations.byName(query.station);
      return list;
    },

    async adminList(admin: Principal, query: { date: string; station?: string }) {
      return slots.adminList(await stations.idFor(query.station, admin.stationId), query.date, staffReads);
    },

    async create(admin: Principal, input: z.output<typeof createSlotRequestSchema>) {
      // The request names the new slot's capacity `available_slots` (the spec's name).
      const { available_slots: capacity } = input;
      const timeFrom = normaliseTime(input.time_from);
      if (input.date === colomboDate() && timeFrom <= colomboSlotClock()) throw appError('slots.started');
      const row = {
        stationId: await stations.idFor(input.station, admin.stationId),
        branch: input.branch,
        date: input.date,
        timeFrom,
        timeTo: normaliseTime(input.time_to),
        capacity,
        createdByUserId: admin.userId,
      };
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const slotId = await slots.insert(row, tx);
          const after = { station_id: row.stationId, branch: row.branch, date: row.date, time_from: row.timeFrom, time_to: row.timeTo, capacity };
          await audit.record({ actor: actorOf(admin), action: 'slot.create', subject: { type: 'slot', id: slotId }, summary: { after } }, tx);
          return slotId;
        });
      } catch (err) {
        // The same station, branch, date and times as a live slot (a unique index, so two at once cannot both pass).
        if (isUniqueViolation(err, SLOTS_IDENTICAL_INDEX)) throw appError('slots.duplicate');
        throw err;
      }
      return liveSlotView(id);
    },

    async remove(admin: Principal, id: number) {
      await db.transaction(async (tx) => {
        if (!(await slots.softDelete(id, tx))) throw appError('slots.not_found');
        await audit.record({ actor: actorOf(admin), action: 'slot.delete', subject: { type: 'slot', id } }, tx);
      });
    },

    async assignOfficer(admin: Principal, slotId: number, officerRowId: number) {
      await db.transaction(async (tx) => {
        const slot = await slots.findLive(slotId, tx);
        if (!slot) throw appError('slots.not_found');
        if (!(await slots.findEligibleOfficer(officerRowId, slot.branch, slot.stationId, tx))) throw appError('slots.officer_not_eligible');
        await slots.assignOfficer(slotId, officerRowId, tx);
        await audit.record(
          { actor: actorOf(admin), action: 'slot.assign_officer', subject: { type: 'slot', id: slotId }, summary: { officer_row_id: officerRowId } },
          tx,
        );
      });
      return liveSlotView(slotId);
    },

    async removeOfficer(admin: Principal, slotId: number, officerRowId: number) {
      await db.transaction(async (tx) => {
        if (!(await slots.findLive(slotId, tx))) throw appError('slots.not_found');
        await slots.removeOfficer(slotId, officerRowId, tx);
        await audit.record(
          { actor: actorOf(admin), action: 'slot.remove_officer', subject: { type: 'slot', id: slotId }, summary: { officer_row_id: officerRowId } },
          tx,
        );
      });
      return liveSlotView(slotId);
    },
  };
}
export type SlotsService = ReturnType<typeof createSlotsService>;
