import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { FINE_HISTORY_COUNT_CAP, FINE_LIST_LIMIT, OFFICER_FINES_COUNT_CAP, TIME_ZONE, type Fine, type IdentityType, type OffenseType } from '@pes/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { isoInstant, likeEscape } from '../../db/sql';
import { officers } from '../users/users.table';
import { fineHourlyCounts, fineLocationCounts, fineOfficerCounts, fines } from './fines.table';
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

    /** Inserts the fine and counts it in the analytics summary, in the caller's transaction. */
    async insert(row: NewFine & { incidentAt: Date }, tx: DbOrTx = db) {
      const [fine] = await tx.insert(fines).values(row).returning({ id: fines.id });
      await tx.execute(sql`
        insert into ${fineHourlyCounts} (offense_type, hour, count)
        values (${row.offenseType}, extract(hour from (${row.incidentAt.toISOString()}::timestamptz at time zone ${TIME_ZONE}))::smallint, 1)
        on conflict (offense_type, hour) do update set count = ${fineHourlyCounts.count} + 1`);
      await tx.execute(sql`
        insert into ${fineLocationCounts} (offense_type, location_key, location, count)
        values (${row.offenseType}, lower(${row.incidentLocation}), ${row.incidentLocation}, 1)
        on conflict (offense_type, location_key) do update set count = ${fineLocationCounts.count} + 1`);
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
        .limit(FINE_HISTORY_COUNT_CAP + 1)
        .as('matched');
      const [rows, count] = await Promise.all([page, tx.select({ n: sql<number>`count(*)::int` }).from(matched)]);
      const n = count[0]?.n ?? 0;
      return { rows, total: Math.min(n, FINE_HISTORY_COUNT_CAP), totalExact: n <= FINE_HISTORY_COUNT_CAP };
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
     * then id: the officer's index read backwards, as deep as the officer pages), and how many there are:
     * the kept count without a search, the prefix indexes' matches counted up to the cap with one.
     */
    async pageIssuedBy(
      userId: number,
      query: { search?: { vehicleKey: string; plateKey: string; identityNumber: string }; before?: string },
      limit: number,
      tx: DbOrTx = db,
    ) {
      const { search, before } = query;
      let filter: SQL | undefined;
      if (search) {
        filter = or(
          search.vehicleKey ? sql`${fines.vehicleKey} like ${prefixPattern(search.vehicleKey)}` : undefined,
          search.plateKey ? sql`${fines.plateKey} like ${prefixPattern(search.plateKey)}` : undefined,
          search.identityNumber ? sql`${fines.citizenIdentityNumber} like ${prefixPattern(search.identityNumber)}` : undefined,
        );
        if (!filter) return { rows: [], total: 0, totalExact: true };
      }
      const mine = and(eq(fines.issuedByUserId, userId), filter);
      const page = selectWithOfficer({ fine: fineJson, cursor: newestIssued.cursor }, tx)
        .where(and(mine, newestIssued.after(before)))
        .orderBy(...newestIssued.orderBy)
        .limit(limit);
      const matched = tx
        .select({ one: sql`1` })
        .from(fines)
        .where(mine)
        .limit(OFFICER_FINES_COUNT_CAP + 1)
        .as('matched');
      const counted = search
        ? tx.select({ n: sql<number>`count(*)::int` }).from(matched)
        : tx.select({ n: fineOfficerCounts.count }).from(fineOfficerCounts).where(eq(fineOfficerCounts.issuedByUserId, userId));
      const [rows, count] = await Promise.all([page, counted]);
      const n = count[0]?.n ?? 0;
      return { rows, total: Math.min(n, OFFICER_FINES_COUNT_CAP), totalExact: n <= OFFICER_FINES_COUNT_CAP };
    },

    /** Marks the fine paid by this payment unless it is paid already (then nothing changes: false). */
    async markPaid(fineId: string, payment: { id: string; paidAt: Date | null; paymentReference: string | null }, tx: DbOrTx = db) {
      const rows = await tx
        .update(fines)
        .set({ status: 'paid', paidAt: payment.paidAt ?? sql`now()`, paymentReference: payment.paymentReference, paymentId: payment.id })
        .where(and(eq(fines.id, fineId), ne(fines.status, 'paid')))
        .returning({ id: fines.id });
      return rows.length > 0;
    },

    /** Counts per offense type (all), top locations and hours (for one offense type when given). */
    async analytics(offenseType?: OffenseType, tx: DbOrTx = db) {
      const hourly = fineHourlyCounts;
      const places = fineLocationCounts;
      const total = (count: typeof hourly.count | typeof places.count) => sql<number>`sum(${count})::int`;
      const [violations, locations, hours] = await Promise.all([
        tx
          .select({ offenseType: hourly.offenseType, count: total(hourly.count) })
          .from(hourly)
          .groupBy(hourly.offenseType),
        tx
          // One spelling per location, the same on every database whatever its collation.
          .select({ location: sql<string>`min(${places.location} collate "C")`, count: total(places.count) })
          .from(places)
          .where(offenseType ? eq(places.offenseType, offenseType) : undefined)
          .groupBy(places.locationKey)
          .orderBy(desc(total(places.count)), asc(places.locationKey))
          .limit(5),
        tx
          .select({ hour: hourly.hour, count: total(hourly.count) })
          .from(hourly)
          .where(offenseType ? eq(hourly.offenseType, offenseType) : undefined)
          .groupBy(hourly.hour),
      ]);
      return { violations, locations, hours };
    },
  };
}
export type FinesRepository = ReturnType<typeof createFinesRepository>;
