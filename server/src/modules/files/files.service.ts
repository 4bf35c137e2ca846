import type { Readable } from 'node:stream';
import { IDENTITY_VIEW_GRANT_SECONDS, UNCLAIMED_UPLOAD_TTL_SECONDS, type FilePurpose, type IdentityDocument } from '@pes/contracts';
import { appError } from '../../app-error';
import type { Database, DbOrTx } from '../../db/client';
import type { Principal } from '../../http/principal';
import type { Logger } from '../../logger';
import type { FileRow, FilesRepository } from './files.repository';
import type { FormFileValues } from './files.table';
import { isStoredFileName, normaliseUpload, type FileStorage } from './files.storage';
import type { UploadedFile } from '../../http/uploaded-file';

export type { FileRow } from './files.repository';
export type { FormFileValues } from './files.table';

/** Where stored files are served (GET /uploads/:path): every address of a stored file starts so. */
export const STORED_FILES_PREFIX = '/uploads/';

/** The address a stored file is served at, from its stored name: the one place the address is built. */
export const storedFileUrl = (path: string) => `${STORED_FILES_PREFIX}${path}`;

/**
 * The stored name in an address a client sends back: `/uploads/{path}`, a full URL ending so, or the bare
 * name (an upload's answer gives the bare name).
 */
