import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isStoredFileName, newStoredFileName, type FileStorage } from './files.storage';

/** Up to this size a file is written without leaving the event loop. */
const SMALL_FILE_BYTES = 64 * 1024;

/**
 * Creates the file (never replacing one), readable by the server's own user only: identity documents
 * and evidence. A small file is written synchronously: open, write and close take ~50 µs, while three
 * hops through libuv's thread pool cost several times that in thread wake-ups.
 */
async function writeNewFile(target: string, buffer: Buffer) {
  if (buffer.length <= SMALL_FILE_BYTES) fsSync.writeFileSync(target, buffer, { flag: 'wx', mode: 0o600 });
  else await fs.writeFile(target, buffer, { flag: 'wx', mode: 0o600 });
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Files on the local disk, in `uploadsDir` (DATA_DIR/uploads): the default storage. */
export function createLocalFileStorage(uploadsDir: string): FileStorage {
  // Made once, on the first write; made again if a write finds it gone (someone cleared DATA_DIR).
  let ready: Promise<unknown> | undefined;
  const ensureDir = () =>
    (ready ??= fs.mkdir(uploadsDir, { recursive: true, mode: 0o700 }).catch((err) => {
      ready = undefined;
      throw err;
    }));
  return {
    async write(buffer, ext) {
      await ensureDir();
      const name = newStoredFileName(ext);
      const target = path.join(uploadsDir, name);
      try {
        await writeNewFile(target, buffer);
      } catch (err) {
        if (!isMissing(err)) throw err;
        ready = undefined;
        await ensureDir();
        await writeNewFile(target, buffer);
      }
      return name;
    },
    async read(name): Promise<Readable | undefined> {
      if (!isStoredFileName(name)) return undefined;
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(path.join(uploadsDir, name), 'r');
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
      // The stream closes the file when it ends, fails or is destroyed (a client that went away).
      return handle.createReadStream();
    },
    async remove(name) {
      if (isStoredFileName(name)) await fs.rm(path.join(uploadsDir, name), { force: true });
    },
    /** Streamed from the directory; a directory or a foreign name there is skipped; nothing when the directory is not made yet. */
    async *names() {
      let dir: fsSync.Dir;
      try {
        dir = await fs.opendir(uploadsDir, { bufferSize: 256 });
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      // The iterator closes the directory when the loop ends, however it ends.
      for await (const entry of dir) if (entry.isFile() && isStoredFileName(entry.name)) yield entry.name;
    },
    async writtenAt(name) {
      if (!isStoredFileName(name)) return undefined;
      try {
        return (await fs.lstat(path.join(uploadsDir, name))).mtimeMs;
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    close() {},
  };
}
