import { crc32 } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Chunks that only say how to show the pixels; every other ancillary chunk (text, EXIF, time, private data) is dropped. */
const KEPT_CHUNKS = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'sBIT', 'bKGD', 'pHYs']);

/**
 * A PNG keeps its metadata in chunks of their own, so it can be removed without decoding the picture:
 * this keeps the chunks that describe the pixels, drops the rest and anything after the end, and
 * answers undefined when the file is not a plain, well-formed PNG within `maxPixels` (bad checksums,
 * truncation, animation, an embedded colour profile, an unknown critical chunk): such files are left
 * to the image library to decode and encode again.
 */
export function stripPngMetadata(png: Buffer, maxPixels: number): Buffer | undefined {
  if (png.length < SIGNATURE.length || !png.subarray(0, SIGNATURE.length).equals(SIGNATURE)) return undefined;
  const kept: Buffer[] = [SIGNATURE];
  let at = SIGNATURE.length;
  let sawData = false;
  for (let index = 0; ; index++) {
    if (at + 12 > png.length) return undefined;
    const length = png.readUInt32BE(at);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > png.length) return undefined;
    const type = png.toString('latin1', at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return undefined;
    if (crc32(png.subarray(at + 4, at + 8 + length)) !== png.readUInt32BE(at + 8 + length)) return undefined;

    if (index === 0) {
      if (type !== 'IHDR' || length !== 13) return undefined;
      const width = png.readUInt32BE(at + 8);
      const height = png.readUInt32BE(at + 12);
      if (width === 0 || height === 0 || width * height > maxPixels) return undefined;
    } else if (type === 'IHDR') {
      return undefined;
    }
    if (type === 'IDAT') sawData = true;

    // Upper-case first letter: a chunk a decoder must understand. Unknown ones (and animation) are not ours to keep or drop.
    const critical = type.charCodeAt(0) < 0x61;
    if (KEPT_CHUNKS.has(type)) kept.push(png.subarray(at, end));
    else if (critical || type === 'acTL' || type === 'iCCP') return undefined;

    at = end;
    if (type === 'IEND') return sawData ? Buffer.concat(kept) : undefined;
  }
}
