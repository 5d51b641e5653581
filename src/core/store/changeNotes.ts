import type { DatabaseSync, StatementSync } from 'node:sqlite';

/**
 * What changed that leaves no call row to read, each with the change number
 * it took from `meta.seq` (as every call write does), so other processes
 * hear of it as they read the change log: a call forgotten (deleted), and
 * the robots, presets, settings, preset field values, warnings, watcher or
 * a token (set, cleared or moved: which one, the keychain says) or a batch
 * (`ref` its id) changed. The newest KEEP notes stay; a process further behind than that
 * has missed more than a list and reads everything again.
 */
export type NoteKind =
  | 'forgotten'
  | 'robots'
  | 'presets'
  | 'settings'
  | 'preset-values'
  | 'warnings'
  | 'watcher'
  | 'team-copy'
  | 'tokens'
  | 'batches';

/** One note as read from the log: `ref` is the forgotten call's or the changed batch's id (null for the others). */
export type Note = { seq: number; kind: NoteKind; ref: string | null; writer: string | null };

const KEEP = 10_000;

export class ChangeNotes {
  readonly #db: DatabaseSync;
  #insert: StatementSync | undefined;
  #since: StatementSync | undefined;
  #last: StatementSync | undefined;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Inside the caller's write transaction. */
  record(kind: NoteKind, ref: string | null, seq: number, writer: string): void {
    this.#insert ??= this.#db.prepare('INSERT INTO notes (seq, kind, ref, writer) VALUES (?, ?, ?, ?)');
    this.#insert.run(seq, kind, ref, writer);
  }

  /** Drop all but the newest KEEP notes; inside the caller's write transaction. */
  trim(): void {
    this.#db
      .prepare('DELETE FROM notes WHERE seq <= (SELECT seq FROM notes ORDER BY seq DESC LIMIT 1 OFFSET ?)')
      .run(KEEP);
  }

  /** Up to `max` notes after change number `after`, in order. */
  since(after: number, max: number): Note[] {
    this.#since ??= this.#db.prepare(
      'SELECT seq, kind, ref, writer FROM notes WHERE seq > ? ORDER BY seq LIMIT ?',
    );
    return this.#since.all(after, max) as Note[];
  }

  /** The change number of the latest note of `kind` (0: none kept): what a cache of it is as of. */
  last(kind: NoteKind): number {
    this.#last ??= this.#db.prepare('SELECT coalesce(max(seq), 0) AS seq FROM notes WHERE kind = ?');
    return (this.#last.get(kind) as { seq: number }).seq;
  }
}
