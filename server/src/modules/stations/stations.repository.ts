import { asc, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { stations } from './stations.table';
import { STATION_SEEDS } from './stations.seed-data';

export function createStationsRepository(db: Database) {
  return {
    list() {
      return db
        .select({ id: stations.id, name: stations.name, name_si: stations.nameSi, name_ta: stations.nameTa, district: stations.district })
        .from(stations)
        .orderBy(asc(stations.id));
    },
    async findByName(name: string, tx: DbOrTx = db) {
      const rows = await tx.select().from(stations).where(eq(stations.name, name)).limit(1);
      return rows[0];
    },
    async count(tx: DbOrTx = db) {
      const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(stations);
      return row!.n;
    },
    /** The stations of Sri Lanka Police, added once to an empty table (production included: it is reference data). */
    async seedIfEmpty(tx: DbOrTx = db) {
      if ((await this.count(tx)) > 0) return 0;
      await tx
        .insert(stations)
        .values(STATION_SEEDS.map((s) => ({ name: s.name, nameSi: s.name_si, nameTa: s.name_ta, district: s.district })))
        .onConflictDoNothing();
      return STATION_SEEDS.length;
    },
  };
}
export type StationsRepository = ReturnType<typeof createStationsRepository>;
