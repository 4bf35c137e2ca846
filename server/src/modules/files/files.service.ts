import type { Database, DbOrTx } from '../../db/client';
import type { UploadedFile } from '../../http/multipart';
import type { Principal } from '../../http/principal';
import { notFound } from '../../http/domain-error';
import type { FileRow, FilesRepository } from './files.repository';
import { normaliseUpload, type FileStorage } from './files.storage';

/** Decides whether a principal may read a file of one purpose (registered by the module that owns it). */
export type FileAccessPolicy = (principal: Principal, file: FileRow, db: Database) => Promise<boolean>;

export interface StagedFile {
  field: string;
  path: string;
  mimeType: string;
  sizeBytes: number;
  originalName: string;
}

export function createFilesService(deps: {
  db: Database;
  storage: FileStorage;
  repository: FilesRepository;
  policies: Record<string, FileAccessPolicy>;
}) {
  const { db, storage, repository, policies } = deps;
  return {
    /**
     * Writes the uploads to disk, then runs `work` (which stores the records in a transaction).
     * If `work` fails, the written files are removed: a failed request leaves no orphan file.
     */
    async withStagedFiles<T>(uploads: UploadedFile[], work: (staged: StagedFile[]) => Promise<T>): Promise<T> {
      const normalised = await Promise.all(uploads.map(normaliseUpload));
      const staged: StagedFile[] = [];
      try {
        for (const u of normalised) {
          const path = await storage.write(u.buffer, u.ext);
          staged.push({ field: u.field, path, mimeType: u.mimeType, sizeBytes: u.buffer.length, originalName: u.originalName });
        }
        return await work(staged);
      } catch (err) {
        await Promise.all(staged.map((s) => storage.remove(s.path)));
        throw err;
      }
    },

    /** Inserts the file row for a staged file inside the caller's transaction. */
    record(tx: DbOrTx, file: StagedFile, purpose: string, ownerUserId: number | null) {
      return repository.insert(tx, {
        path: file.path,
        mimeType: file.mimeType,
        sizeBytes: file.sizeBytes,
        originalName: file.originalName,
        purpose,
        ownerUserId,
      });
    },

    /** The file if the principal may read it; 404 otherwise, so others' files cannot be discovered. */
    async openForReading(principal: Principal, path: string) {
      if (!storage.isSafeName(path)) throw notFound();
      const file = await repository.findByPath(db, path);
      if (!file) throw notFound();
      const allowed =
        principal.role === 'admin' ||
        (file.ownerUserId !== null && file.ownerUserId === principal.userId) ||
        (await policies[file.purpose]?.(principal, file, db)) === true;
      if (!allowed) throw notFound();
      return { file, fullPath: storage.fullPath(path) };
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
