import { randomBytes } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { lstat, open, rm, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { AppError } from '../errors.ts';
import { readUserFile, UserFileError } from '../files/readUserFile.ts';

/** Holds last milliseconds (one read and one small write): a lock this old was left by a crash. */
export const LOCK_STALE_MS = 10_000;
/** How long a change waits for another process's lock before saying it is busy. */
export const LOCK_WAIT_MS = 3_000;
/** A lock file with no owner yet is being written right now; one this old never will be. */
const UNWRITTEN_MS = 1_000;

export type LockOptions = {
  /** Wait at most this long for a live lock; 0 tries once. */
  waitMs?: number;
  staleMs?: number;
};

type Owner = { pid: number; host: string; at: number; nonce: string; pidSpace?: string };

/**
 * Which PIDs this process sees (Linux's PID namespace): a lock from a process
 * in another one (a Flatpak or container sharing the folder and host name)
 * names a PID we cannot check, so it goes by age alone.
 */
const pidSpace: string | undefined = (() => {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return undefined;
  }
})();
/** The locks this process holds now: a lock with our PID and another nonce was left by an earlier process. */
const heldHere = new Set<string>();
type Seen =
  | { state: 'gone' }
  | { state: 'live'; pid: number | undefined }
  | { state: 'stale'; ino: number; mtimeMs: number };

/**
 * The lock a JSON file's read-modify-write holds, shared by the app and the
 * CLI: `NAME.lock`, created exclusively and holding its owner (PID, host,
 * time). proper-lockfile, used before, records no owner, so a lock left by a
 * killed process blocked every change for its 10 s stale limit; here a lock
 * whose process has ended is taken over at once, and so is one older than
 * the stale limit (a lock from another host, or a reused PID). A lock left
 * by an older Robot Tray (proper-lockfile's directory) goes by age alone.
 *
 * Returns the release function, or throws a `busy` error naming the holder's
 * PID when a live lock outlasts the wait.
 */
export async function acquireLock(file: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  const lockPath = `${file}.lock`;
  const owner: Owner = {
    pid: process.pid,
    host: hostname(),
    at: Date.now(),
    nonce: randomBytes(8).toString('hex'),
    // Left out of the file when unknown (JSON drops undefined).
    pidSpace,
  };
  const deadline = Date.now() + (options.waitMs ?? LOCK_WAIT_MS);
  let delay = 10;
  for (;;) {
    // Known as ours before the file says so: another waiter here must not take it for a dead process's.
    heldHere.add(owner.nonce);
    let created = false;
    try {
      created = await tryCreate(lockPath, owner);
    } finally {
      if (!created) heldHere.delete(owner.nonce);
    }
    if (created) return () => release(lockPath, owner.nonce);
    const seen = await inspect(lockPath, options.staleMs ?? LOCK_STALE_MS);
    if (seen.state === 'gone') continue;
    // Taken over: try again at once. Another taker at it: wait a moment, as for a live lock.
    if (seen.state === 'stale' && (await takeOver(lockPath, seen))) continue;
    if (Date.now() + delay > deadline) throw busyError(file, seen.state === 'live' ? seen.pid : undefined);
    // A timer that keeps the process alive: a one-shot command is waiting on it.
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 100);
  }
}

/** A stale lock an older Robot Tray moved aside before removing it: `NAME.lock.stale-<16 hex>`. */
export const STALE_LOCK_ASIDE = /\.lock\.stale-[0-9a-f]{16}$/;

async function tryCreate(lockPath: string, owner: Owner): Promise<boolean> {
  let handle;
  try {
    handle = await open(lockPath, 'wx', 0o600);
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(JSON.stringify({ ...owner, at: Date.now() }));
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(lockPath).catch(() => undefined);
    throw error;
  }
  await handle.close();
  return true;
}

