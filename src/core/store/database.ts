import { chmodSync, existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';
import { AppError } from '../errors.ts';
import { migrate, SCHEMA_VERSION, userVersion } from './migrations.ts';
import type { WarningLog } from './warnings.ts';

/** The longest one statement waits for another process's lock, blocking the event loop. */
const BUSY_WAIT_MS = 25;
/** SQLite's page cache for one connection, in KiB (its usual default, 2,000 KiB). */
export const PAGE_CACHE_KIB = 2000;

/** The one file Robot Tray keeps everything in, in its data folder. */
export const DATA_FILE = 'robot-tray.sqlite';

/**
 * What the database costs in memory stays bounded however large its history
 * grows (lists from 3 GiB), whichever SQLite build Robot Tray runs on
 * (Electron's or Node's): a small page cache per connection, and the file
 * read through it, never mapped into the process, so touching a large
 * history does not count its pages into RSS.
 */
function boundMemory(db: DatabaseSync): void {
  db.exec(`PRAGMA cache_size = -${PAGE_CACHE_KIB}`);
  db.exec('PRAGMA mmap_size = 0');
}
/**
 * Open (or create) the database. A file SQLite cannot use is set aside,
 * never deleted (`onSetAside` hears where it went). In a data folder that
 * cannot be written it is opened read-only (or, missing, an empty database
 * stands in) and nothing is created.
 */
export function openDatabaseFile(
  file: string,
  warnings: WarningLog,
  now: () => number,
  readOnly: AppError | undefined,
  onSetAside: (aside: string) => void = () => undefined,
): DatabaseSync {
  if (readOnly !== undefined) return openReadOnly(file, warnings);
  mkdirSync(path.dirname(file), { recursive: true });
  // A pipe, socket or device is no history: SQLite fails on it with an I/O error that
  // reads as "busy" and would stop the start, so it is set aside like a damaged file.
  if (isSpecial(file)) {
    onSetAside(setAside(file, 'it is not a regular file: a pipe, socket or device', warnings, now));
    return connect(file, true);
  }
  // Found damaged while in use (by this process or another): set aside now, before anything reads it.
  if (existsSync(file + DAMAGED_MARK)) {
    onSetAside(setAside(file, 'it was found damaged while in use', warnings, now));
    rmSync(file + DAMAGED_MARK, { force: true });
    return connect(file, true);
  }
  try {
    return probed(connect(file, true));
  } catch (error) {
    // Only a damaged file is set aside. A busy or newer file is someone
    // else's good data: refuse to start rather than hide it.
    if (!isDamaged(error)) throw historyError(file, error);
    onSetAside(setAside(file, (error as Error).message, warnings, now));
    return connect(file, true);
  }
}

/** Beside the database, written when it is found damaged while in use: the next start sets it aside. */
const DAMAGED_MARK = '.damaged';

/**
 * Say that the database was found damaged while in use (a page that cannot
 * be read): every process then refuses to go on with it, and the next one to
 * open it sets it aside and starts a new one, the catalog back from its
 * newest backup. Nothing is deleted, and a mark that cannot be written only
 * means the damage is met again.
 */
export function markDamaged(file: string): void {
  try {
    writeFileSync(file + DAMAGED_MARK, `${new Date().toISOString()}\n`, { mode: 0o600 });
  } catch {
    // A folder that cannot be written: the damage is reported each time it is met.
  }
}

/**
 * The database, once its small tables and the last pages of its large ones
 * read: a file cut short (a copy stopped halfway) fails here, at open, rather
 * than halfway through a command. A page damaged in the middle of the calls
 * is met when read, and marked (markDamaged).
 */
function probed(db: DatabaseSync): DatabaseSync {
  try {
    for (const sql of [
      'SELECT count(*) FROM robots',
      'SELECT count(*) FROM presets',
      'SELECT count(*) FROM settings',
      'SELECT count(*) FROM warnings',
      'SELECT count(*) FROM meta',
      'SELECT max(seq) FROM notes',
      'SELECT key FROM calls ORDER BY key DESC LIMIT 1',
      'SELECT call_key FROM responses ORDER BY call_key DESC LIMIT 1',
    ])
      db.prepare(sql).get();
    return db;
  } catch (error) {
    db.close();
    throw error;
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

/** The unusable database and its journals moved beside it, stamped with the time, and a warning saying where. */
function setAside(file: string, reason: string, warnings: WarningLog, now: () => number): string {
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
    `Robot Tray's database could not be opened (${reason}). It was moved to ${aside} and a new one was started; ` +
      'the robots and presets come back from the newest catalog backup, if there is one.',
  );
  return aside;
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
      `Robot Tray's database could not be opened (${(error as Error).message}). The data folder is read-only, so it was left as it is; nothing is shown.`,
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
    version = userVersion(db);
    if (version > SCHEMA_VERSION) throw new NewerHistoryError(version);
    if (version === SCHEMA_VERSION) return db;
  } catch (error) {
    db.close();
    throw error;
  }
  db.close();
  if (version > 0) {
    // An older file is upgraded in place, which a read-only folder forbids.
    warnings.add(
      DATA_FILE,
      "Robot Tray's database was written by an older Robot Tray and the data folder is read-only, so it cannot be upgraded; nothing is shown. Make the folder writable and start Robot Tray again.",
    );
  }
  return undefined;
}

/** An empty database in memory, standing in for one that cannot be read here: nothing is written to disk. */
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
    const version = userVersion(db);
    if (version > SCHEMA_VERSION) throw new NewerHistoryError(version);
    if (version === SCHEMA_VERSION) return db;
    const migrated = migrate(db);
    if (migrated > SCHEMA_VERSION) throw new NewerHistoryError(migrated);
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
    super(`it was written by a newer Robot Tray (schema ${version})`);
  }
}

function primaryCode(error: unknown): number | undefined {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  return typeof code === 'number' ? code & 0xff : undefined;
}

/** SQLITE_CORRUPT (11) and SQLITE_NOTADB (26): the file itself is damaged. */
export function isDamaged(error: unknown): boolean {
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

/** SQLITE_READONLY (8), SQLITE_IOERR (10), SQLITE_CORRUPT (11), SQLITE_FULL (13), SQLITE_CANTOPEN (14), SQLITE_NOTADB (26), and busy. */
const storageCodes = new Set([5, 6, 8, 10, 11, 13, 14, 26]);

/** A failed statement as a `busy` or `storage` error that names the file and what to do; anything else as is. */
export function storageError(file: string, error: unknown): unknown {
  const primary = primaryCode(error);
  if (primary === undefined || !storageCodes.has(primary)) return error;
  if (isBusy(error)) return lockedError(file, error);
  if (isDamaged(error)) {
    return new AppError(
      'storage',
      `Robot Tray's database ${file} is damaged (${(error as Error).message}). Start Robot Tray again: it sets the file aside ` +
        'under a name it tells you and starts a new one, the robots and presets back from the newest catalog backup.',
      { cause: error, permanent: true },
    );
  }
  const message =
    primary === 13
      ? `The disk holding Robot Tray's database ${file} is full. Free some space and try again.`
      : `Robot Tray's database ${file} cannot be written (${(error as Error).message}). Check that its folder is writable.`;
  return new AppError('storage', message, { cause: error });
}

function lockedError(file: string, error: unknown): AppError {
  return new AppError(
    'busy',
    `Robot Tray's database ${file} is locked by another process (Robot Tray, or a program reading the file). ` +
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
  return new AppError('storage', `Robot Tray's database ${file} cannot be opened: ${reason}. ${fix}`, {
    cause: error,
  });
}