export const storedFilePathOf = (address: string) => address.trim().replace(/^(?:.*\/)?uploads\//, '');

/** Decides whether a principal may read a file of one purpose (registered by the module that owns the purpose). */
export type FileAccessPolicy = (principal: Principal, file: FileRow) => Promise<boolean>;

/** Files that show who a citizen is: the sign-up's ID photos and live photo, a clearance application's NIC and documents. */
const IDENTITY_PURPOSES = new Set<FilePurpose>(['citizen_identity', 'clearance_document']);

/**
 * One view of a citizen's identity photos or documents by someone else: the documents a page showed together (by
 * their kind), or a file opened on its own (by its purpose); `reference` names the record they belong to (a
 * clearance application's reference), if any.
 */
export interface IdentityView {
  ownerUserId: number;
  documents: Array<IdentityDocument | FilePurpose>;
  reference?: string;
}

/** Told of each view of a citizen's identity files by someone else, in `tx`: the view is not shown unless this succeeds. */
export type IdentityViewListener = (reader: Principal, view: IdentityView, tx: DbOrTx) => Promise<void>;

/** A file a page is about to show, by its address or stored name, and what document it is. */
export interface ShownDocument {
  path: string;
  document: IdentityDocument;
}

/** A file written to the storage whose row is not stored yet. */
export interface StagedFile {
  field: string;
  path: string;
  mimeType: string;
  sizeBytes: number;
  originalName: string;
}

/** Who a file is kept for: what it belongs to, and whose it is. */
export interface FileOwner {
  purpose: FilePurpose;
  ownerUserId: number;
}

/** The owner of a file recorded claimed: nobody for an anonymous form's file. */
export interface RecordOwner {
  purpose: FilePurpose;
  ownerUserId: number | null;
}

/**
 * When uploads are swept (a scheduled job, by one instance): hourly. Unclaimed uploads (one indexed query when
 * there are none) and files without a row (the storage listed, one indexed query per ORPHAN_SWEEP_BATCH files).
 */
export const UPLOAD_SWEEP_CRON = '7 * * * *';

/** Stored files checked for a row by one query. */
const ORPHAN_SWEEP_BATCH = 500;

/**
 * The only writer of the files table. Two ways in: upload now (unclaimed, owned by the uploader) and
 * claim later, inside the transaction of the form that uses the file; or, for a form that carries its
 * files, stage them and record them claimed inside that form's transaction. Unclaimed uploads are swept,
 * and so are files a crash left in the storage without a row.
 */
export function createFilesService(deps: { db: Database; storage: FileStorage; repository: FilesRepository; log: Logger }) {
  const { db, storage, repository, log } = deps;
  const policies = new Map<FilePurpose, FileAccessPolicy>();
  const identityViewListeners: IdentityViewListener[] = [];

  async function tellIdentityView(reader: Principal, view: IdentityView, tx: DbOrTx) {
    for (const listener of identityViewListeners) await listener(reader, view, tx);
  }

  /**
   * Writes the uploads to the storage, then runs `work` (which stores their rows in a transaction). If `work`
   * fails, the written files are removed: a failed request leaves no orphan file.
   */
  async function withStagedFiles<T>(uploads: UploadedFile[], work: (staged: StagedFile[]) => Promise<T>): Promise<T> {
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
  }

  const rowOf = (file: StagedFile, owner: RecordOwner) => ({
    path: file.path,
    mimeType: file.mimeType,
    sizeBytes: file.sizeBytes,
    originalName: file.originalName,
    purpose: owner.purpose,
    ownerUserId: owner.ownerUserId,
  });

  async function sweepUnclaimed(olderThanSeconds = UNCLAIMED_UPLOAD_TTL_SECONDS) {
    // Rows first: a file whose row is gone can no longer be claimed; a row whose file went first could be.
    const paths = await repository.deleteUnclaimed(olderThanSeconds);
    await Promise.all(paths.map((p) => storage.remove(p)));
    if (paths.length > 0) log.info({ files: paths.length }, 'unclaimed uploads deleted');
    return paths.length;
  }

  /**
   * Deletes the stored files that have no row and were written more than `olderThanSeconds` ago (a day):
   * left by a crash between writing a file and storing its row (or removing it after a refusal). The
   * storage's listing is streamed and checked in batches of `batchSize` names, one indexed query per batch. A
   * younger file without a row is kept: an upload in flight writes its file before its row. Answers how many
   * were deleted.
   */
  async function sweepOrphanFiles(olderThanSeconds = UNCLAIMED_UPLOAD_TTL_SECONDS, batchSize = ORPHAN_SWEEP_BATCH) {
    const cutoff = Date.now() - olderThanSeconds * 1000;
    let deleted = 0;
    const check = async (batch: string[]) => {
      const known = await repository.existingPaths(batch);
      for (const name of batch) {
        if (known.has(name)) continue;
        // Its age is read only now, after the query: a file whose row was being stored is young, and stays.
        const writtenAt = await storage.writtenAt(name);
        if (writtenAt === undefined || writtenAt >= cutoff) continue;
        await storage.remove(name);
        deleted++;
      }
    };
    let batch: string[] = [];
    for await (const name of storage.names()) {
      batch.push(name);
      if (batch.length >= batchSize) {
        await check(batch);
        batch = [];
      }
    }
    await check(batch);
    if (deleted > 0) log.info({ files: deleted }, 'files without a row deleted');
    return deleted;
  }

  /** One sweep: unclaimed uploads, then files without a row, then expired view grants. */
  async function sweep() {
    return { unclaimed: await sweepUnclaimed(), orphans: await sweepOrphanFiles(), grants: await repository.deleteExpiredGrants() };
  }

  return {
    registerPolicy(purpose: FilePurpose, policy: FileAccessPolicy) {
      policies.set(purpose, policy);
    },

    /**
     * Called, before anything is shown, for each view of a citizen's identity photos or documents by someone else: a
     * page showing them (`showIdentityFiles`), or a file read no such page covers.
     */
    onIdentityView(listener: IdentityViewListener) {
      identityViewListeners.push(listener);
    },

    /**
     * Before a page shows `ownerUserId`'s identity files to `reader` (their addresses in its answer): one view naming
     * the documents shown, and a grant (IDENTITY_VIEW_GRANT_SECONDS) under which the reader's reads of those files are
     * the page's own and are not told again. Documents the reader already holds a live grant for (the same page asked
     * again: a refresh, a status change) are not told twice; nothing is told when all are. A throw (the record could
     * not be written) means the page must not be shown. The citizen's own files are nobody's view.
     */
    async showIdentityFiles(reader: Principal, view: { ownerUserId: number; documents: ShownDocument[]; reference?: string }) {
      if (reader.userId === view.ownerUserId || view.documents.length === 0) return;
      const byPath = new Map(view.documents.map((doc) => [storedFilePathOf(doc.path), doc.document]));
      await db.transaction(async (tx) => {
        const uncovered = await repository.grantViews(reader.userId, view.ownerUserId, [...byPath.keys()], IDENTITY_VIEW_GRANT_SECONDS, tx);
        if (uncovered.length === 0) return;
        const documents = [...byPath].filter(([path]) => uncovered.some((file) => file.path === path)).map(([, document]) => document);
        await tellIdentityView(reader, { ownerUserId: view.ownerUserId, documents, reference: view.reference }, tx);
      });
    },

    withStagedFiles,

    /** A staged file's row, for a form whose one statement stores its record and this row (files.table `insertFormFileSql`). */
    formFileValues(file: StagedFile, owner: FileOwner): FormFileValues {
      return {
        filePath: file.path,
        fileMimeType: file.mimeType,
        fileSizeBytes: file.sizeBytes,
        fileOriginalName: file.originalName,
        filePurpose: owner.purpose,
        fileOwnerUserId: owner.ownerUserId,
      };
    },

    /** Records a staged file as its form's own (claimed at once), inside the form's transaction; an anonymous form's file has no owner. */
    recordClaimed(file: StagedFile, owner: RecordOwner, tx: DbOrTx) {
      return repository.insert({ ...rowOf(file, owner), claimedAt: new Date() }, tx);
    },

    /**
     * Records a staged file unclaimed and without an owner, inside `tx`: a file another record holds (by its id) until
     * a form claims it for its owner (`claimUnowned`), such as a signup's live photo sent from a phone before the
     * account exists. Unclaimed, it is swept like any upload if nothing claims or discards it first.
     */
    recordUnowned(file: StagedFile, purpose: FilePurpose, tx: DbOrTx) {
      return repository.insert({ ...rowOf(file, { purpose, ownerUserId: null }), claimedAt: null }, tx);
    },

    /** Claims a file recorded by `recordUnowned` for its owner, in the transaction storing the record; `files.not_claimable` naming `field` otherwise. */
    async claimUnowned(claim: FileOwner & { id: number; field: string }, tx: DbOrTx): Promise<FileRow> {
      const file = await repository.claimUnowned({ id: claim.id, ownerUserId: claim.ownerUserId, purpose: claim.purpose }, tx);
      if (!file) throw appError('files.not_claimable', { field: claim.field });
      return file;
    },

    /**
     * The row and content of a file recorded by `recordUnowned` and not claimed yet, for the module that holds it (its
     * own rule says who may see it); undefined when there is none such or it is gone from the storage.
     */
    async openUnowned(id: number): Promise<{ file: FileRow; content: Readable } | undefined> {
      const file = await repository.findUnowned(id);
      const content = file && (await storage.read(file.path));
      return file && content ? { file, content } : undefined;
    },

    /**
     * Deletes these files if still unclaimed (their rows, then their stored files): a record that held them let them go.
     * Answers how many.
     */
    async discardUnclaimed(ids: number[]) {
      const paths = await repository.deleteUnclaimedByIds(ids);
      await Promise.all(paths.map((p) => storage.remove(p)));
      return paths.length;
    },

    /** Stores a file now, unclaimed and owned by the uploader; a form claims it by its path within a day. */
    async upload(file: UploadedFile, owner: FileOwner): Promise<{ path: string }> {
      return withStagedFiles([file], async ([staged]) => {
        await repository.insert({ ...rowOf(staged!, owner), claimedAt: null });
        return { path: staged!.path };
      });
    },

    /**
     * Claims an uploaded file for the record being stored in `tx`: it must be unclaimed, the claimant's
     * own and uploaded for this purpose. Otherwise `files.not_claimable`, naming `field` (the form field
     * that gave the path), and nothing changes.
     */
    async claim(claim: FileOwner & { path: string; field: string }, tx: DbOrTx): Promise<FileRow> {
      const file = isStoredFileName(claim.path) ? await repository.claim(claim, tx) : undefined;
      if (!file) throw appError('files.not_claimable', { field: claim.field });
      return file;
    },

    /**
     * The file's row and its content, streamed from the storage, if the principal may read it; 404 otherwise
     * (also when the file is gone from the storage), so others' files cannot be discovered.
     */
    async openForReading(principal: Principal, path: string): Promise<{ file: FileRow; content: Readable }> {
      if (!isStoredFileName(path)) throw appError('request.not_found');
      const file = await repository.findByPath(path);
      if (!file) throw appError('request.not_found');
      const allowed =
        principal.role === 'admin' ||
        (file.ownerUserId !== null && file.ownerUserId === principal.userId) ||
        (await policies.get(file.purpose as FilePurpose)?.(principal, file)) === true;
      if (!allowed) throw appError('request.not_found');
      const content = await storage.read(path);
      if (!content) throw appError('request.not_found');
      // Whoever opens a citizen's identity photo or document, the citizen aside, is on the record: by the page that
      // showed it (its live grant: one primary-key probe), or by this read.
      const ownerUserId = file.ownerUserId;
      if (IDENTITY_PURPOSES.has(file.purpose as FilePurpose) && ownerUserId !== null && ownerUserId !== principal.userId) {
        try {
          if (!(await repository.hasLiveGrant(principal.userId, file.id))) {
            await db.transaction((tx) => tellIdentityView(principal, { ownerUserId, documents: [file.purpose as FilePurpose] }, tx));
          }
        } catch (err) {
          // Not sent without its record: the opened file (or the object's response) is let go.
          content.destroy();
          throw err;
        }
      }
      return { file, content };
    },

    /** Deletes the uploads no form claimed within `olderThanSeconds` (a day): their rows and their files. */
    sweepUnclaimed,

    /** Deletes the stored files without a row, written more than `olderThanSeconds` (a day) ago. */
    sweepOrphanFiles,

    /** Both sweeps, unclaimed uploads then files without a row (the scheduled job `upload-sweep`). */
    sweep,
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
