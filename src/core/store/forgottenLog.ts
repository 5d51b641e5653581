import type { DatabaseSync, StatementSync } from 'node:sqlite';

/**
 * The calls forgotten (deleted from the history), each with the change
 * number it took, so other processes drop them as they read the change log:
 * a deleted row leaves nothing in `calls` to be read. The newest KEEP entries
 * stay; a process further behind than that already missed more than a list.
 *
 * The table is created by every Robot Tray that opens the file (it does not
 * change the schema version): one without it ignores the table, and its own
 * forgets are simply not announced.
 */
export const FORGOTTEN_TABLE = `CREATE TABLE IF NOT EXISTS forgotten (
    seq INTEGER PRIMARY KEY,
    call_id TEXT NOT NULL,
    writer TEXT
  )`;

const KEEP = 10_000;

/** One forgotten call, as read from the log. */
export type ForgottenCall = { id: string; writer: string | null; seq: number };

export class ForgottenLog {
  readonly #db: DatabaseSync;
  #insert: StatementSync | undefined;
  #since: StatementSync | undefined;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Inside the caller's write transaction. */
  record(id: string, seq: number, writer: string): void {
    this.#insert ??= this.#db.prepare('INSERT INTO forgotten (seq, call_id, writer) VALUES (?, ?, ?)');
    this.#insert.run(seq, id, writer);
  }

  /** Drop all but the newest KEEP entries; inside the caller's write transaction. */
  trim(): void {
    this.#db
      .prepare(
        'DELETE FROM forgotten WHERE seq <= (SELECT seq FROM forgotten ORDER BY seq DESC LIMIT 1 OFFSET ?)',
      )
      .run(KEEP);
  }

  /** Up to `max` calls forgotten after change number `after`, in order. */
  since(after: number, max: number): ForgottenCall[] {
    try {
      this.#since ??= this.#db.prepare(
        'SELECT seq, call_id AS id, writer FROM forgotten WHERE seq > ? ORDER BY seq LIMIT ?',
      );
    } catch {
      // A file opened read-only that no Robot Tray with the log has opened: nothing was logged.
      return [];
    }
    return this.#since.all(after, max) as ForgottenCall[];
  }
}
