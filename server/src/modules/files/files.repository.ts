import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files } from './files.table';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

export function createFilesRepository() {
  return {
    async insert(db: DbOrTx, row: NewFileRow) {
      const [inserted] = await db.insert(files).values(row).returning();
      return inserted!;
    },
    async findByPath(db: DbOrTx, path: string) {
      const rows = await db.select().from(files).where(eq(files.path, path)).limit(1);
      return rows[0];
    },
  };
}
export type FilesRepository = ReturnType<typeof createFilesRepository>;
