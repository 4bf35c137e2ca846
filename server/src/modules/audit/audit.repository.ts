import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry, Branch, Role } from '@pes/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { isoInstant } from '../../db/sql';
import { auditLog } from './audit.table';

export interface NewAuditEntry {
  actorUserId: number | null;
  actorUsername: string;
  actorRole: Role | null;
  actorBranch: Branch | null;
  action: AuditAction;
  subjectType: string;
  subjectId: string | null;
  summary: Record<string, unknown>;
}

export interface AuditFilter {
  actor?: string;
  action?: AuditAction;
  /** Instants: from included, to excluded. */
  fromAt?: Date;
  toAt?: Date;
  beforeId?: number;
}

export function createAuditRepository(db: Database) {
  return {
    async insert(entry: NewAuditEntry, tx: DbOrTx) {
      await tx.insert(auditLog).values(entry);
    },

    /** Newest first, `limit` entries older than the cursor. */
    async list(filter: AuditFilter, limit: number): Promise<AuditEntry[]> {
      const conditions: SQL[] = [];
      if (filter.actor) conditions.push(sql`lower(${auditLog.actorUsername}) = lower(${filter.actor})`);
      if (filter.action) conditions.push(eq(auditLog.action, filter.action));
      if (filter.fromAt) conditions.push(gte(auditLog.at, filter.fromAt));
      if (filter.toAt) conditions.push(lt(auditLog.at, filter.toAt));
      if (filter.beforeId !== undefined) conditions.push(lt(auditLog.id, filter.beforeId));
      const rows = await db
        .select({
          id: auditLog.id,
          at: isoInstant(auditLog.at),
          actor_user_id: auditLog.actorUserId,
          actor_username: auditLog.actorUsername,
          actor_role: auditLog.actorRole,
          actor_branch: auditLog.actorBranch,
          action: auditLog.action,
          subject_type: auditLog.subjectType,
          subject_id: auditLog.subjectId,
          summary: auditLog.summary,
        })
        .from(auditLog)
        .where(and(...conditions))
        .orderBy(desc(auditLog.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, action: r.action as AuditAction, summary: (r.summary ?? {}) as Record<string, unknown> }));
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
