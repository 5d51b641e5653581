import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { AppError } from '../errors.ts';
import { ChangeNotes, type NoteKind } from './changeNotes.ts';
import { isDamaged, markDamaged, openDatabaseFile, storageError } from './database.ts';
import type { WarningLog } from './warnings.ts';
import { OPEN_WAIT_MS, whenFree } from './whenFree.ts';
import { WriteTransaction } from './writeTransaction.ts';

/**
 * This process's connection to Robot Tray's database (robot-tray.sqlite):
 * the calls, the catalog, settings and warnings, all written the same way.
 * Every write is one transaction (BEGIN IMMEDIATE: no other writer between
 * its reads and its writes) through `transaction`, every change takes the
 * next change number, and what leaves no row to read is noted (`note`), so
 * every process reads every change from the same log (changeLog.ts).
 */
export class Connection {
  /** This process's name in the database: the holder of its leases, the writer of its changes. */
  readonly processId = randomUUID();
  readonly db: DatabaseSync;
  readonly file: string;
  readonly notes: ChangeNotes;
  readonly #readOnly: AppError | undefined;
  readonly #tx: WriteTransaction;

  private constructor(db: DatabaseSync, file: string, readOnly: AppError | undefined) {
    this.db = db;
    this.file = file;
    this.#readOnly = readOnly;
    this.notes = new ChangeNotes(db);
    this.#tx = new WriteTransaction(db, (work) => this.write(work));
  }

  /**
   * Open (or create) the database; see openDatabaseFile. `readOnly` (the data
   * folder cannot be written) opens it for reading and makes every write
   * throw that error. `onSetAside` hears where a damaged file was moved.
   */
  static open(
    file: string,
    warnings: WarningLog,
    now: () => number = Date.now,
    readOnly?: AppError,
    onSetAside?: (aside: string) => void,
  ): Connection {
    return new Connection(openDatabaseFile(file, warnings, now, readOnly, onSetAside), file, readOnly);
  }

  /**
   * Open, waiting without blocking the event loop (at most OPEN_WAIT_MS)
   * while another process holds the file locked; then a `busy` error that
   * says nothing was sent or changed.
   */
  static async openWaiting(
    file: string,
    warnings: WarningLog,
    now: () => number = Date.now,
    readOnly?: AppError,
    onSetAside?: (aside: string) => void,
    waitMs = OPEN_WAIT_MS,
  ): Promise<Connection> {
    return whenFree(() => Connection.open(file, warnings, now, readOnly, onSetAside), waitMs);
  }

  /** The file's name, as warnings name their source. */
  get fileName(): string {
    return path.basename(this.file);
  }

  get readOnly(): AppError | undefined {
    return this.#readOnly;
  }

  /** A write, with SQLite's busy and locked failures as `busy` errors, read-only and full ones as `storage`. */
  write<T>(statement: () => T): T {
    if (this.#readOnly !== undefined) throw this.#readOnly;
    return this.read(statement);
  }

  /** A read: another process may hold the file locked. */
  read<T>(statement: () => T): T {
    try {
      return statement();
    } catch (error) {
      // A page that cannot be read: the next start sets the file aside (markDamaged).
      if (isDamaged(error)) markDamaged(this.file);
      throw storageError(this.file, error);
    }
  }

  /** `work` in one write transaction; the change numbers it takes are stored with it. */
  transaction<T>(work: () => T): T {
    return this.#tx.run(work);
  }

  /** The next change number, not taken yet; only inside `transaction`. */
  peekSeq(): number {
    return this.#tx.peekSeq();
  }

  /** Take the next change number; only inside `transaction`. */
  nextSeq(): number {
    return this.#tx.nextSeq();
  }

  /** Note a change that leaves no call row to read (its own change number); only inside `transaction`. */
  note(kind: NoteKind, ref: string | null = null): number {
    const seq = this.nextSeq();
    this.notes.record(kind, ref, seq, this.processId);
    return seq;
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
