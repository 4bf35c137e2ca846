import { and, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, Branch, Role } from '@pes/contracts';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { isoInstant } from '../../db/sql';
import { CHAIN_START, chainBatch, entryHash, microsOf, type ChainCursor, type ChainedEntry } from './audit.chain';
import { auditLog } from './audit.table';
import type { StoredAuditEntry } from './audit.details';
import { keyset } from '../../db/keyset';

/** The log's pages, newest first: the primary key read backwards. */
const newestFirst = keyset({ id: auditLog.id, idType: 'int', direction: 'desc' });

/**
 * The transaction-scoped advisory lock that serialises appends to the chain, on every instance: taken right
 * before the head of the chain is read, held until the appending transaction ends. (724001 is the migrations'.)
 */
const CHAIN_LOCK = sql.raw('724002');
const takeChainLock = (tx: DbOrTx) => tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);

/** What `execute` answers on both drivers. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/**
 * Entries as the chain reads them: every column the hash covers (the time in the database's microseconds) and
 * the hash, `limit` of them where `where` holds, in the order `orderBy` says. Plain SQL: a walk reads every
 * entry, and drizzle's row mapping cost more than the query itself (1.7 s per 100,000 rows).
 */
const chainRows = async (on: DbOrTx, where: SQL, orderBy: SQL, limit: number) =>
  rowsOf<ChainRow>(
    await on.execute(sql`
      select id::text as "id", position::text as "position", ((extract(epoch from at) * 1000000)::bigint)::text as "atMicros",
        actor_user_id as "actorUserId", actor_username as "actorUsername", actor_role as "actorRole",
        actor_branch as "actorBranch", action, subject_type as "subjectType", subject_id as "subjectId", summary,
        prev_hash as "prevHash", hash
      from audit_log where ${where} order by ${orderBy} limit ${limit}`),
  ).map((row) => ({
    // One object per entry, its fields written out (no rest and spread): a walk maps every entry of the log.
    entry: {
      id: Number(row.id),
      position: row.position === null ? null : Number(row.position),
      atMicros: row.atMicros,
      actorUserId: row.actorUserId,
      actorUsername: row.actorUsername,
      actorRole: row.actorRole,
      actorBranch: row.actorBranch,
      action: row.action,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      summary: row.summary,
      prevHash: row.prevHash,
    },
    hash: row.hash,
  }));
type ChainRow = Omit<ChainedEntry, 'id' | 'position' | 'prevHash'> & { id: string; position: string | null; prevHash: string | null; hash: string | null };

/** The last entry of the chain, read under the chain lock; the cursor the next entry continues from. */
async function chainHead(tx: DbOrTx): Promise<ChainCursor> {
  const [head] = await tx
    .select({ position: auditLog.position, hash: auditLog.hash })
    .from(auditLog)
    .where(isNotNull(auditLog.position))
    .orderBy(desc(auditLog.position))
    .limit(1);
  return head ? { position: head.position! + 1, prevHash: head.hash ?? '' } : CHAIN_START;
}

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
  cursor?: string;
}

/** An entry as the API shows it. */
const entryView = {
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
};
const toEntry = <Row extends { action: string; summary: unknown }>(r: Row) => ({
  ...r,
  action: r.action as AuditAction,
  summary: (r.summary ?? {}) as Record<string, unknown>,
});

