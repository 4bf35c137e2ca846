import {
  ADMIN_PAGE_SIZE,
  colomboLocalToDate,
  type AuditAction,
  type auditQuerySchema,
  type AuditVerification,
  type auditVerifyQuerySchema,
  type Branch,
  type Role,
} from '@pes/contracts';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client';
import { CHAIN_START, checkLink, type ChainCursor } from './audit.chain';
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

/** Entries read per query when the chain is verified (keyset pages along the chain). */
const VERIFY_PAGE = 2000;

/** The audit log: written inside the transaction of the change it records, read by administrators. */
export function createAuditService(deps: {
  db: Database;
  /** The administrator's reads (the log, its verification): the staff pages' own pool (DatabaseHandle.staffReads). */
  staffReads: Database;
  audit: AuditRepository;
}) {
  const { db, staffReads, audit } = deps;
  const describers = new Map<AuditDescribed, AuditDescriber>();
  return {
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

    /**
     * Walks the whole chain from its first entry, a page at a time, and answers the first entry that breaks
     * it; with an anchor (a position and the hash it had when it was recorded elsewhere), also whether the
     * chain still reaches it unchanged. Entries committed during the walk are simply read as it gets there:
     * appends are serialised, so the committed entries always form an unbroken prefix of the chain.
     */
    async verify(query: z.output<typeof auditVerifyQuerySchema>): Promise<AuditVerification> {
      const badEntry = async (id: number | null) => {
        const stored = id === null ? undefined : await audit.findById(id, staffReads);
        return stored ? (await withDetails([stored], describers))[0]! : null;
      };
      const anchor = query.anchor_position !== undefined ? { position: query.anchor_position, hash: query.anchor_hash! } : undefined;
      const broken = async (checked: number, id: number | null): Promise<AuditVerification> => ({
        ok: false,
        checked,
        first_bad_id: id,
        first_bad_entry: await badEntry(id),
        head: null,
      });
      let cursor: ChainCursor = CHAIN_START;
      let checked = 0;
      let after: { position: number; id: number } | undefined;
      for (;;) {
        const page = await audit.chainPage(after, VERIFY_PAGE, staffReads);
        for (const { entry, hash } of page) {
          checked++;
          const next = checkLink(cursor, entry, hash);
          if (!next || (anchor?.position === entry.position && anchor.hash !== hash)) return broken(checked, entry.id);
          cursor = next;
        }
        if (page.length < VERIFY_PAGE) break;
        after = { position: page.at(-1)!.entry.position, id: page.at(-1)!.entry.id };
      }
      const unchained = await audit.firstUnchained(staffReads);
      if (unchained !== undefined) return broken(checked + 1, unchained);
      const last = cursor.position - 1;
      // The chain ends before the anchored entry: entries were removed from its end.
      if (anchor && anchor.position > last) return broken(checked, null);
      return { ok: true, checked, first_bad_id: null, first_bad_entry: null, head: last > 0 ? { position: last, hash: cursor.prevHash } : null };
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
}
export type AuditService = ReturnType<typeof createAuditService>;

/** The actor of a signed-in principal (or of the start-up seed, which has no account). */
export const actorOf = (p: AuditActor): AuditActor => ({
  userId: p.userId,
  username: p.username,
  role: p.role,
  branch: p.branch,
});
