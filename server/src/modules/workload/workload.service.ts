import type { Branch } from '@pes/contracts';
import type { DbOrTx } from '../../db/client';
import type { WorkloadRepository } from './workload.repository';

/** The workload-fold job: each minute (the summary's readers add the changes not yet folded, so this only bounds them). */
export const WORKLOAD_FOLD_CRON = '* * * * *';

export const WORK_CLASSES = ['pending', 'in_progress', 'completed', 'other'] as const;
export type WorkCounts = Record<(typeof WORK_CLASSES)[number], number>;

/** One officer's work from one source (a module's records), by workload class; classes it lacks count 0. */
export type OfficerWork = Partial<WorkCounts> & { officer_row_id: number };

/** Which officers to count: those of one branch, or only these (officers.id). */
export interface WorkScope {
  branch?: Branch;
  officerRowIds?: number[];
}

/** A module's records counted per officer, in the database, read on `tx` when given (inside its transaction). */
export type WorkSource = (scope: WorkScope, tx?: DbOrTx) => Promise<OfficerWork[]>;

/** The measure of an officer's open work, wherever it is asked: what is pending or in progress. */
export const openWorkOf = (work: WorkCounts) => work.pending + work.in_progress;

const noWork = (): WorkCounts => ({ pending: 0, in_progress: 0, completed: 0, other: 0 });

/**
 * An officer's work, counted once. The database keeps each officer's counts as the work changes (workload.table.ts:
 * triggers in the changing transactions): the administrator's workload table and the least-loaded assignment of
 * anonymous reports both read them, a few rows per officer, exact at the moment of reading. The same measure summed
 * from the records themselves: every module whose records are an officer's work registers a source (for the branches
 * whose work it is) in composition.ts; `byOfficer` sums them, the definition the kept counts are tested against.
 */
export function createWorkloadService(repository: WorkloadRepository) {
  const sources: Array<{ count: WorkSource; branches?: readonly Branch[] }> = [];

  /** Per officer in scope with any work: the sums over every source serving the scope's branch. */
  async function byOfficer(scope: WorkScope = {}, tx?: DbOrTx): Promise<Map<number, WorkCounts>> {
    if (scope.officerRowIds?.length === 0) return new Map();
    const serving = sources.filter((s) => !scope.branch || !s.branches || s.branches.includes(scope.branch));
    const counted = await Promise.all(serving.map((s) => s.count(scope, tx)));
    const work = new Map<number, WorkCounts>();
    for (const counts of counted.flat()) {
      const sum = work.get(counts.officer_row_id) ?? noWork();
      for (const key of WORK_CLASSES) sum[key] += counts[key] ?? 0;
      work.set(counts.officer_row_id, sum);
    }
    return work;
  }

  return {
    /** A page of active officers with their work, from the summary (workload.repository). */
    page: repository.page,
    countUpTo: repository.countUpTo,
    /** Adds the changes the triggers noted into the summary (the workload-fold job, each minute). */
    fold: repository.fold,
    /** `branches`: the branches whose officers this source's work belongs to (all when left out). */
    registerSource(count: WorkSource, branches?: readonly Branch[]) {
      sources.push({ count, branches });
    },
    byOfficer,
    /**
     * Each officer's work (none counts as zero), from the kept counts, exact at this read (read on `tx`, inside the
     * caller's transaction, it sees the changes committed before it and its own). The counts are every source's:
     * a branch's officers have no other branch's work (only Admin Branch officers handle clearance, only Traffic Fine
     * Branch officers issue fines, only Crime Branch officers are given anonymous reports), so no scope is needed.
     */
    async of(officerRowIds: number[], tx?: DbOrTx) {
      const work = new Map(officerRowIds.map((id) => [id, noWork()]));
      if (officerRowIds.length === 0) return work;
      for (const row of await repository.countsOf(officerRowIds, tx)) {
        const sum = work.get(row.officer_row_id)!;
        for (const key of WORK_CLASSES) sum[key] += row[key];
      }
      return work;
    },
  };
}
export type WorkloadService = ReturnType<typeof createWorkloadService>;
