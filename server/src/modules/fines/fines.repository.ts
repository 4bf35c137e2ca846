import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { FINE_LIST_LIMIT, LIST_COUNT_CAP, TIME_ZONE, type Fine, type IdentityType, type OffenseType } from '@pes/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { isoInstant, likeEscape } from '../../db/sql';
import { officers } from '../users/users.table';
import { fineHourCounts, fineOfficerCounts, finePlaceCounts, finePlaceOffenseCounts, fines } from './fines.table';
import { keyset } from '../../db/keyset';
import type { WorkScope } from '../workload/workload.service';

/** The officer's fines, newest issued first: the (officer, issued_at, id) index read backwards. */
const newestIssued = keyset({ at: fines.issuedAt, id: fines.id, idType: 'uuid', direction: 'desc' });
/** The citizen's payment history, newest payment first: the paid fines' (identity, paid_at, id) index read backwards. */
const newestPaid = keyset({ at: fines.paidAt, id: fines.id, idType: 'uuid', direction: 'desc' });

export type FineRow = typeof fines.$inferSelect;
export type NewFine = typeof fines.$inferInsert;

/**
 * The API's fine (contracts `fineSchema`, keys in its order) as the database builds it: the one mapping
 * from a stored fine to what every caller sees. Amounts are two-place rupee strings, instants ISO 8601
 * UTC to the millisecond (as Date.toISOString writes them), and an unpaid fine is Overdue once its due
 * date has passed in Colombo. Built here rather than in JavaScript because the citizens' search is the
 * busiest call: its JSON goes out as the database wrote it, with nothing parsed and serialised again.
 */
const fineJson = sql<Fine>`json_build_object(
  'id', ${fines.id},
  'citizen_identity_type', ${fines.citizenIdentityType},
  'citizen_identity_number', ${fines.citizenIdentityNumber},
  'vehicle_number', ${fines.vehicleNumber},
  'amount', (${fines.amountCents} / 100.0)::numeric(14, 2)::text,
  'description', ${fines.description},
  'incident_date', ${isoInstant(fines.incidentAt)},
  'incident_location', ${fines.incidentLocation},
  'offense_type', ${fines.offenseType},
  'speed_recorded', ${fines.speedRecorded}::float8,
  'speed_limit', ${fines.speedLimit}::float8,
  'court_required', ${fines.courtRequired},
  'status', ${fines.status},
  'display_status', case when ${fines.status} = 'paid' then 'Paid'
    when ${fines.dueDate} < (now() at time zone ${TIME_ZONE})::date then 'Overdue' else 'Unpaid' end,
  'due_date', ${fines.dueDate},
  'issued_at', ${isoInstant(fines.issuedAt)},
  'paid_at', ${isoInstant(fines.paidAt)},
  'payment_reference', ${fines.paymentReference},
  'issued_by', coalesce(${officers.fullName}, ''))`;

/** How many places the analytics name. */
const ANALYTICS_TOP_PLACES = 5;

/**
 * The one statement that recomputes the analytics summaries (fine_hour_counts, fine_place_counts,
 * fine_place_offense_counts) from the fines, exactly as the insert trigger keeps them: the migration
 * fine_summaries_by_station backfills with it, and a bulk load with triggers off runs it afterwards.
 */
export const FINE_SUMMARIES_REBUILD = sql`select rebuild_fine_summaries()`;

/** `LIKE` pattern for a prefix, with the wildcards in the user's text taken literally. */
const prefixPattern = (text: string) => `${likeEscape(text)}%`;