async function inspect(lockPath: string, staleMs: number): Promise<Seen> {
  let info;
  let owner: Owner | undefined;
  try {
    info = await lstat(lockPath);
    owner = info.isDirectory() ? undefined : await readOwner(lockPath);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return { state: 'gone' };
    throw error;
  }
  const age = Date.now() - info.mtimeMs;
  const stale = { state: 'stale', ino: info.ino, mtimeMs: info.mtimeMs } as const;
  const unknownHolder = { state: 'live', pid: undefined } as const;
  // proper-lockfile's directory: its holder refreshes the time every 5 s.
  if (info.isDirectory()) return age > staleMs ? stale : unknownHolder;
  if (owner === undefined) return age > UNWRITTEN_MS ? stale : unknownHolder;
  if (owner.host === hostname() && owner.pidSpace === pidSpace) {
    // Our own PID with a nonce we do not hold: a process before us had this PID (a container restarted).
    const ended = owner.pid === process.pid ? !heldHere.has(owner.nonce) : !isRunning(owner.pid);
    if (ended) return stale;
  }
  return age > staleMs ? stale : { state: 'live', pid: owner.pid };
}

/**
 * Remove a stale lock, one taker at a time: the taker first creates
 * `NAME.lock.takeover` exclusively, checks that the lock is still the stale
 * one it saw (same inode and time), and only then removes it. Moving the lock
 * aside and putting back a live one, as before, left a moment with no lock at
 * all in which a third waiter could take it: two holders at once. A taker
 * that finds the marker leaves it to its holder and waits its turn; a marker
 * older than the stale limit was left by a taker that died, and goes.
 */
async function takeOver(lockPath: string, seen: { ino: number; mtimeMs: number }): Promise<boolean> {
  const marker = `${lockPath}.takeover`;
  let handle;
  try {
    handle = await open(marker, 'wx', 0o600);
  } catch (error) {
    if (codeOf(error) !== 'EEXIST') throw error;
    const info = await lstat(marker).catch(() => undefined);
    if (info !== undefined && Date.now() - info.mtimeMs > LOCK_STALE_MS) await rm(marker, { force: true });
    return false;
  }
  try {
    const now = await lstat(lockPath).catch(() => undefined);
    if (now?.ino === seen.ino && now.mtimeMs === seen.mtimeMs) {
      await rm(lockPath, { recursive: true, force: true });
    }
  } finally {
    await handle.close();
    await unlink(marker).catch(() => undefined);
  }
  return true;
}

async function release(lockPath: string, nonce: string): Promise<void> {
  try {
    // Taken over (this process stalled past the stale limit): not ours to remove.
    if ((await readOwner(lockPath))?.nonce !== nonce) return;
    await unlink(lockPath);
  } catch {
    // Already gone.
  } finally {
    // Only once the file is gone: until then a waiter here must see it as live.
    heldHere.delete(nonce);
  }
}

/** The owner a lock file names; undefined while it is still empty, or when it is damaged. */
async function readOwner(lockPath: string): Promise<Owner | undefined> {
  try {
    return parseOwner((await readUserFile(lockPath, MAX_OWNER_BYTES)).toString('utf8'));
  } catch (error) {
    // A pipe, device or huge file in the lock's place names no owner (and is not waited on).
    if (
      error instanceof UserFileError &&
      (error.problem.reason === 'special' || error.problem.reason === 'too-large')
    )
      return undefined;
    throw error;
  }
}

/** A lock file holds one line of JSON; anything larger is not one. */
const MAX_OWNER_BYTES = 64 * 1024;

function parseOwner(text: string): Owner | undefined {
  try {
    const value = JSON.parse(text) as Partial<Owner> | null;
    if (
      typeof value?.pid === 'number' &&
      Number.isSafeInteger(value.pid) &&
      value.pid > 0 &&
      typeof value.host === 'string' &&
      typeof value.nonce === 'string'
    ) {
      return value as Owner;
    }
  } catch {
    // Empty (being written) or damaged.
  }
  return undefined;
}

/** Whether a process with this PID exists (EPERM: it does, under another user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === 'EPERM';
  }
}

function busyError(file: string, pid: number | undefined): AppError {
  return new AppError(
    'busy',
    `Robot Tray's data is being changed by another process${pid === undefined ? '' : ` (PID ${pid})`}; ` +
      `try again in a moment. Nothing was changed (${path.basename(file)} is locked by it).`,
  );
}

/** The code of a file system error (always an Error with one, from node:fs). */
function codeOf(error: unknown): unknown {
  return (error as NodeJS.ErrnoException).code;
}
