import { setImmediate as nextTurn } from 'node:timers/promises';
import { checkLink, GENESIS_HASH, type ChainCursor, type ChainedEntry } from './audit.chain';
import type { Tx } from '../../db/client';
import type { AuditRepository } from './audit.repository';
import type { VerificationChange, VerificationRepository, VerificationState } from './audit.verification.repository';

/** Entries read and checked per batch; the event loop and the connection are free between two batches. */
export const VERIFY_BATCH = 10_000;
/** Batches one incremental step takes at most (a million entries); a longer backlog is caught up by the next runs. */
const STEP_MAX_BATCHES = 100;

type ChainEntry = { entry: ChainedEntry; hash: string | null };
/** A checked run of entries: where it ended (the last good entry) and the first entry that broke it, if one did. */
interface Walked {
  checked: number;
  last: { position: number; id: number | null; hash: string };
  bad?: ChainedEntry;
}

/** Entries hashed per turn of the event loop inside a batch (a few milliseconds of CPU): requests waiting go between. */
const ENTRIES_PER_TURN = 1_000;

/** Checks the entries of a batch in chain order from `start` (the last good entry before them). */
async function checkBatch(start: Walked['last'], page: ChainEntry[]): Promise<Walked> {
  let cursor: ChainCursor = { position: start.position + 1, prevHash: start.hash };
  let last = start;
  let checked = 0;
  for (const { entry, hash } of page) {
    if (checked > 0 && checked % ENTRIES_PER_TURN === 0) await nextTurn();
    checked++;
    const next = checkLink(cursor, entry, hash);
    if (!next) return { checked, last, bad: entry };
    cursor = next;
    last = { position: entry.position, id: entry.id, hash: next.prevHash };
  }
  return { checked, last };
}

const checkpointOf = (last: Walked['last']): VerificationChange => ({
  checkpointPosition: last.position,
  checkpointEntryId: last.id,
  checkpointHash: last.hash,
});
const noBreak: VerificationChange = { breakKind: null, breakEntryId: null, breakPosition: null, breakFoundAt: null, breakFoundBy: null };

/** What a verification job left: the stored state, and whether it moved (a new checkpoint, a break found or mended). */
export interface ChainOutcome {
  state: VerificationState;
  moved: boolean;
}

/**
 * The verification in the server's log whenever it moved: the last verified entry (position and hash), which a log
 * shipped off the machine keeps as an anchor for later checks, or the break.
 */
export function logChainOutcome(log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }, outcome: ChainOutcome) {
  const s = outcome.state;
  if (!outcome.moved) return;
  const head = { position: s.checkpointPosition, hash: s.checkpointHash };
  if (s.breakKind === null) log.info({ auditChain: { ok: true, head } }, 'audit log verified: the chain is intact');
  else
    log.warn(
      { auditChain: { ok: false, head, break: { kind: s.breakKind, first_bad_id: s.breakEntryId, position: s.breakPosition } } },
      'audit log verified: the chain is broken',
    );
}

/** Whether a full walk has been asked for and has not finished since. */
export const walkPending = (s: VerificationState) => s.walkRequestedAt !== null && (s.walkFinishedAt === null || s.walkFinishedAt < s.walkRequestedAt);

/**
 * The verification of the audit log's hash chain, as jobs (never in a request):
 * - `step` verifies the entries appended since the checkpoint (the last verified entry), a batch at a time, moving
 *   the checkpoint on after each; it first checks that the checkpoint entry is still there with its hash, and that
 *   no row lies outside the chain (an index holding only such rows).
 * - `fullWalk` walks the whole chain from its first entry, storing its progress after each batch (a restart continues
 *   where it stood); a break it finds before the checkpoint moves the checkpoint back to the last good entry.
 * A break is recorded where it was found, and the chain is not verified past it: every later step stops there and
 * reports it again, until the rows are put back (restored from a backup) and a check finds the chain whole there.
 */
