import { chmodSync, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';
import { AppError } from '../errors.ts';
import { createOrUpgrade, SCHEMA_VERSION } from './historySchema.ts';
import type { WarningLog } from './warnings.ts';

/** The longest one statement waits for another process's lock, blocking the event loop. */
const BUSY_WAIT_MS = 25;
/** SQLite's page cache for one connection, in KiB (its usual default, 2,000 KiB). */
export const PAGE_CACHE_KIB = 2000;

/**
 * What a history costs in memory stays bounded however large it grows
 * (issue 21 lists from 3 GiB), whichever SQLite build Robot Tray runs on
 * (Electron's or Node's): a small page cache per connection, and the file
 * read through it, never mapped into the process, so touching a large
 * history does not count its pages into RSS.
 */
function boundMemory(db: DatabaseSync): void {
  db.exec(`PRAGMA cache_size = -${PAGE_CACHE_KIB}`);
  db.exec('PRAGMA mmap_size = 0');
}
/** How long opening waits (without blocking) for a history another process holds locked. */
export const OPEN_WAIT_MS = 5_000;

/**
 * `open`, tried again without blocking the event loop (at most `waitMs`)
 * while another process holds the file locked; then a `busy` error that
 * says nothing was sent or changed.
 */
export async function openWhenFree<T>(open: () => T, waitMs = OPEN_WAIT_MS): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let delay = 25; ; delay = Math.min(delay * 2, 250)) {
    try {
      return open();
    } catch (error) {
      if (!(error instanceof AppError) || error.kind !== 'busy') throw error;
      if (Date.now() + delay > deadline) {
        throw new AppError('busy', `${error.message} Nothing was sent or changed.`, { cause: error });
      }
      // A timer that keeps the process alive: a one-shot command is waiting on it.
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * Open (or create) the history file. A file SQLite cannot use is set aside,
 * never deleted. In a data folder that cannot be written it is opened
 * read-only (or, missing, an empty history stands in) and nothing is created.
 */
export function openHistoryFile(
  file: string,
  warnings: WarningLog,
  now: () => number,
  readOnly: AppError | undefined,
): DatabaseSync {
  if (readOnly !== undefined) return openReadOnly(file, warnings);
  mkdirSync(path.dirname(file), { recursive: true });
  // A pipe, socket or device is no history: SQLite fails on it with an I/O error that
  // reads as "busy" and would stop the start, so it is set aside like a damaged file.
  if (isSpecial(file)) {
    setAside(file, 'it is not a regular file: a pipe, socket or device', warnings, now);
    return connect(file, true);
  }
  try {
    return connect(file, true);
  } catch (error) {
    // Only a damaged file is set aside. A busy or newer file is someone
    // else's good data: refuse to start rather than hide it.
    if (!isDamaged(error)) throw historyError(file, error);
    setAside(file, (error as Error).message, warnings, now);
    return connect(file, true);
  }
}

/** Neither a file nor a folder (a folder is refused below, as before: it may hold someone's files). */
function isSpecial(file: string): boolean {
  try {
    const info = statSync(file);
    return !info.isFile() && !info.isDirectory();
  } catch {
    return false; // Missing (created now), or whatever SQLite then says of it.
  }
}

/** The unusable history and its journals moved beside it, stamped with the time, and a warning saying where. */
function setAside(file: string, reason: string, warnings: WarningLog, now: () => number): void {
  const stamp = new Date(now()).toISOString().replace(/[:.]/g, '-');
  const aside = `${file}.corrupt-${stamp}`;
  renameSync(file, aside);
  for (const suffix of ['-wal', '-shm']) {
    try {
      renameSync(file + suffix, aside + suffix);
    } catch {
      // The journal files exist only sometimes.
    }
  }
  warnings.add(
    path.basename(file),
    `The call history could not be opened (${reason}). It was moved to ${aside} and a new, empty history was started.`,
  );
}

/**
 * Read-only: SQLite opens a WAL history read-only only when it may create
 * the -shm file beside it, which a read-only folder forbids; then it is
 * opened as immutable (nobody can change a file in a folder nobody can write).
 */
function openReadOnly(file: string, warnings: WarningLog): DatabaseSync {
  if (!existsSync(file)) return emptyStandIn();
  let db: DatabaseSync | undefined;
  try {
    try {
      db = checkedReadOnly(new DatabaseSync(file, { readOnly: true }), warnings);
    } catch (error) {
      if (!isReadOnlyFolder(error)) throw error;
      const url = pathToFileURL(file);
      url.search = 'immutable=1';
      db = checkedReadOnly(new DatabaseSync(url, { readOnly: true }), warnings);
    }
    return db ?? emptyStandIn();
  } catch (error) {
    if (!isDamaged(error)) throw historyError(file, error);
    warnings.add(
      path.basename(file),
      `The call history could not be opened (${(error as Error).message}). The data folder is read-only, so it was left as it is; no calls are shown.`,
    );
    return emptyStandIn();
  }
}

/** The read-only database, or undefined for a file that never got its table (an empty history). */
function checkedReadOnly(db: DatabaseSync, warnings: WarningLog): DatabaseSync | undefined {
  let version: number;
  try {
    db.exec(`PRAGMA busy_timeout = ${BUSY_WAIT_MS}`);
    boundMemory(db);
    version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    if (version > SCHEMA_VERSION) throw new NewerHistoryError(version);
    if (version === SCHEMA_VERSION) return db;
  } catch (error) {
    db.close();
    throw error;
  }
  db.close();
  if (version > 0) {
    // An older history is upgraded in place, which a read-only folder forbids.
    warnings.add(
      'history.sqlite',
      'The call history was written by an older Robot Tray and the data folder is read-only, so it cannot be upgraded; no calls are shown. Make the folder writable and start Robot Tray again.',
    );
  }
  return undefined;
}

/** An empty history in memory, standing in for one that cannot be read here: nothing is written to disk. */
function emptyStandIn(): DatabaseSync {
  return connect(':memory:');
}

/** `makePrivate`: a new file is made readable by its owner only (SQLite's journals follow its mode). */
function connect(file: string, makePrivate = false): DatabaseSync {
  const created = makePrivate && !existsSync(file);
  const db = new DatabaseSync(file);
  try {
    // Never hold the event loop for long: a write that finds the file locked
    // by another process fails fast and the tracker retries it later.
    db.exec(`PRAGMA busy_timeout = ${BUSY_WAIT_MS}`);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    boundMemory(db);
    const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    if (version > SCHEMA_VERSION) throw new NewerHistoryError(version);
    if (version === SCHEMA_VERSION) return db;
    const upgraded = createOrUpgrade(db);
    if (upgraded > SCHEMA_VERSION) throw new NewerHistoryError(upgraded);
    // Calls hold arguments and answers: nobody else's to read.
    if (created) chmodSync(file, 0o600);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

class NewerHistoryError extends Error {
  constructor(version: number) {
    super(`it was written by a newer Robot Tray (history schema ${version})`);
  }
}

function primaryCode(error: unknown): number | undefined {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  return typeof code === 'number' ? code & 0xff : undefined;
}

/** SQLITE_CORRUPT (11) and SQLITE_NOTADB (26): the file itself is damaged. */
function isDamaged(error: unknown): boolean {
  const code = primaryCode(error);
  return code === 11 || code === 26;
}

/** SQLITE_READONLY (8) or SQLITE_CANTOPEN (14): the -shm file cannot be made beside it. */
function isReadOnlyFolder(error: unknown): boolean {
  const code = primaryCode(error);
  return code === 8 || code === 14;
}

/** SQLITE_BUSY (5) and SQLITE_LOCKED (6): another process holds the file. */
export function isBusy(error: unknown): boolean {
  const code = primaryCode(error);
  return code === 5 || code === 6;
}

/** SQLITE_READONLY (8), SQLITE_IOERR (10), SQLITE_FULL (13), SQLITE_CANTOPEN (14), and busy. */
const storageCodes = new Set([5, 6, 8, 10, 13, 14]);

/** A failed statement as a `busy` or `storage` error that names the file and what to do; anything else as is. */
export function storageError(file: string, error: unknown): unknown {
  const primary = primaryCode(error);
  if (primary === undefined || !storageCodes.has(primary)) return error;
  if (isBusy(error)) return lockedError(file, error);
  const message =
    primary === 13
      ? `The disk holding the call history ${file} is full. Free some space and try again.`
      : `The call history ${file} cannot be written (${(error as Error).message}). Check that its folder is writable.`;
  return new AppError('storage', message, { cause: error });
}

function lockedError(file: string, error: unknown): AppError {
  return new AppError(
    'busy',
    `The call history ${file} is locked by another process (Robot Tray, or a program reading the file). ` +
      'Try again in a moment; if it stays locked, close that program.',
    { cause: error },
  );
}

function historyError(file: string, error: unknown): AppError {
  if (isBusy(error)) return lockedError(file, error);
  const reason = error instanceof Error ? error.message : String(error);
  const fix =
    error instanceof NewerHistoryError
      ? 'Update Robot Tray to use it.'
      : 'Close other Robot Tray windows or commands and try again.';
  return new AppError('storage', `The call history ${file} cannot be opened: ${reason}. ${fix}`, {
    cause: error,
  });
}
