import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock';
import { SERVER_ROOT } from '../src/paths';

const MAIN = path.join(SERVER_ROOT, 'src/main.ts');

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** The pid of a process that has already exited. */
function deadPid() {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

const lockFile = (dir: string) => path.join(dir, 'server.lock');

describe('data directory lock, in process', () => {
  it('refuses a second lock on the same directory until the first is released', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8'))).toMatchObject({ pid: process.pid, host: os.hostname() });
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(`${dir}/.`)).toThrow(/is in use by another server/);
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    const again = acquireDataDirLock(dir);
    again();
  });

  it.each([
    ['JSON', (pid: number) => JSON.stringify({ pid, host: os.hostname() })],
    ['a bare pid', (pid: number) => String(pid)],
  ])('takes over a stale lock of a dead process (%s)', (_format, content) => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), content(deadPid()));
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')).pid).toBe(process.pid);
    release();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('takes over an empty or unreadable lock file', () => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), '');
    acquireDataDirLock(dir)();
  });

  it('takes over a lock naming its own pid that it does not hold (a restarted container)', () => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid: process.pid, host: os.hostname() }));
    acquireDataDirLock(dir)();
  });

  it('refuses a lock held by a live process, and one held from another machine', () => {
    const dir = tempDir();
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(lockFile(dir), JSON.stringify({ pid: live.pid, host: os.hostname() }));
      expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`process ${live.pid}\\)`));
    } finally {
      live.kill();
    }
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid: deadPid(), host: 'other-host.example' }));
    expect(() => acquireDataDirLock(dir)).toThrow(/on other-host\.example/);
  });

  it('does not remove a lock another process took after this one released', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid: 999_999, host: 'other-host.example' }));
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(true);
  });
});

describe('data directory lock, between server processes', () => {
  const children: ChildProcess[] = [];
  afterEach(() => children.splice(0).forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

  async function freePort() {
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((r) => server.close(r));
    return port;
  }

  function startServer(dataDir: string, port: number) {
    // `node --import tsx` rather than the tsx CLI: the CLI runs the server in a child process with another pid.
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: SERVER_ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        TOKEN_SECRET: 'lock-test-secret-lock-test-secret-0123',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, exited, stderr: () => stderr };
  }

  async function waitForHealth(port: number, server: { exited: Promise<unknown>; stderr(): string }) {
    let stopped = false;
    void server.exited.then(() => (stopped = true));
    for (;;) {
      if (stopped) throw new Error(`server exited early: ${server.stderr()}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('refuses to start a server on a directory this process holds, with a clear message', async () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    try {
      const second = startServer(dir, await freePort());
      expect(await second.exited).not.toBe(0);
      expect(second.stderr()).toContain(`The data directory ${dir} is in use by another server (process ${process.pid})`);
    } finally {
      release();
    }
  });

  // One directory for the servers below, holding a copy of the migrated test database: creating a
  // database takes many seconds, opening one is quick.
  let dir: string;
  beforeAll(async () => {
    dir = tempDir();
    fs.mkdirSync(path.join(dir, 'pgdata'));
    const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
    await (await PGlite.create(path.join(dir, 'pgdata'), { loadDataDir: template })).close();
  });

  it('refuses a second server while the first runs, and starts one once the first has stopped cleanly', { timeout: 120_000 }, async () => {
    const firstPort = await freePort();
    const first = startServer(dir, firstPort);
    await waitForHealth(firstPort, first);

    const second = startServer(dir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`is in use by another server (process ${first.child.pid})`);
    // The first server is unharmed.
    expect((await fetch(`http://127.0.0.1:${firstPort}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(lockFile(dir))).toBe(false);

    const thirdPort = await freePort();
    const third = startServer(dir, thirdPort);
    await waitForHealth(thirdPort, third);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });

  it('takes over the lock of a server that was killed', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const first = startServer(dir, port);
    await waitForHealth(port, first);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(fs.existsSync(lockFile(dir))).toBe(true);

    const nextPort = await freePort();
    const next = startServer(dir, nextPort);
    await waitForHealth(nextPort, next);
    const health = await (await fetch(`http://127.0.0.1:${nextPort}/api/health`)).json();
    expect(health).toEqual({ status: 'ok' });
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  });
});
