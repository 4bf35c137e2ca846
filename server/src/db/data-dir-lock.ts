import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

interface LockOwner {
  pid: number;
  host: string;
}

export class DataDirLockedError extends Error {
  constructor(dir: string, owner: LockOwner, lockPath: string) {
    const where = owner.host === os.hostname() ? `process ${owner.pid}` : `process ${owner.pid} on ${owner.host}`;
    super(
      `The data directory ${dir} is in use by another server (${where}). ` +
        'PGlite allows one process per directory; stop that server or set DATA_DIR to another directory. ' +
        `If you are sure no server uses it, delete ${lockPath}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Locks held by this process: opening the same directory twice in one process is refused as well. */
const heldHere = new Set<string>();
let exitHookInstalled = false;

const errorCode = (err: unknown) => (err as NodeJS.ErrnoException).code;

function readOwner(file: string): LockOwner | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return undefined;
    throw err;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (Number.isInteger(parsed.pid) && typeof parsed.host === 'string') return { pid: parsed.pid!, host: parsed.host };
  } catch {
    /* an older lock holding just the pid, or garbage */
  }
  const pid = Number.parseInt(text, 10);
  return { pid: Number.isInteger(pid) ? pid : 0, host: os.hostname() };
}

function ownerIsAlive(owner: LockOwner, lockPath: string) {
  // A process on another machine (a shared directory) cannot be checked: assume it runs.
  if (owner.host !== os.hostname()) return true;
  // Our own pid in a lock we do not hold is a previous life of this process (a restarted container's pid 1).
  if (owner.pid === process.pid) return heldHere.has(lockPath);
  if (owner.pid <= 0) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (err) {
    return errorCode(err) === 'EPERM';
  }
}

/** Creates `lockPath` with its content in one step (a hard link), so no one ever reads a half-written lock. */
function createExclusive(lockPath: string, content: string) {
  const draft = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(draft, content);
  try {
    fs.linkSync(draft, lockPath);
  } catch (err) {
    // Filesystems without hard links: an exclusive create, then the content.
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(errorCode(err) ?? '')) throw err;
    const fd = fs.openSync(lockPath, 'wx');
    try {
      fs.writeSync(fd, content);
    } finally {
      fs.closeSync(fd);
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function releaseLock(lockPath: string) {
  if (!heldHere.delete(lockPath)) return;
  const owner = readOwner(lockPath);
  if (owner && owner.pid === process.pid && owner.host === os.hostname()) fs.rmSync(lockPath, { force: true });
}

/**
 * PGlite takes no lock of its own, and two processes on one directory corrupt it. The lock file
 * (`server.lock`, naming the process and host) is created atomically; a lock left by a process that
 * no longer runs is taken over. Returns the release function (also run when the process exits).
 */
export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(path.resolve(dir), 'server.lock');
  const me: LockOwner = { pid: process.pid, host: os.hostname() };
  if (heldHere.has(lockPath)) throw new DataDirLockedError(dir, me, lockPath);
  const content = JSON.stringify({ ...me, startedAt: new Date().toISOString() });

  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      createExclusive(lockPath, content);
      heldHere.add(lockPath);
      if (!exitHookInstalled) {
        exitHookInstalled = true;
        process.once('exit', () => [...heldHere].forEach(releaseLock));
      }
      return () => releaseLock(lockPath);
    } catch (err) {
      if (errorCode(err) !== 'EEXIST') throw err;
    }
    const owner = readOwner(lockPath);
    if (!owner) continue; // removed meanwhile: try again
    if (ownerIsAlive(owner, lockPath)) throw new DataDirLockedError(dir, owner, lockPath);

    // Stale. Move it aside atomically: of two servers taking over at once, only one moves it.
    const aside = `${lockPath}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
    try {
      fs.renameSync(lockPath, aside);
    } catch (err) {
      if (errorCode(err) === 'ENOENT') continue;
      throw err;
    }
    const moved = readOwner(aside);
    if (moved && (moved.pid !== owner.pid || moved.host !== owner.host) && ownerIsAlive(moved, lockPath)) {
      // Another server took the directory over between our read and our move: give its lock back.
      try {
        fs.linkSync(aside, lockPath);
      } catch {
        /* a third server holds it now; either way the directory is in use */
      }
      fs.rmSync(aside, { force: true });
      throw new DataDirLockedError(dir, moved, lockPath);
    }
    fs.rmSync(aside, { force: true });
  }
  throw new Error(`Could not take the lock on ${dir}`);
}
