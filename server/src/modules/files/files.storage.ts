import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { appError } from '../../app-error';
import type { UploadedFile } from '../../http/uploaded-file';
import { stripPngMetadata } from './png-metadata';

/** Every stored file's name: 128 random bits and the type's extension. Nothing else is ever read, listed or removed. */
const STORED_NAME = /^[a-f0-9]{32}\.(jpg|png|webp|pdf)$/;

export const isStoredFileName = (name: string) => STORED_NAME.test(name);

/**
 * A new stored file's name. 128 random bits: two writes never pick the same name, so a write never meets a file
 * already there (each driver still refuses to replace one where it can).
 */
export const newStoredFileName = (ext: string) => `${randomBytes(16).toString('hex')}.${ext}`;

/**
 * Where uploaded files are kept: the local disk (files.storage.local.ts) or an S3-compatible bucket
 * (files.storage.s3.ts), chosen by FILE_STORAGE in composition.ts. Files live outside the web root, private,
 * under random names; only /uploads/{path}, through the files service's permission check, serves them.
 * Only the files module holds a FileStorage: every other module stores and reads files through the files service.
 */
export interface FileStorage {
  /** Stores a new file (never replacing one), private to the server, and answers its name. */
  write(buffer: Buffer, ext: string): Promise<string>;
  /** The file's content as a stream (never read whole into memory); undefined when there is no such file. */
  read(name: string): Promise<Readable | undefined>;
  /** Deletes the file; nothing happens when it is gone already or the name is not a stored file's. */
  remove(name: string): Promise<void>;
  /**
   * The names of the stored files, streamed (never the whole listing in memory); anything else there (a name
   * this storage never makes) is skipped. Nothing when there is nothing stored yet.
   */
  names(): AsyncIterable<string>;
  /** When the file was written (ms since the epoch); undefined when it is gone. */
  writtenAt(name: string): Promise<number | undefined>;
  /** Lets go of connections (at shutdown). */
  close(): void;
}

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
  // sharp (libvips) loads with the first picture to decode, not at start-up (bench/README, start-up).
  const { default: sharp } = await import('sharp');
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
