import { normaliseTime, type createSlotRequestSchema, type SlotBranch } from '@pes/contracts';
import type { z } from 'zod';
import { appError } from '../../app-error';
import type { Principal } from '../../http/principal';
import type { StationsService } from '../stations/stations.service';
import type { SlotsRepository } from './slots.repository';

export function createSlotsService(deps: { slots: SlotsRepository; stations: StationsService }) {
  const { slots, stations } = deps;

  async function liveSlotView(id: number) {
    const view = await slots.view(id);
    if (!view) throw appError('slots.not_found');
    return view;
  }

  return {
    async publicList(query: { date: string; branch: SlotBranch; station: string }) {
      const list = await slots.publicList(query.station, query.branch, query.date);
      // Only an empty answer needs telling apart "no slots" from "no such station".
      if (list.length === 0) await stations.byName(query.station);
      return list;
    },

    async adminList(admin: Principal, query: { date: string; station?: string }) {
      return slots.adminList(await stations.idFor(query.station, admin.stationId), query.date);
    },

    async create(admin: Principal, input: z.output<typeof createSlotRequestSchema>) {
      // The request names the new slot's capacity `available_slots` (the spec's name).
      const { available_slots: capacity } = input;
      const id = await slots.insert({
        stationId: await stations.idFor(input.station, admin.stationId),
        branch: input.branch,
        date: input.date,
        timeFrom: normaliseTime(input.time_from),
        timeTo: normaliseTime(input.time_to),
        capacity,
        createdByUserId: admin.userId,
      });
      return liveSlotView(id);
    },

    async remove(id: number) {
      if (!(await slots.softDelete(id))) throw appError('slots.not_found');
    },

    async assignOfficer(slotId: number, officerRowId: number) {
      const slot = await slots.findLive(slotId);
      if (!slot) throw appError('slots.not_found');
      if (!(await slots.findEligibleOfficer(officerRowId, slot.branch, slot.stationId))) throw appError('slots.officer_not_eligible');
      await slots.assignOfficer(slotId, officerRowId);
      return liveSlotView(slotId);
    },

    async removeOfficer(slotId: number, officerRowId: number) {
      if (!(await slots.findLive(slotId))) throw appError('slots.not_found');
      await slots.removeOfficer(slotId, officerRowId);
      return liveSlotView(slotId);
    },
  };
}
export type SlotsService = ReturnType<typeof createSlotsService>;
