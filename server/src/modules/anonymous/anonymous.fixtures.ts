// Test fixtures of the anonymous complaints API tests (not loaded by the server).
import sharp from 'sharp';
import type { TestApp } from '../../../test/harness';
import { multipart, type FilePart } from '../../../test/helpers';

export const HOME_STATION = 'Kollupitiya Police Station';
export const OTHER_STATION = 'Slave Island Police';
export const EMPTY_STATION = 'Pettah Police Station';

let address = 0;
/** A distinct caller address per report, so that the flood limit does not meet the tests that are not about it. */
export const nextAddress = () => `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`;

export const reportFields = (overrides: Record<string, string | undefined> = {}) => ({
  station: HOME_STATION,
  complaintType: 'Corruption',
  when: '2025-03-01T09:30',
  what: 'An official asked for money to release a licence.',
  where: 'Divisional office, Galle Road',
  how: 'In person, at the counter, in cash.',
  provideContact: 'false',
  ...overrides,
});

export function submitReport(
  t: TestApp,
  fields: Record<string, string | undefined>,
  files: Record<string, FilePart> = {},
  remoteAddress = nextAddress(),
  headers: Record<string, string> = {},
) {
  const body = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/anonymous',
    headers: { ...body.headers, 'user-agent': 'Secret-Agent/1.0', ...headers },
    payload: body.payload,
    remoteAddress,
  });
}

/** A JPEG carrying GPS EXIF and a comment, and a PNG carrying a text chunk: what evidence must lose. */
export async function photoWithMetadata(format: 'jpeg' | 'png'): Promise<FilePart> {
  const base = sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 120, g: 40, b: 40 } } }).withExif({
    IFD0: { Make: 'SecretCam', Model: 'Model X', ImageDescription: 'taken at home' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 54/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '79/1 51/1 0/1' },
  });
  if (format === 'jpeg') return { buffer: await base.jpeg().toBuffer(), filename: 'scene.jpg', contentType: 'image/jpeg' };
  const png = await base.png().toBuffer();
  // Insert a tEXt chunk after IHDR (8-byte signature + 25-byte IHDR chunk).
  const data = Buffer.from('Author\u0000Reporter Name, 12 Temple Road');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return { buffer: Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]), filename: 'scene.png', contentType: 'image/png' };
}

function crc32(buf: Buffer) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
