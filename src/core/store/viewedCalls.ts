import type { DatabaseSync, StatementSync } from 'node:sqlite';

/**
 * The call each process's window shows now, so that no process's prune
 * removes it from under the person reading it (historyBudget.ts). One row
 * per process: a window pins one call at most, and only while it keeps
 * saying so; a hint not renewed within VIEW_LEASE_MS (the window closed,
 * hung or crashed) counts for nothing.
 *
 * Like the log of forgotten calls, the table is created by every Robot Tray
 * that opens the file without changing the schema version: one without it
 * ignores the table, and its prunes do not see what is shown.
 */
export const VIEWED_TABLE = `CREATE TABLE IF NOT EXISTS viewed_calls (
    viewer TEXT PRIMARY KEY,
    call_id TEXT NOT NULL,
    until INTEGER NOT NULL
  )`;

/** How long a window's word that it shows a call holds; it says so again well before (every 20 s). */
export const VIEW_LEASE_MS = 60_000;

/** The calls shown in some window at `now` (a `?` to bind): never pruned. */
export const VIEWED_NOW = 'SELECT call_id FROM viewed_calls WHERE until > ?';

export class ViewedCalls {
  readonly #db: DatabaseSync;
  readonly #me: string;
  #show: StatementSync | undefined;
  #hide: StatementSync | undefined;

  constructor(db: DatabaseSync, me: string) {
    this.#db = db;
    this.#me = me;
  }

  /** This process's window shows `id` until `until` unless said again; null: it shows none. */
  show(id: string | null, until: number): void {
    if (id === null) {
      this.#hide ??= this.#db.prepare('DELETE FROM viewed_calls WHERE viewer = ?');
      this.#hide.run(this.#me);
      return;
    }
    this.#show ??= this.#db.prepare(
      'INSERT OR REPLACE INTO viewed_calls (viewer, call_id, until) VALUES (?, ?, ?)',
    );
    this.#show.run(this.#me, id, until);
  }
}
