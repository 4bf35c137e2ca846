import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The directory holding initdb, pg_ctl and postgres (pg_config's answer, else whatever PATH finds). */
function binDir() {
  const config = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  return config.status === 0 ? config.stdout.trim() : '';
}

/** PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user. */
function serverUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root, and there is no postgres user to run PostgreSQL as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export const postgresBinariesAvailable = () => {
  const bin = binDir();
  return spawnSync(bin ? path.join(bin, 'initdb') : 'initdb', ['--version']).status === 0;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A PostgreSQL server of the test's own (as bench/postgres-server.mjs starts for the benchmarks), which the
 * test may stop, start and freeze without disturbing any other database.
 */
export async function startOwnPostgres() {
  const bin = binDir();
  const tool = (name: string) => (bin ? path.join(bin, name) : name);
  const user = serverUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-test-postgres-'));
  if (user.uid !== undefined) fs.chownSync(dir, user.uid, user.gid!);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const run = (name: string, args: string[]) => {
    const result = spawnSync(tool(name), args, { ...user, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${name} ${args.join(' ')} failed: ${result.error?.message ?? ''}${result.stderr}${result.stdout}`);
  };
  const options = [`-p ${port}`, `-k ${dir}`, `-c listen_addresses=127.0.0.1`, '-c shared_buffers=32MB', '-c max_connections=50'].join(' ');
  const start = () => run('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
  start();
  /** The postmaster and its children (checkpointer, backends...). */
  const processes = () => {
    const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
      .stdout.split('\n')
      .map((l) => Number(l.trim()))
      .filter((pid) => pid > 0);
    return [postmaster, ...children];
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    /** Stops the server the hard way: every process at once, no shutdown checkpoint (as a crash). */
    stopImmediately: () => run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']),
    /** Freezes every process of the server (SIGSTOP): connections stay open and nothing answers. */
    freeze: () => processes().forEach((pid) => process.kill(pid, 'SIGSTOP')),
    thaw: () => processes().forEach((pid) => process.kill(pid, 'SIGCONT')),
    async remove() {
      spawnSync(tool('pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], { ...user, encoding: 'utf8' });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
