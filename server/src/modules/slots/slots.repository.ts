import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { AdminSlot, Branch, PublicSlot, SlotBranch, SlotOfficer } from '@pes/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { stations } from '../stations/stations.table';
import { officers, users } from '../users/users.table';
import { slotOfficers, slots } from './slots.table';

/**
 * Live slots are unique by station, branch, date and times: a partial unique index, created by hand in the
 * migration (after it soft-deletes twins that existed before), so it is not declared on the table.
 */
export const SLOTS_IDENTICAL_INDEX = 'slots_identical_live_uq';

export function createSlotsRepository(db: Database) {
  const slotColumns = {
    id: slots.id,
    date: slots.date,
    time_from: slots.timeFrom,
    time_to: slots.timeTo,
    capacity: slots.capacity,
    available_slots: slots.availableSlots,
    // A booking is the only thing that takes a place, so the places taken are the bookings (for the delete confirmation).
    booked: sql<number>`(${slots.capacity} - ${slots.availableSlots})::int`.mapWith(Number),
    // Kept on the slot's row by a trigger on complaints as officers mark them (migration 0029).
    attended: slots.attended,
    missed: slots.missed,
    branch: slots.branch,
    station: stations.name,
  };

  async function officersOf(slotIds: number[], tx: DbOrTx = db) {
    if (slotIds.length === 0) return new Map<number, SlotOfficer[]>();
    const rows = await tx
      .select({ slotId: slotOfficers.slotId, id: officers.id, full_name: officers.fullName, officer_id: officers.officerCode, branch: officers.branch })
      .from(slotOfficers)
      .innerJoin(officers, eq(officers.id, slotOfficers.officerRowId))
      .where(inArray(slotOfficers.slotId, slotIds))
      .orderBy(asc(officers.fullName), asc(officers.id));
    const map = new Map<number, SlotOfficer[]>();
    for (const { slotId, ...officer } of rows) map.set(slotId, [...(map.get(slotId) ?? []), officer]);
    return map;
  }

  // Prepared once: the public lookup is the hottest read of the complaint forms.
  const publicLookup = db
    .select({ id: slots.id, date: slots.date, time_from: slots.timeFrom, time_to: slots.timeTo, available_slots: slots.availableSlots })
    .from(slots)
    .innerJoin(stations, eq(stations.id, slots.stationId))
    .where(
      and(
        eq(stations.name, sql.placeholder('stationName')),
        eq(slots.branch, sql.placeholder('branch')),
        eq(slots.date, sql.placeholder('date')),
        isNull(slots.deletedAt),
        // Only slots that have not begun (Colombo time): later days, or later today.
        sql`(${slots.date} > ${sql.placeholder('today')}::date or (${slots.date} = ${sql.placeholder('today')}::date and ${slots.timeFrom} > ${sql.placeholder('nowTime')}::time))`,
      ),
    )
    .orderBy(asc(slots.timeFrom), asc(slots.id))
    .prepare('slots_public_lookup');

  return {
    /** Slots (deleted ones too) by date, times and station, for the audit log's reader. */
    describeForAudit(ids: number[]) {
      return db
        .select({ id: slots.id, date: slots.date, timeFrom: slots.timeFrom, timeTo: slots.timeTo, station: stations.name })
        .from(slots)
        .innerJoin(stations, eq(stations.id, slots.stationId))
        .where(inArray(slots.id, ids));
    },
    /** Takes an officer off every slot dated `fromDate` or later; returns those slots' ids. */
    async removeOfficerFrom(officerRowId: number, fromDate: string, tx: DbOrTx) {
      const rows = await tx
        .delete(slotOfficers)
        .where(
          and(
            eq(slotOfficers.officerRowId, officerRowId),
            inArray(slotOfficers.slotId, tx.select({ id: slots.id }).from(slots).where(gte(slots.date, fromDate))),
          ),
        )
        .returning({ slotId: slotOfficers.slotId });
      return rows.map((r) => r.slotId);
    },

    /** Live slots of one station and branch on one date, by time (full ones included). */
    publicList(stationName: string, branch: SlotBranch, date: string, now: { today: string; nowTime: string }): Promise<PublicSlot[]> {
      return publicLookup.execute({ stationName, branch, date, ...now });
    },

    /** Live slots of one station on one date (every branch), with their officers. */
    async adminList(stationId: number, date: string, tx: DbOrTx = db): Promise<AdminSlot[]> {
      const rows = await tx
        .select(slotColumns)
        .from(slots)
        .innerJoin(stations, eq(stations.id, slots.stationId))
        .where(and(eq(slots.stationId, stationId), eq(slots.date, date), isNull(slots.deletedAt)))
        .orderBy(asc(slots.timeFrom), asc(slots.id));
      const officerMap = await officersOf(
        rows.map((r) => r.id),
        tx,
      );
      return rows.map((r) => ({ ...r, branch: r.branch as SlotBranch, officers: officerMap.get(r.id) ?? [] }));
    },

    /** One live slot with its officers. */
    async view(id: number, tx: DbOrTx = db): Promise<AdminSlot | undefined> {
      const rows = await tx
        .select(slotColumns)
        .from(slots)
        .innerJoin(stations, eq(stations.id, slots.stationId))
        .where(and(eq(slots.id, id), isNull(slots.deletedAt)));
      const row = rows[0];
      if (!row) return undefined;
      const officerMap = await officersOf([id], tx);
      return { ...row, branch: row.branch as SlotBranch, officers: officerMap.get(id) ?? [] };
    },

    async findLive(id: number, tx: DbOrTx = db) {
      const rows = await tx
        .select()
        .from(slots)
        .where(and(eq(slots.id, id), isNull(slots.deletedAt)))
        .limit(1);
      return rows[0];
    },

    async insert(
      row: { stationId: number; branch: SlotBranch; date: string; timeFrom: string; timeTo: string; capacity: number; createdByUserId: number },
      tx: DbOrTx = db,
    ) {
      const [inserted] = await tx
        .insert(slots)
        .values({ ...row, availableSlots: row.capacity })
        .returning({ id: slots.id });
      return inserted!.id;
    },

    /** Soft-deletes a live slot; false when there was none. */
    async softDelete(id: number, tx: DbOrTx = db) {
      const rows = await tx
        .update(slots)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(slots.id, id), isNull(slots.deletedAt)))
        .returning({ id: slots.id });
      return rows.length > 0;
    },

    /** An active officer of that branch at that station (officers.id), if there is one. */
    async findEligibleOfficer(officerRowId: number, branch: Branch, stationId: number, tx: DbOrTx = db) {
      const rows = await tx
        .select({ id: officers.id })
        .from(officers)
        .innerJoin(users, eq(users.id, officers.userId))
        .where(and(eq(officers.id, officerRowId), eq(officers.branch, branch), eq(users.stationId, stationId), eq(users.active, true)))
        .limit(1);
      return rows[0];
    },

    async assignOfficer(slotId: number, officerRowId: number, tx: DbOrTx = db) {
      await tx.insert(slotOfficers).values({ slotId, officerRowId }).onConflictDoNothing();
    },

    async removeOfficer(slotId: number, officerRowId: number, tx: DbOrTx = db) {
      await tx.delete(slotOfficers).where(and(eq(slotOfficers.slotId, slotId), eq(slotOfficers.officerRowId, officerRowId)));
    },
  };
}
export type SlotsRepository = ReturnType<typeof createSlotsRepository>;
