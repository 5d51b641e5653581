import { lstat, readdir, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { acquireLock, LOCK_STALE_MS } from './fileLock.ts';

/** The JSON files written through a lock (JsonFileStore), and warnings.json, written without one. */
const LOCKED_FILES = ['robots.json', 'presets.json', 'settings.json', 'preset-values.json'];
const UNLOCKED_FILES = ['warnings.json'];

/**
 * write-file-atomic (7.x) writes `NAME.<uint32>` beside NAME and renames it
 * over NAME; a process killed between the two leaves it behind. Only that
 * exact form, for our own files, is ever removed.
 */
const ATOMIC_TEMP = /^(.+\.json)\.(0|[1-9]\d{0,9})$/;
/** A lock being taken over, left by a process killed in between (see fileLock). */
const STALE_LOCK = /^(.+\.json)\.lock\.stale-[0-9a-f]{16}$/;

/**
 * Remove, at start, the temporary files that interrupted atomic writes and
 * lock takeovers left in the data folder. A temp file of a locked file goes
 * only while this process holds that file's lock (so no other process is in
 * the middle of writing it); one of warnings.json only once it is older than
 * any write lasts. Anything else is never touched. Returns the names removed.
 */
export async function removeInterruptedWrites(
  dataDir: string,
  now: () => number = Date.now,
): Promise<string[]> {
  const byFile = new Map<string, string[]>();
  for (const name of await readdir(dataDir)) {
    const target = leftoverOf(name);
    if (target !== undefined) byFile.set(target, [...(byFile.get(target) ?? []), name]);
  }
  const removed: string[] = [];
  for (const [target, names] of byFile) {
    if (UNLOCKED_FILES.includes(target)) {
      removed.push(...(await removeFiles(dataDir, names, (mtimeMs) => now() - mtimeMs > LOCK_STALE_MS)));
      continue;
    }
    let release;
    try {
      release = await acquireLock(path.join(dataDir, target), { waitMs: 0 });
    } catch {
      continue; // Being written right now: its owner will rename or remove it.
    }
    try {
      removed.push(...(await removeFiles(dataDir, names, () => true)));
    } finally {
      await release();
    }
  }
  return removed;
}

/** The file a leftover belongs to, when `name` is exactly one of the forms above. */
export function leftoverOf(name: string): string | undefined {
  const temp = ATOMIC_TEMP.exec(name);
  if (temp !== null && Number(temp[2]) <= 0xffff_ffff) {
    const target = temp[1]!;
    return LOCKED_FILES.includes(target) || UNLOCKED_FILES.includes(target) ? target : undefined;
  }
  const aside = STALE_LOCK.exec(name);
  return aside !== null && LOCKED_FILES.includes(aside[1]!) ? aside[1] : undefined;
}

async function removeFiles(
  dir: string,
  names: string[],
  old: (mtimeMs: number) => boolean,
): Promise<string[]> {
  const removed: string[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const info = await lstat(file);
      if (!old(info.mtimeMs)) continue;
      // An older Robot Tray's lock was an empty folder; rmdir refuses any other.
      if (info.isDirectory() && STALE_LOCK.test(name)) await rmdir(file);
      else if (info.isFile()) await unlink(file);
      else continue;
      removed.push(name);
    } catch {
      // Gone already, or not ours to remove.
    }
  }
  return removed;
}
