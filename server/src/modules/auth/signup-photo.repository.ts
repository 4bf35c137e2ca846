import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { signupPhotoHandoffs } from './signup-photo.table';

export type SignupPhotoHandoffRow = typeof signupPhotoHandoffs.$inferSelect;

/** Handoffs swept by one statement. */
const SWEEP_BATCH = 500;

export function createSignupPhotoRepository(db: Database) {
  return {
    async insert(row: { tokenHash: string; keyHash: string; validSeconds: number }, tx: DbOrTx = db) {
      const [inserted] = await tx
        .insert(signupPhotoHandoffs)
        .values({ tokenHash: row.tokenHash, keyHash: row.keyHash, expiresAt: sql`now() + make_interval(secs => ${row.validSeconds})` })
        .returning({ id: signupPhotoHandoffs.id, expiresAt: signupPhotoHandoffs.expiresAt });
      return inserted!;
    },

    /** The handoff of a link's token (its unique index), with whether its link still takes a photo. */
    async findByToken(tokenHash: string, tx: DbOrTx = db) {
      const rows = await tx
        .select({
          id: signupPhotoHandoffs.id,
          expiresAt: signupPhotoHandoffs.expiresAt,
          receivedAt: signupPhotoHandoffs.receivedAt,
          open: sql<boolean>`${signupPhotoHandoffs.expiresAt} > now()`,
        })
        .from(signupPhotoHandoffs)
        .where(eq(signupPhotoHandoffs.tokenHash, tokenHash));
      return rows[0];
    },

    /** The handoff of a key (its unique index), with whether its link is still open and its photo still usable. */
    async findByKey(keyHash: string, keepSeconds: number, tx: DbOrTx = db) {
      const rows = await tx
        .select({
          id: signupPhotoHandoffs.id,
          expiresAt: signupPhotoHandoffs.expiresAt,
          fileId: signupPhotoHandoffs.fileId,
          receivedAt: signupPhotoHandoffs.receivedAt,
          usedAt: signupPhotoHandoffs.usedAt,
          open: sql<boolean>`${signupPhotoHandoffs.expiresAt} > now()`,
          kept: sql<boolean>`${signupPhotoHandoffs.createdAt} > now() - make_interval(secs => ${keepSeconds})`,
        })
        .from(signupPhotoHandoffs)
        .where(eq(signupPhotoHandoffs.keyHash, keyHash));
      return rows[0];
    },

    /**
     * Records the photo's file on the handoff, only while its link is open and has taken none: true when it did. Two
     * phones sending at once: the row's lock lets the first through, the second finds a photo there.
     */
    async receive(id: number, fileId: number, tx: DbOrTx) {
      const rows = await tx
        .update(signupPhotoHandoffs)
        .set({ fileId, receivedAt: sql`now()` })
        .where(and(eq(signupPhotoHandoffs.id, id), isNull(signupPhotoHandoffs.receivedAt), sql`${signupPhotoHandoffs.expiresAt} > now()`))
        .returning({ id: signupPhotoHandoffs.id });
      return rows.length > 0;
    },

    /** Marks the handoff's photo used by a signup, once, while it is kept: its file id, or undefined when it cannot be used. */
    async use(keyHash: string, keepSeconds: number, tx: DbOrTx) {
      const rows = await tx
        .update(signupPhotoHandoffs)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(signupPhotoHandoffs.keyHash, keyHash),
            isNull(signupPhotoHandoffs.usedAt),
            isNotNull(signupPhotoHandoffs.fileId),
            sql`${signupPhotoHandoffs.createdAt} > now() - make_interval(secs => ${keepSeconds})`,
          ),
        )
        .returning({ fileId: signupPhotoHandoffs.fileId });
      return rows[0]?.fileId ?? undefined;
    },

    /** Deletes an unused handoff by its key: the file id of its photo, if it had one (null), or undefined when there was none such. */
    async deleteUnused(keyHash: string, tx: DbOrTx = db) {
      const rows = await tx
        .delete(signupPhotoHandoffs)
        .where(and(eq(signupPhotoHandoffs.keyHash, keyHash), isNull(signupPhotoHandoffs.usedAt)))
        .returning({ fileId: signupPhotoHandoffs.fileId });
      return rows[0];
    },

    /**
     * Deletes up to SWEEP_BATCH handoffs made more than `keepSeconds` ago (oldest first, on the created_at index);
     * answers how many, and the files of those never used (theirs to delete).
     */
    async deleteOld(keepSeconds: number, tx: DbOrTx = db) {
      const old = tx
        .select({ id: signupPhotoHandoffs.id })
        .from(signupPhotoHandoffs)
        .where(lt(signupPhotoHandoffs.createdAt, sql`now() - make_interval(secs => ${keepSeconds})`))
        .orderBy(signupPhotoHandoffs.createdAt)
        .limit(SWEEP_BATCH);
      const rows = await tx
        .delete(signupPhotoHandoffs)
        .where(inArray(signupPhotoHandoffs.id, old))
        .returning({ fileId: signupPhotoHandoffs.fileId, usedAt: signupPhotoHandoffs.usedAt });
      return { deleted: rows.length, batchSize: SWEEP_BATCH, unusedFileIds: rows.filter((r) => r.usedAt === null && r.fileId !== null).map((r) => r.fileId!) };
    },
  };
}
export type SignupPhotoRepository = ReturnType<typeof createSignupPhotoRepository>;
