import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { normaliseUpload } from './files.storage';
import { stripPngMetadata } from './png-metadata';

const LIMIT = 50_000_000;

function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** Splits a PNG into [type, whole chunk] pairs. */
function chunks(png: Buffer) {
  const out: Array<[string, Buffer]> = [];
  for (let at = 8; at < png.length;) {
    const end = at + 12 + png.readUInt32BE(at);
    out.push([png.toString('latin1', at + 4, at + 8), png.subarray(at, end)]);
    at = end;
  }
  return out;
}

async function pictureWithMetadata() {
  const plain = await sharp({ create: { width: 4, height: 3, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 0.5 } } })
    .png()
    .toBuffer();
  const parts = chunks(plain);
  const text = chunk('tEXt', Buffer.from('Comment\0Taken at 6.9271 N, 79.8612 E'));
  const exif = chunk('eXIf', Buffer.from('MM\0*\0\0\0\x08SecretPhone 9', 'latin1'));
  const time = chunk('tIME', Buffer.from([0x07, 0xea, 11, 22, 9, 30, 0]));
  const privateChunk = chunk('prVt', Buffer.from('anything at all'));
  const [ihdr, ...rest] = parts.map(([, c]) => c);
  return {
    plain,
    tagged: Buffer.concat([
      plain.subarray(0, 8),
      ihdr!,
      text,
      exif,
      ...rest.slice(0, -1),
      time,
      privateChunk,
      rest[rest.length - 1]!,
      Buffer.from('<script>hidden after the end</script>'),
    ]),
  };
}

describe('PNG metadata removal', () => {
  it('drops text, EXIF, time, private chunks and trailing bytes, and leaves the pixels as they were', async () => {
    const { plain, tagged } = await pictureWithMetadata();
    const stripped = stripPngMetadata(tagged, LIMIT)!;
    expect(stripped).toBeDefined();
    expect(chunks(stripped).map(([t]) => t)).toEqual(chunks(plain).map(([t]) => t));
    expect(stripped.includes(Buffer.from('6.9271'))).toBe(false);
    expect(stripped.includes(Buffer.from('SecretPhone'))).toBe(false);
    expect(stripped.includes(Buffer.from('hidden'))).toBe(false);
    const pixels = async (png: Buffer) => sharp(png).raw().toBuffer();
    expect((await pixels(stripped)).equals(await pixels(plain))).toBe(true);
  });

  it('leaves to the image library what it cannot vouch for', async () => {
    const { plain } = await pictureWithMetadata();
    const corrupt = Buffer.from(plain);
    const flipped = corrupt.length - 20;
    corrupt[flipped] = corrupt[flipped]! ^ 0xff;
    expect(stripPngMetadata(corrupt, LIMIT)).toBeUndefined();
    expect(stripPngMetadata(plain.subarray(0, plain.length - 12), LIMIT)).toBeUndefined();
    expect(stripPngMetadata(Buffer.from('not a png at all'), LIMIT)).toBeUndefined();
    // Larger than allowed: 4×3 = 12 pixels against a limit of 10.
    expect(stripPngMetadata(plain, 10)).toBeUndefined();
    // An embedded colour profile or an unknown critical chunk.
    const [sig, [ihdr, ...rest]] = [plain.subarray(0, 8), chunks(plain).map(([, c]) => c)];
    expect(stripPngMetadata(Buffer.concat([sig, ihdr!, chunk('iCCP', Buffer.from('x\0\0')), ...rest]), LIMIT)).toBeUndefined();
    expect(stripPngMetadata(Buffer.concat([sig, ihdr!, chunk('ZZZZ', Buffer.from('x')), ...rest]), LIMIT)).toBeUndefined();
  });

  it('is what uploads use for PNGs; a PNG it refuses is re-encoded instead', async () => {
    const { tagged } = await pictureWithMetadata();
    const upload = { field: 'live_photo', buffer: tagged, mimeType: 'image/png', ext: 'png', originalName: 'me.png' };
    const stored = await normaliseUpload(upload);
    expect(stored.buffer.equals(stripPngMetadata(tagged, LIMIT)!)).toBe(true);

    const withProfile = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#123456' } })
      .withIccProfile('p3')
      .png()
      .toBuffer();
    expect(chunks(withProfile).some(([t]) => t === 'iCCP')).toBe(true);
    const reencoded = await normaliseUpload({ ...upload, buffer: withProfile });
    expect(chunks(reencoded.buffer).some(([t]) => t === 'iCCP')).toBe(false);
    expect((await sharp(reencoded.buffer).metadata()).format).toBe('png');
  });
});