export function createAuditRepository(db: Database) {
  return {
    /**
     * Appends the entry to the chain, in `tx` (a transaction: the lock is held until it ends, so call this as
     * the transaction's last statement). Three round trips under the lock: the head, the insert, the commit.
     */
    async append(entry: NewAuditEntry, tx: Tx) {
      // The time is this server's, to the millisecond, so it is hashed exactly as the database keeps it; the
      // summary is hashed as the JSON value the database will hold.
      const at = new Date();
      const summary = JSON.parse(JSON.stringify(entry.summary)) as Record<string, unknown>;
      // The lock, and an id from the sequence in the same round trip (ids need not follow the chain's order).
      const [{ id }] = rowsOf<{ id: string }>(
        await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK}), nextval(pg_get_serial_sequence('audit_log', 'id'))::text as id`),
      ) as [{ id: string }];
      // The head in a statement of its own, after the lock: under READ COMMITTED it sees the entry appended before.
      const head = await chainHead(tx);
      const chained: ChainedEntry = { ...entry, id: Number(id), atMicros: microsOf(at), summary, ...head };
      await tx.insert(auditLog).values({ ...entry, id: chained.id, at, summary, position: head.position, prevHash: head.prevHash, hash: entryHash(chained) });
    },

    /** Entries in chain order (position, then id) after `after`, for a walk along the chain. */
    async chainPage(after: { position: number; id: number } | undefined, limit: number, tx: DbOrTx = db) {
      const where = after ? sql`position is not null and (position, id) > (${after.position}, ${after.id})` : sql`position is not null`;
      // (Ordered by the table's columns: "position" and "id" alone would name the text columns of the select list.)
      const rows = await chainRows(tx, where, sql`audit_log.position, audit_log.id`, limit);
      // Every row read here is chained (the WHERE): its position and previous hash are set.
      return rows as Array<{ entry: ChainedEntry; hash: string | null }>;
    },

    /**
     * An entry outside the chain (no position or hash: put in behind the application's back), if any: the first of
     * the partial index audit_log_unchained_idx, whose condition this repeats (empty while the log is intact).
     */
    async firstUnchained(tx: DbOrTx = db): Promise<number | undefined> {
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(sql`select id::text as id from audit_log where position is null or prev_hash is null or hash is null order by id limit 1`),
      );
      return row ? Number(row.id) : undefined;
    },

    /** The entry at a place in the chain (the position's unique index), if there is one. */
    async entryAt(position: number, tx: DbOrTx = db): Promise<{ id: number; hash: string | null } | undefined> {
      const [row] = await tx.select({ id: auditLog.id, hash: auditLog.hash }).from(auditLog).where(eq(auditLog.position, position));
      return row;
    },

    /** The chain's length: the newest entry's position (the position's index read backwards), 0 when empty. */
    async chainLength(tx: DbOrTx = db): Promise<number> {
      return (await chainHead(tx)).position - 1;
    },

    /** Newest first, `limit` entries older than the cursor. */
    async list(filter: AuditFilter, limit: number, tx: DbOrTx = db): Promise<StoredAuditEntry[]> {
      const conditions: SQL[] = [];
      if (filter.actor) conditions.push(sql`lower(${auditLog.actorUsername}) = lower(${filter.actor})`);
      if (filter.action) conditions.push(eq(auditLog.action, filter.action));
      if (filter.fromAt) conditions.push(gte(auditLog.at, filter.fromAt));
      if (filter.toAt) conditions.push(lt(auditLog.at, filter.toAt));
      const rows = await tx
        .select(entryView)
        .from(auditLog)
        .where(and(...conditions, newestFirst.after(filter.cursor)))
        .orderBy(...newestFirst.orderBy)
        .limit(limit);
      return rows.map(toEntry);
    },

    async findById(id: number, tx: DbOrTx = db): Promise<StoredAuditEntry | undefined> {
      const [row] = await tx.select(entryView).from(auditLog).where(eq(auditLog.id, id));
      return row && toEntry(row);
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;

/** Entries chained per statement when the entries written before the chain are chained. */
const LEGACY_BATCH = 2000;

/**
 * Chains the entries written before the chain existed (a database migrated from an earlier version), in the
 * order of their ids, once: migration 0014 added the chain's check as NOT VALID, and validating it here marks
 * the work done, so an entry slipped in later without a hash is never chained (verification reports it).
 * Runs right after the migrations on their connection: the owner's, which may switch the append-only
 * trigger off for these updates (inside this transaction only; the runtime role could not).
 */
export async function chainUnchainedAuditEntries(db: Database) {
  const [constraint] = rowsOf<{ valid: boolean }>(
    await db.execute(sql`select convalidated as valid from pg_constraint where conname = 'audit_log_chained' and conrelid = 'audit_log'::regclass`),
  );
  if (!constraint || constraint.valid) return;
  await db.transaction(async (tx) => {
    await takeChainLock(tx);
    let cursor = await chainHead(tx);
    let afterId = 0;
    let triggerOff = false;
    for (;;) {
      // In the order of the ids (the primary key), passing over any entry chained already.
      const rows = await chainRows(tx, sql`audit_log.id > ${afterId}`, sql`audit_log.id`, LEGACY_BATCH);
      if (rows.length === 0) break;
      afterId = rows.at(-1)!.entry.id;
      const legacy = rows.filter(({ entry }) => entry.position === null);
      if (legacy.length === 0) continue;
      if (!triggerOff) {
        await tx.execute(sql`alter table ${auditLog} disable trigger audit_log_append_only`);
        triggerOff = true;
      }
      const chained = chainBatch(
        legacy.map(({ entry }) => entry),
        cursor,
      );
      const links = chained.links;
      cursor = chained.cursor;
      // Arrays as literals: the values are digits and hex only.
      const array = (values: Array<string | number>) => `{${values.join(',')}}`;
      await tx.execute(sql`
        update ${auditLog} set position = v.position, prev_hash = v.prev_hash, hash = v.hash
        from unnest(${array(links.map((l) => l.id))}::bigint[], ${array(links.map((l) => l.position))}::bigint[],
          ${array(links.map((l) => l.prevHash))}::text[], ${array(links.map((l) => l.hash))}::text[]) as v(id, position, prev_hash, hash)
        where ${auditLog.id} = v.id`);
    }
    if (triggerOff) await tx.execute(sql`alter table ${auditLog} enable trigger audit_log_append_only`);
    await tx.execute(sql`alter table ${auditLog} validate constraint audit_log_chained`);
  });
}
