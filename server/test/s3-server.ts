import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3StorageSettings } from '../src/modules/files/files.storage.s3';
import { S3RVER_CREDENTIALS, startS3rverProcess } from './s3rver-process.mjs';

const BUCKET = 'pes-test-uploads';
const CREDENTIALS = S3RVER_CREDENTIALS;

/**
 * A real S3-compatible server (s3rver), on a free port, keeping its bucket in a temporary directory: the S3
 * driver talks the real protocol to it (the SDK's requests, signatures, XML listings, pages).
 */
export async function startS3Server() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-s3-'));
  // In a process of its own (s3rver-process.mjs), which ends when this one lets go of it or dies.
  const s3rver = await startS3rverProcess({ directory: dir, buckets: [BUCKET] });
  const endpoint = s3rver.endpoint;
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
      await s3rver.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type S3Server = Awaited<ReturnType<typeof startS3Server>>;
