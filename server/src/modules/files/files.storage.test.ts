import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../test/s3-server';
import type { FileStorage } from './files.storage';
import { createLocalFileStorage } from './files.storage.local';
import { createS3FileStorage } from './files.storage.s3';

/** A driver under test, with the test's own hands on what it stores (past the driver). */
interface DriverUnderTest {
  storage: FileStorage;
  /** Stores something under any name, as another program (or a crash) would leave it. */
  putForeign(name: string, body: string): Promise<void>;
  /** Dates a stored file as written `secondsAgo`. */
  age(name: string, secondsAgo: number): void;
  close(): Promise<void>;
}

/** Names listed per page by the S3 driver here: a handful of files already spans pages. */
const S3_PAGE_SIZE = 3;

const DRIVERS: Record<string, () => Promise<DriverUnderTest>> = {
  'the local disk': async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-storage-'));
    const uploads = path.join(dir, 'uploads');
    const storage = createLocalFileStorage(uploads);
    return {
      storage,
      async putForeign(name, body) {
        fs.mkdirSync(uploads, { recursive: true });
        fs.writeFileSync(path.join(uploads, name), body);
      },
      age(name, secondsAgo) {
        const when = new Date(Date.now() - secondsAgo * 1000);
        fs.utimesSync(path.join(uploads, name), when, when);
      },
      async close() {
        storage.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  'S3 (s3rver)': async () => {
    const s3 = await startS3Server();
    const storage = await createS3FileStorage(s3.settings, { listPageSize: S3_PAGE_SIZE });
    return {
      storage,
      putForeign: (name, body) => s3.put(name, body),
      age: (name, secondsAgo) => s3.age(name, secondsAgo),
      async close() {
        storage.close();
        await s3.close();
      },
    };
  },
};

/** Everything a stream gives, and in how many chunks it came. */
async function drain(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { content: Buffer.concat(chunks), chunks: chunks.length };
}

async function namesOf(storage: FileStorage) {
  const names: string[] = [];
  for await (const name of storage.names()) names.push(name);
  return names.sort();
}

/** The storage contract the files service relies on, held by every driver. */
describe.each(Object.keys(DRIVERS))('file storage on %s', (driver) => {
  let d: DriverUnderTest;
  beforeEach(async () => {
    d = await DRIVERS[driver]!();
  });
  afterEach(() => d?.close());

  it('writes each file under a new random name and streams it back as written', async () => {
    const small = Buffer.from('%PDF-1.4\nsmall\n%%EOF\n');
    // Past the local driver's synchronous write, and several chunks of any stream.
    const large = randomBytes(300 * 1024);
    const smallName = await d.storage.write(small, 'pdf');
    const largeName = await d.storage.write(large, 'jpg');
    expect(smallName).toMatch(/^[a-f0-9]{32}\.pdf$/);
    expect(largeName).toMatch(/^[a-f0-9]{32}\.jpg$/);
    expect(await d.storage.write(small, 'pdf')).not.toBe(smallName);

    const smallRead = await d.storage.read(smallName);
    expect(smallRead).toBeInstanceOf(Readable);
    expect((await drain(smallRead!)).content.equals(small)).toBe(true);
    // Streamed as it is read, not handed over as one buffer.
    const largeRead = await drain((await d.storage.read(largeName))!);
    expect(largeRead.content.equals(large)).toBe(true);
    expect(largeRead.chunks).toBeGreaterThan(1);
  });

  it('answers nothing for a missing file, a removed one and a name it never makes; removing twice is harmless', async () => {
    const name = await d.storage.write(Buffer.from('evidence'), 'png');
    expect(await d.storage.read(`${'0'.repeat(32)}.png`)).toBeUndefined();
    await d.storage.remove(name);
    expect(await d.storage.read(name)).toBeUndefined();
    expect(await d.storage.writtenAt(name)).toBeUndefined();
    await d.storage.remove(name);
    await d.putForeign('README.txt', 'not an upload');
    for (const foreign of ['README.txt', '../README.txt', `${name.slice(0, -4)}.PNG`]) {
      expect(await d.storage.read(foreign), foreign).toBeUndefined();
      expect(await d.storage.writtenAt(foreign), foreign).toBeUndefined();
      await d.storage.remove(foreign);
    }
    // A foreign name is never removed either.
    expect(await namesOf(d.storage)).toEqual([]);
  });

  it('dates each file by its writing', async () => {
    const before = Date.now();
    const name = await d.storage.write(Buffer.from('dated'), 'webp');
    const writtenAt = await d.storage.writtenAt(name);
    // S3 keeps LastModified to the second.
    expect(writtenAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    // The disk's time has fractions of a millisecond; Date.now() drops them (a run saw …158.04 against …158).
    expect(writtenAt).toBeLessThan(Date.now() + 1);
    // A file written two days ago says so (the sweep deletes files without a row by this date).
    const twoDays = 2 * 24 * 3600;
    d.age(name, twoDays);
    expect(Math.abs((await d.storage.writtenAt(name))! - (Date.now() - twoDays * 1000))).toBeLessThan(5_000);
  });

  it('lists the stored files (across pages), skipping foreign names, and nothing before the first write', async () => {
    expect(await namesOf(d.storage)).toEqual([]);
    const written = await Promise.all(Array.from({ length: 2 * S3_PAGE_SIZE + 1 }, (_, k) => d.storage.write(Buffer.from(`file ${k}`), k % 2 ? 'pdf' : 'jpg')));
    await d.putForeign('README.txt', 'not an upload');
    await d.putForeign(`${'a'.repeat(32)}.exe`, 'not an upload');
    expect(await namesOf(d.storage)).toEqual([...written].sort());
    await d.storage.remove(written[0]!);
    expect(await namesOf(d.storage)).toEqual(written.slice(1).sort());
  });
});
