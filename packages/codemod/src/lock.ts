/**
 * A lock file for the instructions folder, so parallel jscodeshift workers merge their sections one at a
 * time (each reads the file as the previous one left it). Synchronous: a transform runs synchronously.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

const LOCK_NAME = '.toolslim.lock';
/** Workers on a busy machine can hold the lock for a while; waiting longer than this means something is wrong. */
const WAIT_MS = 5 * 60_000;

export function withFolderLock<T>(dir: string, action: () => T): T {
  mkdirSync(dir, { recursive: true });
  const lock = path.join(dir, LOCK_NAME);
  const started = Date.now();
  let fd: number | undefined;
  while (fd === undefined) {
    try {
      fd = openSync(lock, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (isStale(lock)) rmSync(lock, { force: true });
      else if (Date.now() - started > WAIT_MS) throw new Error(`Timed out waiting for ${lock}; remove it if no slim run is active.`);
      else sleep(10 + Math.random() * 20);
    }
  }
  try {
    writeSync(fd, String(process.pid));
    return action();
  } finally {
    closeSync(fd);
    rmSync(lock, { force: true });
  }
}

/** A lock is stale when the process that wrote its id is gone (a worker that crashed). Age says nothing: a slow worker is still working. */
function isStale(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lock, 'utf8'));
  } catch {
    return false;
  }
  // An empty file is a lock being created right now.
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
