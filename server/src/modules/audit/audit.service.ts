import { ADMIN_PAGE_SIZE, colomboLocalToDate, type AuditAction, type auditQuerySchema, type Branch, type Role } from '@pes/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { AuditRepository } from './audit.repository';

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

/** The audit log: written inside the transaction of the change it records, read by administrators. */
export function createAuditService(deps: { audit: AuditRepository }) {
  const { audit } = deps;
  return {
    /** Appends one entry in `tx`, so it exists exactly when the change does. */
    async record(entry: AuditRecord, tx: DbOrTx) {
      await audit.insert(
        {
          actorUserId: entry.actor.userId,
          actorUsername: entry.actor.username,
          actorRole: entry.actor.role,
          actorBranch: entry.actor.branch,
          action: entry.action,
          subjectType: entry.subject.type,
          subjectId: entry.subject.id === undefined || entry.subject.id === null ? null : String(entry.subject.id),
          summary: withoutSecrets(entry.summary ?? {}),
        },
        tx,
      );
    },

    async list(query: z.output<typeof auditQuerySchema>) {
      // Dates are Colombo calendar days, both included.
      const fromAt = query.from ? colomboLocalToDate(`${query.from}T00:00`) : undefined;
      const toAt = query.to ? new Date(colomboLocalToDate(`${query.to}T00:00`)!.getTime() + 86_400_000) : undefined;
      const entries = await audit.list({ actor: query.actor || undefined, action: query.action, fromAt, toAt, beforeId: query.cursor }, ADMIN_PAGE_SIZE + 1);
      const page = entries.slice(0, ADMIN_PAGE_SIZE);
      return { entries: page, next_cursor: entries.length > ADMIN_PAGE_SIZE ? String(page.at(-1)!.id) : null };
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
