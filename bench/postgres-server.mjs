// The benchmarks' PostgreSQL: a server of their own, started from the machine's PostgreSQL binaries in a
// temporary directory and configured as a database server for this data would be, or the one at
// BENCH_PG_URL when that is set.
//
// Why not the machine's server on 127.0.0.1:5432: it runs with the packaged default of 128 MB of shared
// buffers, smaller than the benchmarks' data (1,000,000 fines are 324 MB with their indexes). Every search
// then reads a few pages from the operating system's cache, and on these VMs the kernel pages out file
// cache that has not been touched for ~30 s (a DAMON "pageout" scheme), so some of those reads wait for
// the disk, tens to hundreds of milliseconds at a time. The p99 of the fines search at 2,000/s went from
// 5–7 ms to anywhere up to 1.4 s from one run to the next on that account alone; with the data in shared
// buffers it stayed at 5–7 ms in every run (bench/README.md). A production server is given memory for
// its data; the benchmark's server is too, and otherwise keeps PostgreSQL's defaults (fsync included).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.mjs';

const SHARED_BUFFERS = process.env.BENCH_PG_SHARED_BUFFERS ?? '1GB';

/** The directory holding initdb, pg_ctl and postgres (pg_config's answer, else whatever PATH finds). */
function binDir() {
  const config = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  return config.status === 0 ? config.stdout.trim() : '';
}

/** PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user. */
function serverUser() {
  if (process.getuid?.() !== 0) return {};
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root, and there is no postgres user to run PostgreSQL as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function run(command, args, user) {
  const result = spawnSync(command, args, { ...user, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${path.basename(command)} ${args.join(' ')} failed: ${result.error?.message ?? ''}${result.stderr}${result.stdout}`);
  return result.stdout;
}

/**
 * Starts the benchmark's PostgreSQL server. Answers the URL of its `postgres` database (each benchmark
 * creates and drops its own database in it) and `stop()`, which stops the server and removes its files
 * (with BENCH_KEEP_DB=1 it leaves the server running, for EXPLAIN and the like).
 */
export async function startPostgres() {
  if (process.env.BENCH_PG_URL) return { url: process.env.BENCH_PG_URL, description: `BENCH_PG_URL`, stop: async () => {} };
  const bin = binDir();
  const tool = (name) => (bin ? path.join(bin, name) : name);
  const user = serverUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-bench-postgres-'));
  if (user.uid !== undefined) fs.chownSync(dir, user.uid, user.gid);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  let started = false;
  const stop = async () => {
    if (started && process.env.BENCH_KEEP_DB === '1') {
      console.log(`kept the PostgreSQL server in ${dataDir} (port ${port}): pg_ctl -D ${dataDir} stop, then remove ${dir}`);
      return;
    }
    if (started) spawnSync(tool('pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop'], { ...user, encoding: 'utf8' });
    started = false;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    run(tool('initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync'], user);
    const options = [`-p ${port}`, `-k ${dir}`, `-c listen_addresses=127.0.0.1`, `-c shared_buffers=${SHARED_BUFFERS}`].join(' ');
    run(tool('pg_ctl'), ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start'], user);
    started = true;
    const version = run(tool('postgres'), ['--version'], user).trim();
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, description: `${version}, shared_buffers ${SHARED_BUFFERS}`, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
