import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3StorageSettings } from '../src/modules/files/files.storage.s3';

const BUCKET = 'pes-test-uploads';
/** s3rver's one account: it checks every request's signature against this key pair. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * Runs s3rver in its own Node process, which ends when this one lets go of its standard input (on close, or
 * when this process dies). Its own process because s3rver encrypts ListObjectsV2 continuation tokens with DES,
 * which OpenSSL 3 keeps in its legacy provider: in a plain Node process every listing past its first page
 * fails with InternalError. Answers the port it listens on (a free one).
 */
const S3RVER_PROCESS = `
const S3rver = require(process.argv[1]);
new S3rver(JSON.parse(process.argv[2])).run().then(({ port }) => console.log(port), (err) => { console.error(err); process.exit(1); });
process.stdin.on('end', () => process.exit(0)).resume();
`;

/**
 * A real S3-compatible server (s3rver), on a free port, keeping its bucket in a temporary directory: the S3
 * driver talks the real protocol to it (the SDK's requests, signatures, XML listings, pages).
 */
export async function startS3Server() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-s3-'));
  const options = { address: '127.0.0.1', port: 0, directory: dir, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] };
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '--no-deprecation', '-e', S3RVER_PROCESS, createRequire(import.meta.url).resolve('s3rver'), JSON.stringify(options)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const [line] = (await Promise.race([once(createInterface({ input: child.stdout }), 'line'), once(child, 'exit')])) as [string | number | null];
  const port = Number(line);
  if (typeof line !== 'string' || !Number.isInteger(port)) throw new Error(`s3rver did not start (exit ${String(line)})`);
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3StorageSettings = { bucket: BUCKET, region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS };
  // The test's own view of the bucket, beside the driver's.
  const client = new S3Client({
    ...settings,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    settings,
    /** The server's settings as the variables an operator sets. */
    env: {
      FILE_STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: settings.region,
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    /** Every key in the bucket. */
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (listed.Contents ?? []).map((o) => o.Key!);
    },
    /** Puts an object under any key, past the driver (a foreign key, a file a crash left behind). */
    async put(key: string, body: string | Buffer) {
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body }));
    },
    /** Deletes an object, past the driver. */
    async remove(key: string) {
      await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
    },
    /** Dates an object as written `secondsAgo`: s3rver answers LastModified from the modification time of its file. */
    age(key: string, secondsAgo: number) {
      const when = new Date(Date.now() - secondsAgo * 1000);
      fs.utimesSync(path.join(dir, BUCKET, `${key}._S3rver_object`), when, when);
    },
    async close() {
      client.destroy();
      const exited = once(child, 'exit');
      child.stdin.end();
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type S3Server = Awaited<ReturnType<typeof startS3Server>>;
