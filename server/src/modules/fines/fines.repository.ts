import { and, asc, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { FINE_LIST_LIMIT, TIME_ZONE, type IdentityType, type OffenseType } from '@pes/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { officers } from '../users/users.schema';
import { fineHourlyCounts, fineLocationCounts, fines } from './fines.schema';

export type FineRow = typeof fines.$inferSelect;
export type NewFine = typeof fines.$inferInsert;

/** A fine with the issuing officer's name, as every answer shows it. */
const fineView = {
  fine: fines,
  issuedBy: sql<string>`coalesce(${officers.fullName}, '')`,
};
export type FineViewRow = { fine: FineRow; issuedBy: string };

/** `LIKE` pattern for a prefix, with the wildcards in the user's text taken literally. */
const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createFinesRepository(db: Database) {
  const selectViews = (tx: DbOrTx = db) =>
    tx.select(fineView).from(fines).leftJoin(officers, eq(officers.userId, fines.issuedByUserId));

  // The citizens' search is the hot path: prepared once, so neither drizzle nor PostgreSQL plans it per request.
  const citizenSearch = selectViews()
    .where(
      and(
        eq(fines.citizenIdentityType, sql.placeholder('identityType')),
        eq(fines.citizenIdentityNumber, sql.placeholder('identityNumber')),
        eq(fines.vehicleKey, sql.placeholder('vehicleKey')),
      ),
    )
    .orderBy(sql`${fines.status} = 'paid'`, desc(fines.issuedAt))
    .limit(FINE_LIST_LIMIT)
    .prepare('fines_citizen_search');

  return {
    /** Inserts the fine and counts it in the analytics summary, in the caller's transaction. */
    async insert(tx: DbOrTx, row: NewFine & { incidentAt: Date }) {
      const [fine] = await tx.insert(fines).values(row).returning({ id: fines.id });
      await tx.execute(sql`
        insert into ${fineHourlyCounts} (offense_type, hour, count)
        values (${row.offenseType}, extract(hour from (${row.incidentAt.toISOString()}::timestamptz at time zone ${TIME_ZONE}))::smallint, 1)
        on conflict (offense_type, hour) do update set count = ${fineHourlyCounts.count} + 1`);
      await tx.execute(sql`
        insert into ${fineLocationCounts} (offense_type, location_key, location, count)
        values (${row.offenseType}, lower(${row.incidentLocation}), ${row.incidentLocation}, 1)
        on conflict (offense_type, location_key) do update set count = ${fineLocationCounts.count} + 1`);
      return fine!.id;
    },

    async findView(id: string, tx: DbOrTx = db): Promise<FineViewRow | undefined> {
      return (await selectViews(tx).where(eq(fines.id, id)))[0];
    },

    /** All three must match; unpaid first, newest first. */
    async searchForCitizen(identityType: IdentityType, identityNumber: string, vehicleKey: string): Promise<FineViewRow[]> {
      return citizenSearch.execute({ identityType, identityNumber, vehicleKey });
    },

    /** The paid fines of one identity, newest payment first. */
    async paidHistory(identityType: IdentityType, identityNumber: string): Promise<FineViewRow[]> {
      return selectViews()
        .where(and(eq(fines.citizenIdentityType, identityType), eq(fines.citizenIdentityNumber, identityNumber), eq(fines.status, 'paid')))
        .orderBy(desc(fines.paidAt))
        .limit(FINE_LIST_LIMIT);
    },

    /** Fines this officer issued, newest first; `search` is a prefix of the vehicle key or identity number. */
    async listIssuedBy(userId: number, search?: { vehicleKey: string; identityNumber: string }): Promise<FineViewRow[]> {
      let filter: SQL | undefined;
      if (search) {
        filter = or(
          search.vehicleKey ? sql`${fines.vehicleKey} like ${prefixPattern(search.vehicleKey)}` : undefined,
          search.identityNumber ? sql`${fines.citizenIdentityNumber} like ${prefixPattern(search.identityNumber)}` : undefined,
        );
        if (!filter) return [];
      }
      return selectViews()
        .where(and(eq(fines.issuedByUserId, userId), filter))
        .orderBy(desc(fines.issuedAt))
        .limit(FINE_LIST_LIMIT);
    },

    /** Marks the fine paid by this payment unless it is paid already (then nothing changes: false). */
    async markPaid(tx: DbOrTx, fineId: string, payment: { id: string; paidAt: Date | null; paymentReference: string | null }) {
      const rows = await tx
        .update(fines)
        .set({ status: 'paid', paidAt: payment.paidAt ?? sql`now()`, paymentReference: payment.paymentReference, paymentId: payment.id })
        .where(and(eq(fines.id, fineId), ne(fines.status, 'paid')))
        .returning({ id: fines.id });
      return rows.length > 0;
    },

    /** Counts per offense type (all), top locations and hours (for one offense type when given). */
    async analytics(offenseType?: OffenseType) {
      const hourly = fineHourlyCounts;
      const places = fineLocationCounts;
      const total = (count: typeof hourly.count | typeof places.count) => sql<number>`sum(${count})::int`;
      const [violations, locations, hours] = await Promise.all([
        db.select({ offenseType: hourly.offenseType, count: total(hourly.count) }).from(hourly).groupBy(hourly.offenseType),
        db
          // One spelling per location, the same on every database whatever its collation.
          .select({ location: sql<string>`min(${places.location} collate "C")`, count: total(places.count) })
          .from(places)
          .where(offenseType ? eq(places.offenseType, offenseType) : undefined)
          .groupBy(places.locationKey)
          .orderBy(desc(total(places.count)), asc(places.locationKey))
          .limit(5),
        db
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
