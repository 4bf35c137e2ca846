import {
  normaliseTime,
  OFFICER_SEARCH_LIMIT,
  type createSlotRequestSchema,
  type officerSearchQuerySchema,
  type SlotBranch,
} from '@pes/contracts';
import type { z } from 'zod';
import type { Principal } from '../../http/principal';
import type { StationsRepository } from '../stations/stations.repository';
import { unknownStation } from '../users/users.errors';
import type { SlotsRepository } from './slots.repository';
import { officerNotEligible, slotNotFound } from './slots.errors';

export function createSlotsService(deps: { slots: SlotsRepository; stations: StationsRepository }) {
  const { slots, stations } = deps;

  /** The named station, or the admin's own when no name is given. */
  async function stationIdFor(admin: Principal, name: string | undefined) {
    if (name) {
      const station = await stations.findByName(name);
      if (!station) throw unknownStation();
      return station.id;
    }
    if (admin.stationId === null) throw unknownStation();
    return admin.stationId;
  }

  async function liveSlotView(id: number) {
    const view = await slots.view(id);
    if (!view) throw slotNotFound();
    return view;
  }

  return {
    async publicList(query: { date: string; branch: SlotBranch; station: string }) {
      const list = await slots.publicList(query.station, query.branch, query.date);
      // Only an empty answer needs telling apart "no slots" from "no such station".
      if (list.length === 0 && !(await stations.findByName(query.station))) throw unknownStation();
      return list;
    },

    async adminList(admin: Principal, query: { date: string; station?: string }) {
      return slots.adminList(await stationIdFor(admin, query.station), query.date);
    },

    async create(admin: Principal, input: z.output<typeof createSlotRequestSchema>) {
      const stationId = await stationIdFor(admin, input.station);
      const id = await slots.insert({
        stationId,
        branch: input.branch,
        date: input.date,
        timeFrom: normaliseTime(input.time_from),
        timeTo: normaliseTime(input.time_to),
        capacity: input.available_slots,
        createdByUserId: admin.userId,
      });
      return liveSlotView(id);
    },

    async remove(id: number) {
      if (!(await slots.softDelete(id))) throw slotNotFound();
    },

    async assignOfficer(slotId: number, officerRowId: number) {
      const slot = await slots.findLive(slotId);
      if (!slot) throw slotNotFound();
      if (!(await slots.findEligibleOfficer(officerRowId, slot.branch, slot.stationId))) throw officerNotEligible();
      await slots.assignOfficer(slotId, officerRowId);
      return liveSlotView(slotId);
    },

    async removeOfficer(slotId: number, officerRowId: number) {
      if (!(await slots.findLive(slotId))) throw slotNotFound();
      await slots.removeOfficer(slotId, officerRowId);
      return liveSlotView(slotId);
    },

    async searchOfficers(query: z.output<typeof officerSearchQuerySchema>) {
      let stationId: number | undefined;
      if (query.station) {
        const station = await stations.findByName(query.station);
        if (!station) throw unknownStation();
        stationId = station.id;
      }
      return slots.searchOfficers({ name: query.name, branch: query.branch, stationId }, OFFICER_SEARCH_LIMIT);
    },
  };
}
export type SlotsService = ReturnType<typeof createSlotsService>;
