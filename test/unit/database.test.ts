import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import {
  openDatabaseFile as openHistoryFile,
  PAGE_CACHE_KIB,
  storageError,
} from '../../src/core/store/database.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import { Call } from '../../src/shared/models/call.ts';

const call = (id: string) =>
  Call.parse({ id, robotId: 'r1', robotName: 'Bot', method: 'POST', args: {}, state: 'done', createdAt: 1 });
const readOnly = new AppError('storage', 'The data folder is read-only.', { permanent: true });
const NOW = Date.UTC(2026, 10, 23, 9, 8, 7, 654);
const GARBAGE = 'not a database, a text file that lost its way. '.repeat(200);

let dir: string;
let file: string;
let warnings: WarningLog;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-history-file-'));
  file = path.join(dir, 'robot-tray.sqlite');
  warnings = new WarningLog();
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A SQLite file whose history schema is `version`. */
function databaseAt(version: number): void {
  const db = new DatabaseSync(file);
  db.exec(`CREATE TABLE other (x); PRAGMA user_version = ${version};`);
  db.close();
}

describe('opening the database file', () => {
  test('a new history is private to its owner, and written ahead (WAL) so other processes read while it writes', async () => {
    CallHistory.open(file, warnings).close();
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const other = new DatabaseSync(file, { readOnly: true });
    expect(other.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    other.close();
  });

  test('its memory is bounded whatever it holds: a 2,000 KiB page cache, the file never mapped in, read-only too', () => {
    const memory = (db: DatabaseSync) => ({
      ...(db.prepare('PRAGMA cache_size').get() as object),
      ...(db.prepare('PRAGMA mmap_size').get() as object),
    });
    const bounded = { cache_size: -PAGE_CACHE_KIB, mmap_size: 0 };
    expect(PAGE_CACHE_KIB).toBeLessThanOrEqual(2000);
    const db = openHistoryFile(file, warnings, Date.now, undefined);
    expect(memory(db)).toEqual(bounded);
    db.close();
    const reading = openHistoryFile(file, warnings, Date.now, readOnly);
    expect(memory(reading)).toEqual(bounded);
    reading.close();
  });

  test('a damaged history is moved aside, stamped with the time, and a new one starts', async () => {
    await writeFile(file, GARBAGE);
    const history = CallHistory.open(file, warnings, () => NOW);
    const aside = `${file}.corrupt-2026-11-23T09-08-07-654Z`;
    expect(await readFile(aside, 'utf8')).toBe(GARBAGE);
    expect(warnings.list().map((w) => w.message)).toEqual([
      `Robot Tray's database could not be opened (file is not a database). It was moved to ${aside} and a new one was started; the robots and presets come back from the newest catalog backup, if there is one.`,
    ]);
    history.put(call('after'));
    expect(history.list().map((c) => c.id)).toEqual(['after']);
    history.close();
  });

  test('a FIFO in place of the history is moved aside and a new one starts, instead of refusing to start', async () => {
    execFileSync('mkfifo', [file]);
    const history = CallHistory.open(file, warnings, () => NOW);
    const aside = `${file}.corrupt-2026-11-23T09-08-07-654Z`;
    expect((await stat(aside)).isFIFO()).toBe(true);
    expect(warnings.list().map((w) => w.message)).toEqual([
      `Robot Tray's database could not be opened (it is not a regular file: a pipe, socket or device). It was moved to ${aside} and a new one was started; the robots and presets come back from the newest catalog backup, if there is one.`,
    ]);
    history.put(call('after'));
    expect(history.list().map((c) => c.id)).toEqual(['after']);
    history.close();
  });

  test('a history whose pages are damaged ("malformed") is set aside too, and the new one is private', async () => {
    databaseAt(0);
    const bytes = await readFile(file);
    bytes.fill(0x41, 100, 4096); // past the 100-byte header: the schema page
    await writeFile(file, bytes);
    const history = CallHistory.open(file, warnings, () => NOW);
    expect(warnings.list()[0]?.message).toMatch(
      /^Robot Tray's database could not be opened \(database disk image is malformed\)\. It was moved to /,
    );
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    history.close();
  });

  test('a history that cannot be opened for another reason says so, with the cause kept', async () => {
    await mkdir(file);
    let error: unknown;
    try {
      CallHistory.open(file, warnings);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({
      kind: 'storage',
      message: `Robot Tray's database ${file} cannot be opened: unable to open database file. Close other Robot Tray windows or commands and try again.`,
      cause: expect.objectContaining({ errcode: 14 }),
    });
  });

  test('a history from a newer Robot Tray is refused and left as it is, read-only or not', async () => {
    databaseAt(3);
    const refusal = {
      kind: 'storage',
      message: `Robot Tray's database ${file} cannot be opened: it was written by a newer Robot Tray (schema 3). Update Robot Tray to use it.`,
    };
    expect(() => CallHistory.open(file, warnings)).toThrow(expect.objectContaining(refusal));
    expect(() => CallHistory.open(file, warnings, Date.now, readOnly)).toThrow(
      expect.objectContaining(refusal),
    );
    const db = new DatabaseSync(file);
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: 3 });
    db.close();
    expect(await readdir(dir)).toEqual(['robot-tray.sqlite']);
  });
});