export function createFinesRepository(db: Database) {
  /** Fines with their issuing officer, whose name `fineJson` shows. */
  const selectWithOfficer = <T extends SelectedFields>(fields: T, on: DbOrTx = db) =>
    on.select(fields).from(fines).leftJoin(officers, eq(officers.userId, fines.issuedByUserId));
  const selectFines = () => selectWithOfficer({ fine: fineJson });

  // The citizens' search is the hot path: prepared once, so neither drizzle nor PostgreSQL plans it per
  // request, and answered as JSON text that the route sends as it is.
  const paidLast = sql<boolean>`${fines.status} = 'paid'`;
  const found = selectWithOfficer({ fine: sql<Fine>`${fineJson}`.as('fine'), paidLast: paidLast.as('paid_last'), issuedAt: fines.issuedAt })
    .where(
      and(
        eq(fines.citizenIdentityType, sql.placeholder('identityType')),
        eq(fines.citizenIdentityNumber, sql.placeholder('identityNumber')),
        or(eq(fines.vehicleKey, sql.placeholder('vehicleKey')), eq(fines.plateKey, sql.placeholder('plateKey'))),
      ),
    )
    .orderBy(paidLast, desc(fines.issuedAt))
    .limit(FINE_LIST_LIMIT)
    .as('found');
  const citizenSearch = db
    .select({ json: sql<string>`coalesce(json_agg(${found.fine} order by ${found.paidLast}, ${found.issuedAt} desc), '[]')::text` })
    .from(found)
    .prepare('fines_citizen_search');

  return {
    /** Per officer who has issued fines: how many (each fine issued is work done), from the exact per-officer counters. */
    issuedByOfficer(scope: WorkScope, tx: DbOrTx = db) {
      return tx
        .select({ officer_row_id: officers.id, completed: fineOfficerCounts.count })
        .from(fineOfficerCounts)
        .innerJoin(officers, eq(officers.userId, fineOfficerCounts.issuedByUserId))
        .where(scope.officerRowIds ? inArray(officers.id, scope.officerRowIds) : undefined);
    },

    /** Inserts the fine and counts it for its officer, in the caller's transaction (the analytics summaries count it by trigger). */
    async insert(row: NewFine, tx: DbOrTx = db) {
      const [fine] = await tx.insert(fines).values(row).returning({ id: fines.id });
      await tx.execute(sql`
        insert into ${fineOfficerCounts} (issued_by_user_id, count) values (${row.issuedByUserId}, 1)
        on conflict (issued_by_user_id) do update set count = ${fineOfficerCounts.count} + 1`);
      return fine!.id;
    },

    /** The stored fine, for decisions about it (never shown as it is). */
    async findRow(id: string): Promise<FineRow | undefined> {
      return (await db.select().from(fines).where(eq(fines.id, id)))[0];
    },

    async findFine(id: string): Promise<Fine | undefined> {
      return (await selectFines().where(eq(fines.id, id)))[0]?.fine;
    },

    /** All three must match (the vehicle with or without its province); unpaid first, newest first. A JSON array of fines, as text. */
    async searchForCitizenJson(identityType: IdentityType, identityNumber: string, vehicle: { vehicleKey: string; plateKey: string }): Promise<string> {
      return (await citizenSearch.execute({ identityType, identityNumber, ...vehicle }))[0]!.json;
    },

    /**
     * A page of the paid fines of one identity, newest payment first, after `cursor` (paid_at to the microsecond,
     * then id: the paid fines' index read backwards; every paid fine has its paid_at), and how many there are,
     * counted from the same index up to the cap.
     */
    async paidHistoryPage(identityType: IdentityType, identityNumber: string, window: { cursor?: string; limit: number }, tx: DbOrTx = db) {
      const paid = and(eq(fines.citizenIdentityType, identityType), eq(fines.citizenIdentityNumber, identityNumber), eq(fines.status, 'paid'));
      const page = tx
        .select({ fine: fineJson, cursor: newestPaid.cursor })
        .from(fines)
        .leftJoin(officers, eq(officers.userId, fines.issuedByUserId))
        .where(and(paid, newestPaid.after(window.cursor)))
        .orderBy(...newestPaid.orderBy)
        .limit(window.limit);
      const matched = tx
        .select({ one: sql`1` })
        .from(fines)
        .where(paid)
        .limit(LIST_COUNT_CAP + 1)
        .as('matched');
      const [rows, count] = await Promise.all([page, tx.select({ n: sql<number>`count(*)::int` }).from(matched)]);
      return { rows, matched: count[0]?.n ?? 0 };
    },

    /** Every fine on an identity, paid or not, newest first (the citizen's export of their data; the citizen index's prefix). */
    async allOnIdentity(identityType: IdentityType, identityNumber: string): Promise<Fine[]> {
      const rows = await selectFines()
        .where(and(eq(fines.citizenIdentityType, identityType), eq(fines.citizenIdentityNumber, identityNumber)))
        .orderBy(desc(fines.issuedAt));
      return rows.map((r) => r.fine);
    },

    /**
     * A page of the fines this officer issued, newest first, after `before` (issued_at to the microsecond,
     * then id), and how many there are. Without a search: the officer's index read backwards, as deep as the
     * officer pages, and the kept count. With one (a prefix of the vehicle, the plate or the identity number):
     * each prefix is a range of its own index, read up to the cap; the matches are counted from those ranges,
     * and when there are no more than the cap the page is sorted from them alone (at most the cap's rows). Only
     * a search matching more than the cap walks the officer's fines newest first, and then at least one in
     * (officer's fines / cap) matches. Never the walk for a rare search: PostgreSQL's estimate is the whole
     * table's ("198" is common among all NICs), and one officer's matches can be rare (19,986 rows read for 14).
     */
    async pageIssuedBy(
      userId: number,
      query: { search?: { vehicleKey: string; plateKey: string; identityNumber: string }; before?: string },
      limit: number,
      tx: DbOrTx = db,
    ) {
      const { search, before } = query;
      const mine = eq(fines.issuedByUserId, userId);
      const newestFirst = (filter: SQL | undefined) =>
        tx
          .select({ fine: fineJson, cursor: newestIssued.cursor })
          .from(fines)
          .leftJoin(officers, eq(officers.userId, fines.issuedByUserId))
          .where(and(filter, newestIssued.after(before)))
          .orderBy(...newestIssued.orderBy)
          .limit(limit);
      if (!search) {
        const [rows, count] = await Promise.all([
          newestFirst(mine),
          tx.select({ n: fineOfficerCounts.count }).from(fineOfficerCounts).where(eq(fineOfficerCounts.issuedByUserId, userId)),
        ]);
        const n = count[0]?.n ?? 0;
        return { rows, total: n, totalExact: true };
      }
      const ranges = [
        search.vehicleKey ? sql`${fines.vehicleKey} like ${prefixPattern(search.vehicleKey)}` : undefined,
        search.plateKey ? sql`${fines.plateKey} like ${prefixPattern(search.plateKey)}` : undefined,
        search.identityNumber ? sql`${fines.citizenIdentityNumber} like ${prefixPattern(search.identityNumber)}` : undefined,
      ].filter((range) => range !== undefined);
      if (ranges.length === 0) return { rows: [], total: 0, totalExact: true };
      // The matches' ids: each range up to the cap and one, together without repeats (a plate without its
      // province is both a vehicle and a plate prefix).
      const matchIds = sql.join(
        ranges.map((range) => sql`(select ${fines.id} from ${fines} where ${mine} and ${range} limit ${LIST_COUNT_CAP + 1})`),
        sql` union `,
      );
      // Counted first: the count decides which of the two pages to read, and the other is never read.
      const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(sql`(${matchIds}) as matched`);
      const n = count?.n ?? 0;
      if (n <= LIST_COUNT_CAP) return { rows: await newestFirst(sql`${fines.id} in (${matchIds})`), total: n, totalExact: true };
      return { rows: await newestFirst(and(mine, or(...ranges))), total: LIST_COUNT_CAP, totalExact: false };
    },

    /** Marks the fine paid by this payment unless it is paid already (then nothing changes: false). */
    /** Marks the fine paid unless it is; answers what its receipt says, undefined when it was paid already. */
    async markPaid(fineId: string, payment: { id: string; paidAt: Date | null; paymentReference: string | null }, tx: DbOrTx = db) {
      const rows = await tx
        .update(fines)
        .set({ status: 'paid', paidAt: payment.paidAt ?? sql`now()`, paymentReference: payment.paymentReference, paymentId: payment.id })
        .where(and(eq(fines.id, fineId), ne(fines.status, 'paid')))
        .returning({
          vehicleNumber: fines.vehicleNumber,
          offenseType: fines.offenseType,
          incidentAt: fines.incidentAt,
          paymentReference: fines.paymentReference,
          courtRequired: fines.courtRequired,
        });
      return rows[0];
    },

    /**
     * From the summaries of one station scope: every (offense type, hour) count, at most 120 rows of the primary key,
     * and the top places (of one offense type when given), the first entries of a count index.
     */
    async analytics(filter: { stationScope: number; offenseType?: OffenseType }, tx: DbOrTx = db) {
      const { stationScope, offenseType } = filter;
      const places = offenseType ? finePlaceOffenseCounts : finePlaceCounts;
      const [hours, locations] = await Promise.all([
        tx
          .select({ offenseType: fineHourCounts.offenseType, hour: fineHourCounts.hour, count: fineHourCounts.count })
          .from(fineHourCounts)
          .where(eq(fineHourCounts.stationScope, stationScope)),
        tx
          .select({ location: places.location, count: places.count })
          .from(places)
          .where(and(eq(places.stationScope, stationScope), offenseType ? eq(finePlaceOffenseCounts.offenseType, offenseType) : undefined))
          // As the count index is ordered (drizzle's desc() is nulls last), so the index gives the order.
          .orderBy(sql`${places.count} desc nulls last`, asc(places.locationKey))
          .limit(ANALYTICS_TOP_PLACES),
      ]);
      return { hours, locations };
    },

    /** Recomputes the analytics summaries from the fines (after a bulk load made with triggers off). */
    async rebuildSummaries(tx: DbOrTx = db) {
      await tx.execute(FINE_SUMMARIES_REBUILD);
    },
  };
}
export type FinesRepository = ReturnType<typeof createFinesRepository>;
