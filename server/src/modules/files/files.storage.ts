import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { appError } from '../../app-error';
import type { UploadedFile } from '../../http/uploaded-file';
import { stripPngMetadata } from './png-metadata';

const SAFE_NAME = /^[a-f0-9]{32}\.(jpg|png|webp|pdf)$/;

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

/** Files live outside the web root under random names; only /uploads/{path} with a permission check serves them. */
export function createFileStorage(uploadsDir: string) {
  // Made once, on the first write; made again if a write finds it gone (someone cleared DATA_DIR).
  let ready: Promise<unknown> | undefined;
  const ensureDir = () =>
    (ready ??= fs.mkdir(uploadsDir, { recursive: true, mode: 0o700 }).catch((err) => {
      ready = undefined;
      throw err;
    }));
  return {
    isSafeName: (name: string) => SAFE_NAME.test(name),
    fullPath(name: string) {
      if (!SAFE_NAME.test(name)) throw new Error('unsafe file name');
      return path.join(uploadsDir, name);
    },
    async write(buffer: Buffer, ext: string) {
      await ensureDir();
      const name = `${randomBytes(16).toString('hex')}.${ext}`;
      const target = path.join(uploadsDir, name);
      try {
        await writeNewFile(target, buffer);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        ready = undefined;
        await ensureDir();
        await writeNewFile(target, buffer);
      }
      return name;
    },
    async remove(name: string) {
      if (SAFE_NAME.test(name)) await fs.rm(path.join(uploadsDir, name), { force: true });
    },
    /**
     * The names of the stored files, streamed from the directory (never the whole listing in memory);
     * anything else there (a name this storage never makes, a directory) is skipped. Nothing when the
     * directory is not made yet.
     */
    async *names(): AsyncGenerator<string> {
      let dir: fsSync.Dir;
      try {
        dir = await fs.opendir(uploadsDir, { bufferSize: 256 });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      // The iterator closes the directory when the loop ends, however it ends.
      for await (const entry of dir) if (entry.isFile() && SAFE_NAME.test(entry.name)) yield entry.name;
    },
    /** When the file was written (ms since the epoch); undefined when it is gone. */
    async writtenAt(name: string) {
      if (!SAFE_NAME.test(name)) return undefined;
      try {
        return (await fs.lstat(path.join(uploadsDir, name))).mtimeMs;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
  };
}
export type FileStorage = ReturnType<typeof createFileStorage>;

/** Largest picture accepted, in pixels: a small file can hold a huge one (~160 MB once decoded). */
export const MAX_PIXELS = 40_000_000;

/** Longest one picture may take to decode and encode again; past it the upload is refused, never left hanging. */
const IMAGE_TIMEOUT_SECONDS = 10;

/**
 * Images lose their metadata (location included) and anything hidden after the picture. A plain PNG
 * has its metadata chunks removed, losslessly and without decoding (a re-encode cost ~1 ms of CPU even
 * for a tiny picture); other images are decoded and encoded again, which also applies the EXIF
 * orientation before EXIF goes. PDFs are kept as sent.
 */
export async function normaliseUpload(file: UploadedFile): Promise<UploadedFile> {
  if (file.mimeType === 'application/pdf') return file;
  if (file.mimeType === 'image/png') {
    const stripped = stripPngMetadata(file.buffer, MAX_PIXELS);
    if (stripped) return { ...file, buffer: stripped };
  }
  // The header first: a picture over the pixel budget is refused before anything is decoded.
  let size: { width?: number; height?: number };
  try {
    size = await sharp(file.buffer).metadata();
  } catch {
    throw appError('request.unsupported_media_type', { fields: { [file.field]: 'fileType' } });
  }
  if (!size.width || !size.height || size.width * size.height > MAX_PIXELS) throw appError('files.image_too_large', { field: file.field });
  // Decoding a few at a time keeps a burst of large pictures from exhausting memory.
  const release = await decodeSlots.acquire();
  try {
    const image = sharp(file.buffer, { limitInputPixels: MAX_PIXELS }).timeout({ seconds: IMAGE_TIMEOUT_SECONDS }).rotate();
    const out =
      file.mimeType === 'image/png'
        ? await image.png().toBuffer()
        : file.mimeType === 'image/webp'
          ? await image.webp({ quality: 85 }).toBuffer()
          : // libjpeg-turbo, not mozjpeg: a 1 MB photo takes ~55 ms instead of ~750 ms (files ~10 % larger).
            await image.jpeg({ quality: 85 }).toBuffer();
    return { ...file, buffer: out, ext: file.mimeType === 'image/jpeg' ? 'jpg' : file.ext };
  } catch (err) {
    if (/timeout/i.test((err as Error).message)) throw appError('files.image_too_large', { field: file.field });
    throw appError('request.unsupported_media_type', { fields: { [file.field]: 'fileType' } });
  } finally {
    release();
  }
}

/** At most `size` holders at once; the others wait in turn. */
function semaphore(size: number) {
  let free = size;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return {
    async acquire(): Promise<() => void> {
      if (free > 0) free--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      let released = false;
      return () => {
        if (!released) {
          released = true;
          release();
        }
      };
    },
  };
}
const decodeSlots = semaphore(2);
