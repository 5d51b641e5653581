import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { readUserFileSync } from './files/readUserFile.ts';

/**
 * `watcher.json` in the data folder: written by a core that resumes watching
 * (the app), removed when it closes. A CLI command reads it to tell whether
 * a call it leaves waiting will really be watched, instead of promising that
 * "the app keeps watching it" when no app runs. A mark left by a crash names
 * a process that is gone, and counts for nothing.
 */
const FILE = 'watcher.json';
/** A mark is a few dozen bytes; anything longer is not one. */
const MAX_MARK_BYTES = 4096;

type Mark = { pid: number; host: string; at: number };

export function writeWatcherMark(dataDir: string, now: number): void {
  const mark: Mark = { pid: process.pid, host: hostname(), at: now };
  const file = path.join(dataDir, FILE);
  // Written beside and renamed over: whatever stood there (a FIFO would hold the
  // app's start until someone read it, a link would be written through) is replaced.
  const draft = `${file}.${process.pid}.tmp`;
  try {
    // A draft left by a crash of a process with this id goes first; 'wx' makes a new regular file.
    rmSync(draft, { force: true });
    writeFileSync(draft, JSON.stringify(mark) + '\n', { mode: 0o600, flag: 'wx' });
    renameSync(draft, file);
  } catch {
    // A read-only folder: the app still works; the CLI just cannot tell it runs.
  }
}

export function removeWatcherMark(dataDir: string): void {
  if (readMark(dataDir)?.pid !== process.pid) return;
  rmSync(path.join(dataDir, FILE), { force: true });
}

/** Whether another live process on this host holds the mark (a mark from another host cannot be checked). */
export function otherWatcherRunning(dataDir: string): boolean | undefined {
  const mark = readMark(dataDir);
  if (mark === undefined || mark.pid === process.pid) return false;
  if (mark.host !== hostname()) return undefined;
  try {
    process.kill(mark.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readMark(dataDir: string): Mark | undefined {
  try {
    // The bounded reader: a FIFO or device in its place is no mark, not a wait on the main thread.
    const text = readUserFileSync(path.join(dataDir, FILE), MAX_MARK_BYTES).toString('utf8');
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { pid, host, at } = value as Record<string, unknown>;
    if (
      !Number.isSafeInteger(pid) ||
      (pid as number) <= 0 ||
      typeof host !== 'string' ||
      typeof at !== 'number'
    )
      return undefined;
    return { pid: pid as number, host, at };
  } catch {
    return undefined;
  }
}
