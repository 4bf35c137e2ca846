// s3rver in a Node process of its own, shared by the API tests (s3-server.ts) and `npm run test:scale`
// (scripts/test-scale.mjs). Its own process because s3rver encrypts ListObjectsV2 continuation tokens with DES,
// which OpenSSL 3 keeps in its legacy provider: in a plain Node process every listing past its first page fails
// with InternalError.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';

/** The child: runs s3rver, prints its port, and ends when its parent lets go of its standard input (or dies). */
const S3RVER_PROCESS = `
const S3rver = require(process.argv[1]);
new S3rver(JSON.parse(process.argv[2])).run().then(({ port }) => console.log(port), (err) => { console.error(err); process.exit(1); });
process.stdin.on('end', () => process.exit(0)).resume();
`;

/** s3rver's one account: it checks every request's signature against this key pair. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * Starts s3rver on a free port of 127.0.0.1, keeping its buckets in `directory`, with these buckets made. Answers
 * its endpoint and `stop()`, which ends the process and waits for it.
 */
export async function startS3rverProcess({ directory, buckets }) {
  const options = { address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: buckets.map((name) => ({ name, configs: [] })) };
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '--no-deprecation', '-e', S3RVER_PROCESS, createRequire(import.meta.url).resolve('s3rver'), JSON.stringify(options)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const [line] = await Promise.race([once(createInterface({ input: child.stdout }), 'line'), once(child, 'exit')]);
  const port = Number(line);
  if (typeof line !== 'string' || !Number.isInteger(port)) throw new Error(`s3rver did not start (exit ${String(line)})`);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.stdin.end();
      await exited;
    },
  };
}
