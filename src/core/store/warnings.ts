import { randomUUID } from 'node:crypto';
import type { StatementSync } from 'node:sqlite';
import type { Warning } from '../../shared/models/warning.ts';
import type { Connection } from './connection.ts';
import { whenFree } from './whenFree.ts';

/**
 * Warnings (records set aside, a database file moved away, writes failing)
 * for the window and the CLI to show. Once the log is attached to Robot
 * Tray's database they are its `warnings` table: they last until dismissed,
 * every process (the app, each command) shows the same ones, and an add or a
 * dismiss in one process is a change the others read from the log, as
 * calls are. Before it is attached (while the database itself is being
 * opened), and where the data folder cannot be written, they are kept in
 * this process.
 */
export class WarningLog {
  readonly #now: () => number;
  readonly #listeners = new Set<(warning: Warning) => void>();
  /** Warnings this process holds: before the database, or where it cannot be written. */
  readonly #own: Warning[] = [];
  /** Warnings being written again while another process holds the database. */
  readonly #retrying = new Set<Promise<void>>();
  #conn: Connection | undefined;
  #statements:
    { all: StatementSync; insert: StatementSync; find: StatementSync; remove: StatementSync } | undefined;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Keep warnings in the database from now on: the ones said so far go there too. */
  attach(conn: Connection): void {
    this.#conn = conn;
    const db = conn.db;
    this.#statements = {
      all: db.prepare('SELECT id, source, message, at FROM warnings ORDER BY key'),
      insert: db.prepare('INSERT OR IGNORE INTO warnings (id, source, message, at) VALUES (?, ?, ?, ?)'),
      find: db.prepare('SELECT id, source, message, at FROM warnings WHERE source = ? AND message = ?'),
      remove: db.prepare('DELETE FROM warnings WHERE id = ?'),
    };
    if (conn.readOnly !== undefined) return;
    const pending = this.#own.splice(0);
    for (const warning of pending) if (!this.#store(warning)) this.#own.push(warning);
  }

  /** Adds a warning (the same source and message once only) and announces it. */
  add(source: string, message: string): Warning {
    const known = this.list().find((w) => w.source === source && w.message === message);
    if (known !== undefined) return known;
    const warning = { id: randomUUID().slice(0, 8), source, message, at: this.#now() };
    if (!this.#store(warning)) {
      this.#own.push(warning);
      this.#storeWhenFree(warning);
    }
    // A new warning is announced so the window shows it without asking.
    for (const listener of this.#listeners) listener(warning);
    return warning;
  }

  subscribe(listener: (warning: Warning) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  list(): Warning[] {
    return [...this.#stored(), ...this.#own];
  }

  /** Forget one warning by id; false when there is none by that id. */
  dismiss(id: string): boolean {
    const i = this.#own.findIndex((w) => w.id === id);
    if (i >= 0) {
      this.#own.splice(i, 1);
      return true;
    }
    const conn = this.#conn;
    if (conn === undefined || !this.#stored().some((w) => w.id === id)) return false;
    // Dismissed here only, it would come back with the next command: a read-only folder says so.
    return conn.transaction(() => {
      const removed = Number(this.#statements!.remove.run(id).changes) > 0;
      if (removed) conn.note('warnings');
      return removed;
    });
  }

  #stored(): Warning[] {
    const conn = this.#conn;
    if (conn === undefined) return [];
    try {
      return conn.read(() => this.#statements!.all.all() as Warning[]);
    } catch {
      // Locked for a moment: this process's own warnings still show.
      return [];
    }
  }

  /** Waits for warnings still being written because another process held the database (before it closes). */
  async settled(): Promise<void> {
    await Promise.all(this.#retrying);
  }

  /** Written to the database; false where it cannot be (not attached yet, read-only, locked). */
  #store(warning: Warning): boolean {
    try {
      return this.#write(warning);
    } catch {
      return false;
    }
  }

  #write(warning: Warning): boolean {
    const conn = this.#conn;
    if (conn === undefined || conn.readOnly !== undefined) return false;
    conn.transaction(() => {
      const { insert } = this.#statements!;
      if (Number(insert.run(warning.id, warning.source, warning.message, warning.at).changes) > 0)
        conn.note('warnings');
    });
    return true;
  }

  /** A warning the database was too busy to take, written once the other process lets go (whenFree). */
  #storeWhenFree(warning: Warning): void {
    if (this.#conn === undefined || this.#conn.readOnly !== undefined) return;
    const retry = whenFree(() => this.#write(warning)).then(
      () => {
        const i = this.#own.indexOf(warning);
        if (i >= 0) this.#own.splice(i, 1);
      },
      // Still locked after the wait (or closed): it stays this process's own, shown here.
      () => undefined,
    );
    this.#retrying.add(retry);
    void retry.finally(() => this.#retrying.delete(retry));
  }
}