export function createChainVerifier(deps: { audit: AuditRepository; state: VerificationRepository; batchSize?: number }) {
  const { audit, state } = deps;
  const batchSize = deps.batchSize ?? VERIFY_BATCH;
  const page = (after: Walked['last']) =>
    // (Positions are unique: without the entry's id, every id at that position is passed over.)
    audit.chainPage(after.position > 0 ? { position: after.position, id: after.id ?? Number.MAX_SAFE_INTEGER } : undefined, batchSize);

  /** Records a break unless one is known already at or before it in the chain (the first stays reported). */
  const breakAt = (
    s: VerificationState,
    kind: 'entry' | 'checkpoint' | 'unchained',
    entry: { id: number | null; position: number | null },
    by: 'step' | 'full_walk',
  ) => {
    const known = s.breakKind !== null && (s.breakKind !== 'entry' || entry.position === null || (s.breakPosition ?? 0) <= entry.position);
    if (known) return {};
    return { breakKind: kind, breakEntryId: entry.id, breakPosition: entry.position, breakFoundAt: new Date(), breakFoundBy: by };
  };

  /** Rows outside the chain: recorded as a break (the index says at once), or a break of that kind cleared once they are gone. */
  async function checkUnchained(s: VerificationState, by: 'step' | 'full_walk'): Promise<number | undefined> {
    const unchained = await audit.firstUnchained();
    if (unchained !== undefined) await state.change((now) => breakAt(now, 'unchained', { id: unchained, position: null }, by));
    else if (s.breakKind === 'unchained') await state.change((now) => (now.breakKind === 'unchained' ? noBreak : undefined));
    return unchained;
  }

  return {
    /** One incremental step: the entries after the checkpoint, at most STEP_MAX_BATCHES batches. */
    async step(): Promise<ChainOutcome> {
      const s = await state.state();
      const outcome = async (): Promise<ChainOutcome> => {
        const after = await state.state();
        return { state: after, moved: after.checkpointPosition !== s.checkpointPosition || after.breakKind !== s.breakKind };
      };
      if ((await checkUnchained(s, 'step')) !== undefined) {
        await state.change(() => ({ checkedAt: new Date() }));
        return outcome();
      }
      // The checkpoint itself, by its position's index: entries removed from the end, or the chain recomputed after
      // an edit (its hash is then another), show here even without an anchor kept outside.
      if (s.checkpointPosition > 0) {
        const there = await audit.entryAt(s.checkpointPosition);
        if (!there || there.hash !== s.checkpointHash) {
          const found = breakAt(s, 'checkpoint', { id: there?.id ?? null, position: s.checkpointPosition }, 'step');
          await state.change((now) => (now.checkpointPosition === s.checkpointPosition ? { ...found, checkedAt: new Date() } : undefined));
          return outcome();
        }
        if (s.breakKind === 'checkpoint') await state.change((now) => (now.breakKind === 'checkpoint' ? noBreak : undefined));
      }
      let from: Walked['last'] = { position: s.checkpointPosition, id: s.checkpointEntryId, hash: s.checkpointHash };
      for (let batch = 0; batch < STEP_MAX_BATCHES; batch++) {
        const entries = await page(from);
        const walked = await checkBatch(from, entries);
        const start = from.position;
        const moved = await state.change((now) => {
          // The full walk moved the checkpoint meanwhile (it found a break before it): this step's view is stale.
          if (now.checkpointPosition !== start) return undefined;
          const change: VerificationChange = { ...checkpointOf(walked.last), checkedAt: new Date() };
          // A break recorded where the chain now verifies whole: the rows were put back.
          if (now.breakKind === 'entry' && (now.breakPosition ?? 0) <= walked.last.position) Object.assign(change, noBreak);
          if (walked.bad) Object.assign(change, breakAt({ ...now, ...change }, 'entry', walked.bad, 'step'));
          return change;
        });
        if (walked.bad || entries.length < batchSize || moved.checkpointPosition !== walked.last.position) break;
        from = walked.last;
        // Between batches the connection is free too: other queries go first.
        await nextTurn();
      }
      return outcome();
    },

    /** Marks a full walk as asked for, unless one is asked for or running: answers whether this call asked. */
    async requestWalk(enqueue: (tx: Tx) => Promise<void>): Promise<boolean> {
      let asked = false;
      await state.change(
        (s) => {
          if (walkPending(s)) return undefined;
          asked = true;
          return { walkRequestedAt: new Date() };
        },
        // The walk's job, in the same transaction: asked for exactly when the request is recorded.
        (tx) => (asked ? enqueue(tx) : Promise.resolve()),
      );
      return asked;
    },

    /** The full walk: the one asked for (or, run by the schedule, a new one), from its start or where it stood. */
    async fullWalk(): Promise<ChainOutcome> {
      const total = await audit.chainLength();
      let s = await state.change((now) => {
        const requestedAt = walkPending(now) ? now.walkRequestedAt! : new Date();
        // Started after it was asked for: this walk was interrupted (a restart), and continues.
        if (now.walkStartedAt !== null && now.walkStartedAt >= requestedAt) return { walkRequestedAt: requestedAt };
        return {
          walkRequestedAt: requestedAt,
          walkStartedAt: new Date(Math.max(Date.now(), requestedAt.getTime())),
          walkFinishedAt: null,
          walkChecked: 0,
          walkTotal: total,
          walkPosition: 0,
          walkEntryId: null,
          walkHash: GENESIS_HASH,
          walkOk: null,
          walkFirstBadId: null,
        };
      });
      let from: Walked['last'] = { position: s.walkPosition, id: s.walkEntryId, hash: s.walkHash };
      let checked = s.walkChecked;
      for (;;) {
        const entries = await page(from);
        const walked = await checkBatch(from, entries);
        checked += walked.checked;
        if (walked.bad) {
          const bad = walked.bad;
          const last = walked.last;
          await state.change((now) => ({
            walkChecked: checked,
            walkPosition: last.position,
            walkEntryId: last.id,
            walkHash: last.hash,
            walkFinishedAt: new Date(),
            walkOk: false,
            walkFirstBadId: bad.id,
            // The chain is not to be trusted from the break on, the verified part included.
            ...(now.checkpointPosition >= bad.position ? checkpointOf(last) : {}),
            ...breakAt(now.breakKind === 'entry' ? now : { ...now, breakKind: null }, 'entry', bad, 'full_walk'),
          }));
          return { state: await state.state(), moved: true };
        }
        from = walked.last;
        if (entries.length < batchSize) break;
        s = await state.change(() => ({ walkChecked: checked, walkPosition: from.position, walkEntryId: from.id, walkHash: from.hash }));
        await nextTurn();
      }
      const unchained = await checkUnchained(s, 'full_walk');
      const end = from;
      const finished = await state.change((now) => {
        const change: VerificationChange = {
          walkChecked: checked,
          walkPosition: end.position,
          walkEntryId: end.id,
          walkHash: end.hash,
          walkFinishedAt: new Date(),
          walkOk: unchained === undefined,
          walkFirstBadId: unchained ?? null,
        };
        // Whole to its end: a break recorded along it is mended, and the checkpoint may move on to where the walk
        // ended (a log loaded in bulk is verified by the nightly walk as much as by the steps). Not past a checkpoint
        // that has gone or changed: that is proved only by finding it again.
        if (now.breakKind === 'entry' && (now.breakPosition ?? 0) <= end.position) Object.assign(change, noBreak);
        if (now.breakKind !== 'checkpoint' && now.checkpointPosition < end.position) Object.assign(change, checkpointOf(end));
        return change;
      });
      return { state: finished, moved: true };
    },
  };
}
export type ChainVerifier = ReturnType<typeof createChainVerifier>;
