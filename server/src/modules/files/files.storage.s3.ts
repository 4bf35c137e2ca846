import { Readable } from 'node:stream';
import { isStoredFileName, newStoredFileName, type FileStorage } from './files.storage';

/** An S3-compatible bucket (config.ts reads these from FILE_STORAGE=s3, S3_* and the SDK's AWS_* variables). */
export interface S3StorageSettings {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, Ceph, a test server); unset: AWS itself. */
  endpoint?: string;
  /** Addresses the bucket in the path (http://host/bucket/key), as most non-AWS services need, not in the host name. */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (instance or task role, shared credentials file). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Keys asked for per ListObjectsV2 page (S3's own maximum). */
const LIST_PAGE_SIZE = 1000;

/** "No such object": GetObject says NoSuchKey; HeadObject, which has no body, only NotFound. Never a missing bucket. */
const isMissingObject = (err: unknown) => err instanceof Error && '$metadata' in err && (err.name === 'NoSuchKey' || err.name === 'NotFound');

/**
 * Files as objects in one bucket, under their stored names at its root. Objects are private: no ACL is ever
 * set, so only this server's credentials read them, and /uploads/{path} streams them after its permission check.
 */
export async function createS3FileStorage(settings: S3StorageSettings, options: { listPageSize?: number } = {}): Promise<FileStorage> {
  // Loaded only when the bucket is configured: the SDK adds ~200 ms to every start on the local disk otherwise.
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, paginateListObjectsV2 } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Since SDK 3.729 the client adds CRC checksums to every upload and checks them on downloads, which many
    // S3-compatible services refuse or do not send. TLS guards transit; operations that S3 requires a checksum for get one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable service fails the request in seconds (the SDK retries twice) instead of holding it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = settings.bucket;
  const pageSize = options.listPageSize ?? LIST_PAGE_SIZE;

  return {
    async write(buffer, ext) {
      const name = newStoredFileName(ext);
      // If-None-Match: * makes S3 (and MinIO) refuse to replace an object already under this name (412). Servers
      // that ignore the header (s3rver, the test server) are left with the 128 random bits of the name.
      await client.send(new PutObjectCommand({ Bucket, Key: name, Body: buffer, ContentLength: buffer.length, IfNoneMatch: '*' }));
      return name;
    },
    async read(name) {
      if (!isStoredFileName(name)) return undefined;
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        // On Node the body is the HTTP response itself: passed on as it arrives, never buffered whole.
        if (!(Body instanceof Readable)) throw new Error('S3 GetObject answered without a readable body');
        return Body;
      } catch (err) {
        if (isMissingObject(err)) return undefined;
        throw err;
      }
    },
    async remove(name) {
      // Deleting a key that is not there succeeds: nothing to tell apart.
      if (isStoredFileName(name)) await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
    },
    /** ListObjectsV2 page by page (one page in memory at a time); foreign keys in the bucket are skipped. */
    async *names() {
      for await (const page of paginateListObjectsV2({ client, pageSize }, { Bucket })) {
        for (const object of page.Contents ?? []) if (object.Key && isStoredFileName(object.Key)) yield object.Key;
      }
    },
    /** The object's LastModified (to the second). */
    async writtenAt(name) {
      if (!isStoredFileName(name)) return undefined;
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: name }))).LastModified?.getTime();
      } catch (err) {
        if (isMissingObject(err)) return undefined;
        throw err;
      }
    },
    close() {
      client.destroy();
    },
  };
}
