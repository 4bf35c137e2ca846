import {
  ADMIN_PAGE_SIZE,
  colomboLocalToDate,
  type AuditAction,
  type auditQuerySchema,
  type AuditBreakKind,
  type AuditVerification,
  type AuditWalkState,
  type auditVerifyQuerySchema,
  type Branch,
  type Role,
} from '@pes/contracts';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client';
import { createChainVerifier, walkPending } from './audit.verification';
import { createVerificationRepository, type VerificationState } from './audit.verification.repository';
import type { AuditRepository, NewAuditEntry } from './audit.repository';
import { keysetPage } from '../../db/keyset';
import { withDetails, type AuditDescribed, type AuditDescriber } from './audit.details';

/** Who did it: a signed-in principal, or (a refused sign-in) the username that was tried. */
export interface AuditActor {
  userId: number | null;
  username: string;
  role: Role | null;
  branch: Branch | null;
}

export interface AuditRecord {
  actor: AuditActor;
  action: AuditAction;
  subject: { type: string; id?: string | number | null };
  /** Before/after, short; never a password, token or card data. */
  summary?: Record<string, unknown>;
}

/** Keys that must never reach the log, whatever a caller passes. */
const SECRET_KEYS = /password|token|secret|card|cvc|cvv/i;
const withoutSecrets = (summary: Record<string, unknown>) => Object.fromEntries(Object.entries(summary).filter(([key]) => !SECRET_KEYS.test(key)));

/** Where the full walk stands, from the stored row. */
function walkState(s: VerificationState): AuditWalkState {
  if (s.walkRequestedAt === null) return 'never';
  if (!walkPending(s)) return 'done';
  return s.walkStartedAt !== null && s.walkStartedAt >= s.walkRequestedAt ? 'running' : 'queued';
}

/** The audit log: written inside the transaction of the change it records, read by administrators. */
export function createAuditService(deps: {
  db: Database;
  /** The administrator's reads (the log, its verification): the staff pages' own pool (DatabaseHandle.staffReads). */
  staffReads: Database;
  audit: AuditRepository;
  /** Enqueues the full walk's job in the transaction that asks for it (the job queue's; none in tests that run the walk themselves). */
  enqueueFullWalk?: (tx: DbOrTx) => Promise<unknown>;
}) {
  const { db, staffReads, audit } = deps;
  const verificationState = createVerificationRepository(db);
  const verifier = createChainVerifier({ audit, state: verificationState });
  const describers = new Map<AuditDescribed, AuditDescriber>();
  const service = {
    /** How entries name records of one kind to their reader (references, people): registered by the module that owns them. */
    registerDescriber(kind: AuditDescribed, describer: AuditDescriber) {
      describers.set(kind, describer);
    },

    /**
     * Appends one entry in `tx`, so it exists exactly when the change does; given the database itself or
     * nothing (no change to go with: a sign-in, a document viewed), in a transaction of its own. Appends take the chain's lock until the transaction
     * ends: call this as the transaction's last step.
     */
    async record(entry: AuditRecord, tx?: DbOrTx) {
      const content: NewAuditEntry = {
        actorUserId: entry.actor.userId,
        actorUsername: entry.actor.username,
        actorRole: entry.actor.role,
        actorBranch: entry.actor.branch,
        action: entry.action,
        subjectType: entry.subject.type,
        subjectId: entry.subject.id === undefined || entry.subject.id === null ? null : String(entry.subject.id),
        summary: withoutSecrets(entry.summary ?? {}),
      };
      if (tx instanceof PgTransaction) await audit.append(content, tx);
      else await db.transaction((own) => audit.append(content, own));
    },

    /** The incremental verification step (a job, every minute): the entries appended since the last verified one. */
    verifyStep: () => verifier.step(),
    /** The full walk from the first entry (a job: nightly, or asked for by an administrator). */
    fullWalk: () => verifier.fullWalk(),

    /** Asks for a full walk now (its job enqueued with the request), unless one is asked for or running already. */
    async requestFullWalk(): Promise<AuditVerification> {
      await verifier.requestWalk(async (tx) => {
        await deps.enqueueFullWalk?.(tx);
      });
      return service.verification({});
    },

    /**
     * Where the verification of the chain stands, as its jobs stored it: one row, and with an anchor (a position and
     * the hash it had when it was recorded elsewhere) the entry at that position by its index. Nothing is walked.
     */
    async verification(query: z.output<typeof auditVerifyQuerySchema>, tx: DbOrTx = staffReads): Promise<AuditVerification> {
      const s = await verificationState.state(tx);
      const anchored = query.anchor_position !== undefined ? await audit.entryAt(query.anchor_position, tx) : undefined;
      const anchor = query.anchor_position === undefined ? null : !anchored ? 'missing' : anchored.hash === query.anchor_hash ? 'holds' : 'differs';
      const firstBadId = s.breakKind !== null ? s.breakEntryId : anchor === 'differs' ? anchored!.id : null;
      const stored = firstBadId === null ? undefined : await audit.findById(firstBadId, tx);
      const iso = (at: Date | null) => at?.toISOString() ?? null;
      return {
        ok: s.breakKind === null && (anchor === null || anchor === 'holds'),
        checked: s.checkpointPosition,
        verified_at: iso(s.checkedAt),
        head: s.checkpointPosition > 0 ? { position: s.checkpointPosition, hash: s.checkpointHash } : null,
        first_bad_id: firstBadId,
        first_bad_entry: stored ? (await withDetails([stored], describers))[0]! : null,
        break:
          s.breakKind === null
            ? null
            : {
                kind: s.breakKind as AuditBreakKind,
                position: s.breakPosition,
                found_at: iso(s.breakFoundAt)!,
                found_by: s.breakFoundBy as 'step' | 'full_walk',
              },
        anchor,
        full_walk: {
          state: walkState(s),
          requested_at: iso(s.walkRequestedAt),
          started_at: iso(s.walkStartedAt),
          finished_at: iso(s.walkFinishedAt),
          checked: s.walkChecked,
          total_estimate: s.walkTotal,
          ok: s.walkFinishedAt !== null && !walkPending(s) ? s.walkOk : null,
          first_bad_id: s.walkFinishedAt !== null && !walkPending(s) ? s.walkFirstBadId : null,
        },
      };
    },

    async list(query: z.output<typeof auditQuerySchema>) {
      // Dates are Colombo calendar days, both included.
      const fromAt = query.from ? colomboLocalToDate(`${query.from}T00:00`) : undefined;
      const toAt = query.to ? new Date(colomboLocalToDate(`${query.to}T00:00`)!.getTime() + 86_400_000) : undefined;
      const entries = await audit.list(
        { actor: query.actor || undefined, action: query.action, fromAt, toAt, cursor: query.cursor },
        ADMIN_PAGE_SIZE + 1,
        staffReads,
      );
      const { page, next_cursor } = keysetPage(entries, ADMIN_PAGE_SIZE, (entry) => String(entry.id));
      return { entries: await withDetails(page, describers), next_cursor };
    },
  };
  return service;
}
export type AuditService = ReturnType<typeof createAuditService>;

/** The actor of a signed-in principal (or of the start-up seed, which has no account). */
export const actorOf = (p: AuditActor): AuditActor => ({
  userId: p.userId,
  username: p.username,
  role: p.role,
  branch: p.branch,
});
