import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Branch, WorkloadStatus } from '@pes/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { stations } from '../stations/stations.table';
import { officers, users } from '../users/users.table';
import { officerWorkload, officerWorkloadChanges } from './workload.table';

/** Which active officers a page of the workload table lists, and the thresholds that classify them. */
export interface WorkloadPageFilter {
  branch?: Branch;
  stationId?: number;
  status?: WorkloadStatus;
  overloadedAbove: number;
  underutilizedBelow: number;
  /** The last officer of the page before (officers.id): the page starts after them by name. */
  after?: number;
}

export interface WorkloadPageRow {
  officer_row_id: number;
  officer: string;
  branch: Branch;
  station: string;
  pending: number;
  in_progress: number;
  completed: number;
  other: number;
}

/** The rows of a plain SQL query (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/**
 * Each officer's sums: the folded counts (joined by officer) plus the changes not yet folded (a minute's worth at
 * most while the fold job runs), looked up per officer on the changes' index; no work is counted from the records.
 */
const unfolded = sql`lateral (
  select sum(pending)::int as pending, sum(in_progress)::int as in_progress, sum(completed)::int as completed, sum(other)::int as other
  from ${officerWorkloadChanges} where officer_row_id = ${officers.id}
) changed`;
const workJoins = sql`left join ${officerWorkload} folded on folded.officer_row_id = ${officers.id}
  left join ${unfolded} on true`;
const workClass = (column: string) => sql.raw(`(coalesce(folded.${column}, 0) + coalesce(changed.${column}, 0))`);
const work = { pending: workClass('pending'), in_progress: workClass('in_progress'), completed: workClass('completed'), other: workClass('other') };

const openWork = sql`(${work.pending} + ${work.in_progress})`;
const totalWork = sql`(${work.pending} + ${work.in_progress} + ${work.completed} + ${work.other})`;

/** The status as contracts' workloadStatus says it: overloaded first, then under-utilized, else balanced. */
function statusCondition(filter: WorkloadPageFilter): SQL | undefined {
  const over = sql`${openWork} > ${filter.overloadedAbove}`;
  if (filter.status === 'overloaded') return over;
  if (filter.status === 'under-utilized') return sql`not ${over} and ${totalWork} < ${filter.underutilizedBelow}`;
  if (filter.status === 'balanced') return sql`not ${over} and ${totalWork} >= ${filter.underutilizedBelow}`;
  return undefined;
}

/** The active officers of the filter (every condition but the page's start), with their work joined. */
function matching(filter: WorkloadPageFilter, extra: SQL | undefined, select: SQL) {
  const conditions = [
    filter.branch ? sql`${officers.branch} = ${filter.branch}` : undefined,
    filter.stationId !== undefined ? sql`${users.stationId} = ${filter.stationId}` : undefined,
    statusCondition(filter),
    extra,
  ].filter((c): c is SQL => c !== undefined);
  return sql`select ${select}
    from ${officers}
    join ${users} on ${users.id} = ${officers.userId} and ${users.active} and ${users.role} = 'police_officer'
    join ${stations} on ${stations.id} = ${users.stationId}
    ${workJoins}
    ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}`;
}

export function createWorkloadRepository(db: Database) {
  return {
    /**
     * A page of active officers by name (keyset: name, then id, on officers_name_idx) with their work, read from the
     * summary and its pending changes (a few rows per officer, never the work itself).
     */
    async page(filter: WorkloadPageFilter, limit: number, tx: DbOrTx = db): Promise<WorkloadPageRow[]> {
      const after =
        filter.after === undefined
          ? undefined
          : sql`(${officers.fullName}, ${officers.id}) > (select c.full_name, c.id from ${officers} c where c.id = ${filter.after})`;
      const fields = sql`${officers.id} as officer_row_id, ${officers.fullName} as officer, ${officers.branch} as branch,
        ${stations.name} as station, ${work.pending} as pending, ${work.in_progress} as in_progress,
        ${work.completed} as completed, ${work.other} as other`;
      const query = sql`${matching(filter, after, fields)} order by ${officers.fullName}, ${officers.id} limit ${limit}`;
      // The planner cannot know that every officer has an account (the join's estimate is a handful of rows), so it
      // would join every officer and sort them for a page: 5,000 joins a page at national size. Without sorts it walks
      // officers_name_idx and stops at the page, which is what the keyset is for (bench/README, "officer workload").
      return tx.transaction(async (t) => {
        await t.execute(sql`set local enable_sort = off`);
        return rowsOf<WorkloadPageRow>(await t.execute(query));
      });
    },

    /**
     * These officers' counts, exact at this statement: the folded sums and the changes not yet folded, read in ONE
     * statement (a fold commits both at once, so each change is seen once), by primary key and the changes' index.
     */
    async countsOf(officerRowIds: number[], tx: DbOrTx = db) {
      const columns = (table: typeof officerWorkload | typeof officerWorkloadChanges) => ({
        officer_row_id: table.officerRowId,
        pending: table.pending,
        in_progress: table.inProgress,
        completed: table.completed,
        other: table.other,
      });
      return tx
        .select(columns(officerWorkload))
        .from(officerWorkload)
        .where(inArray(officerWorkload.officerRowId, officerRowIds))
        .unionAll(tx.select(columns(officerWorkloadChanges)).from(officerWorkloadChanges).where(inArray(officerWorkloadChanges.officerRowId, officerRowIds)));
    },

    /** How many officers the filter finds, counting no further than `cap + 1`. */
    async countUpTo(filter: WorkloadPageFilter, cap: number, tx: DbOrTx = db): Promise<number> {
      const query = sql`select count(*)::int as n from (${matching(filter, undefined, sql`1`)} limit ${cap + 1}) matched`;
      return rowsOf<{ n: number }>(await tx.execute(query))[0]?.n ?? 0;
    },

    /** Adds the changes noted so far into the summary (the workload-fold job); answers how many were folded. */
    async fold(tx: DbOrTx = db): Promise<number> {
      return rowsOf<{ folded: number }>(await tx.execute(sql`select officer_workload_fold() as folded`))[0]?.folded ?? 0;
    },

    /** Computes the summary again from the base tables (officer_workload_rebuild: the migration's backfill). */
    async rebuild(tx: DbOrTx = db): Promise<void> {
      await tx.execute(sql`select officer_workload_rebuild()`);
    },
  };
}
export type WorkloadRepository = ReturnType<typeof createWorkloadRepository>;
