import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { files, fileViewGrants } from './files.table';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

export function createFilesRepository(db: Database) {
  return {
    async insert(row: NewFileRow, tx: DbOrTx = db) {
      const [inserted] = await tx.insert(files).values(row).returning();
      return inserted!;
    },

    async findByPath(path: string, tx: DbOrTx = db) {
      const rows = await tx.select().from(files).where(eq(files.path, path)).limit(1);
      return rows[0];
    },

    /** Claims the unclaimed file of that path, owner and purpose; undefined when there is none such. */
    async claim(file: { path: string; ownerUserId: number; purpose: string }, tx: DbOrTx = db) {
      const rows = await tx
        .update(files)
        .set({ claimedAt: sql`now()` })
        .where(and(eq(files.path, file.path), eq(files.ownerUserId, file.ownerUserId), eq(files.purpose, file.purpose), isNull(files.claimedAt)))
        .returning();
      return rows[0];
    },

    /** An unclaimed file without an owner (one held by another record until it is claimed), by id. */
    async findUnowned(id: number, tx: DbOrTx = db) {
      const rows = await tx
        .select()
        .from(files)
        .where(and(eq(files.id, id), isNull(files.ownerUserId), isNull(files.claimedAt)));
      return rows[0];
    },

    /** Claims the unclaimed, ownerless file of that id and purpose for its new owner; undefined when there is none such. */
    async claimUnowned(file: { id: number; ownerUserId: number; purpose: string }, tx: DbOrTx) {
      const rows = await tx
        .update(files)
        .set({ claimedAt: sql`now()`, ownerUserId: file.ownerUserId })
        .where(and(eq(files.id, file.id), isNull(files.ownerUserId), eq(files.purpose, file.purpose), isNull(files.claimedAt)))
        .returning();
      return rows[0];
    },

    /** Deletes the rows of these files that are still unclaimed; answers their paths. */
    async deleteUnclaimedByIds(ids: number[], tx: DbOrTx = db) {
      if (ids.length === 0) return [];
      const rows = await tx
        .delete(files)
        .where(and(inArray(files.id, ids), isNull(files.claimedAt)))
        .returning({ path: files.path });
      return rows.map((r) => r.path);
    },

    /** Which of these paths have a row (one query on the path's unique index). */
    async existingPaths(paths: string[], tx: DbOrTx = db) {
      if (paths.length === 0) return new Set<string>();
      const rows = await tx.select({ path: files.path }).from(files).where(inArray(files.path, paths));
      return new Set(rows.map((r) => r.path));
    },

    /**
     * Of these files of `ownerUserId` (by path), the ids and paths of those `readerUserId` holds no live view grant
     * for, and grants them all for `seconds` from now. One indexed read (the paths' unique index, the grants' key)
     * and one upsert, in `tx`.
     */
    async grantViews(readerUserId: number, ownerUserId: number, paths: string[], seconds: number, tx: DbOrTx) {
      const shown = await tx
        .select({ id: files.id, path: files.path, liveUntil: fileViewGrants.expiresAt })
        .from(files)
        .leftJoin(
          fileViewGrants,
          and(eq(fileViewGrants.fileId, files.id), eq(fileViewGrants.readerUserId, readerUserId), sql`${fileViewGrants.expiresAt} > now()`),
        )
        .where(and(inArray(files.path, paths), eq(files.ownerUserId, ownerUserId)));
      const uncovered = shown.filter((file) => file.liveUntil === null);
      if (uncovered.length > 0) {
        await tx
          .insert(fileViewGrants)
          .values(uncovered.map((file) => ({ readerUserId, fileId: file.id, expiresAt: sql`now() + make_interval(secs => ${seconds})` })))
          .onConflictDoUpdate({ target: [fileViewGrants.readerUserId, fileViewGrants.fileId], set: { expiresAt: sql`excluded.expires_at` } });
      }
      return uncovered;
    },

    /** Whether the reader holds a live view grant for the file: one primary-key probe. */
    async hasLiveGrant(readerUserId: number, fileId: number, tx: DbOrTx = db) {
      const rows = await tx
        .select({ fileId: fileViewGrants.fileId })
        .from(fileViewGrants)
        .where(and(eq(fileViewGrants.readerUserId, readerUserId), eq(fileViewGrants.fileId, fileId), sql`${fileViewGrants.expiresAt} > now()`));
      return rows.length > 0;
    },

    /** Deletes the expired view grants; answers how many. */
    async deleteExpiredGrants(tx: DbOrTx = db) {
      const rows = await tx
        .delete(fileViewGrants)
        .where(lt(fileViewGrants.expiresAt, sql`now()`))
        .returning({ fileId: fileViewGrants.fileId });
      return rows.length;
    },

    /**
     * Deletes the rows of files left unclaimed for `seconds`; answers their paths. A claim running at the
     * same moment either comes first (the row is claimed and stays) or finds no row (the upload expired).
     */
    async deleteUnclaimed(seconds: number, tx: DbOrTx = db) {
      const rows = await tx
        .delete(files)
        .where(and(isNull(files.claimedAt), lt(files.createdAt, sql`now() - make_interval(secs => ${seconds})`)))
        .returning({ path: files.path });
      return rows.map((r) => r.path);
    },
  };
}
export type FilesRepository = ReturnType<typeof createFilesRepository>;