describe('opening the database in a data folder that cannot be written', () => {
  test('a damaged history is left where it is, and no calls are shown', async () => {
    await writeFile(file, GARBAGE);
    const history = CallHistory.open(file, warnings, () => NOW, readOnly);
    expect(history.list()).toEqual([]);
    expect(await readdir(dir)).toEqual(['robot-tray.sqlite']);
    expect(await readFile(file, 'utf8')).toBe(GARBAGE);
    expect(warnings.list().map((w) => w.message)).toEqual([
      "Robot Tray's database could not be opened (file is not a database). The data folder is read-only, so it was left as it is; nothing is shown.",
    ]);
    history.close();
  });

  test('a file that never got its table reads as an empty history, and is not kept open', async () => {
    databaseAt(0);
    const openFiles = async () => (await readdir('/proc/self/fd')).length;
    const before = await openFiles();
    const history = CallHistory.open(file, warnings, Date.now, readOnly);
    expect(history.list()).toEqual([]);
    expect(warnings.list()).toEqual([]);
    history.close();
    expect(await openFiles()).toBe(before);
  });
});

describe('storageError: a failed statement in words people can act on', () => {
  const sqlite = (errcode: number, message = 'sqlite says no') =>
    Object.assign(new Error(message), { errcode });

  test.each([
    ['busy', 5],
    ['locked, as an extended code', 6 | (1 << 8)],
  ])('%s: the history is locked by another process', (_kind, errcode) => {
    expect(storageError(file, sqlite(errcode))).toMatchObject({
      kind: 'busy',
      cause: expect.objectContaining({ errcode }),
      message: `Robot Tray's database ${file} is locked by another process (Robot Tray, or a program reading the file). Try again in a moment; if it stays locked, close that program.`,
    });
  });

  test('a full disk (also as an extended code) says to free space', () => {
    for (const errcode of [13, 13 | (1 << 8)]) {
      expect(storageError(file, sqlite(errcode))).toMatchObject({
        kind: 'storage',
        message: `The disk holding Robot Tray's database ${file} is full. Free some space and try again.`,
      });
    }
  });

  test.each([
    ['read-only', 8],
    ['an I/O error (SQLITE_IOERR_WRITE)', 10 | (3 << 8)],
    ['cannot open', 14],
  ])('%s: the folder must be writable', (_kind, errcode) => {
    const error = storageError(file, sqlite(errcode, 'disk I/O error')) as AppError;
    expect(error).toMatchObject({
      kind: 'storage',
      message: `Robot Tray's database ${file} cannot be written (disk I/O error). Check that its folder is writable.`,
    });
    expect(error.cause).toMatchObject({ errcode });
  });

  test('anything else is passed on as it was', () => {
    const constraint = sqlite(19);
    expect(storageError(file, constraint)).toBe(constraint);
    const plain = new Error('not from SQLite');
    expect(storageError(file, plain)).toBe(plain);
    expect(storageError(file, null)).toBeNull();
    const textCode = Object.assign(new Error('x'), { errcode: '13' });
    expect(storageError(file, textCode)).toBe(textCode);
  });
});
