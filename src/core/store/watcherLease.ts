import { hostname } from 'node:os';
import type { StatementSync } from 'node:sqlite';
import type { Connection } from './connection.ts';

/** How long the watcher's word holds; the app says it again every few seconds (its scan). */
export const WATCHER_LEASE_MS = 30_000;

/**
 * Which process watches the data folder's waiting calls (the app, while it
 * runs): one row of the database, held with a lease the watcher renews. A
 * CLI command asks it whether a call it leaves waiting will really be
 * watched, instead of promising that "the app keeps watching it" when no
 * app runs; a watcher that crashed stops counting when its lease runs out.
 * Judged by this host's clock, and only for a watcher on this host (a data
 * folder on a shared drive may be another machine's, with another clock).
 */
export class WatcherLease {
  readonly #conn: Connection;
  readonly #now: () => number;
  readonly #hold: StatementSync;
  readonly #renew: StatementSync;
  readonly #release: StatementSync;
  readonly #read: StatementSync;
  #holding = false;

  constructor(conn: Connection, now: () => number) {
    this.#conn = conn;
    this.#now = now;
    const db = conn.db;
    this.#hold = db.prepare(
      'INSERT OR REPLACE INTO watcher (id, holder, pid, host, until) VALUES (1, ?, ?, ?, ?)',
    );
    this.#renew = db.prepare('UPDATE watcher SET until = ? WHERE holder = ?');
    this.#release = db.prepare('DELETE FROM watcher WHERE holder = ?');
    this.#read = db.prepare('SELECT holder, host, until FROM watcher WHERE id = 1');
  }

  /** This process watches from now on (the last to start wins: one app per data folder watches). */
  hold(): void {
    if (this.#conn.readOnly !== undefined) return;
    try {
      this.#conn.transaction(() => {
        this.#hold.run(this.#conn.processId, process.pid, hostname(), this.#now() + WATCHER_LEASE_MS);
        this.#conn.note('watcher');
      });
      this.#holding = true;
    } catch {
      // A read-only or locked file: the app still works; a command just cannot tell it runs.
    }
  }

  /** Say again that this process watches; taken back if another one took the row meanwhile. */
  renew(): void {
    if (!this.#holding) return;
    try {
      const renewed = this.#conn.write(() =>
        this.#renew.run(this.#now() + WATCHER_LEASE_MS, this.#conn.processId),
      );
      if (Number(renewed.changes) === 0) this.hold();
    } catch {
      // Locked for a moment: the lease still holds for a while.
    }
  }

  release(): void {
    if (!this.#holding) return;
    this.#holding = false;
    try {
      this.#conn.transaction(() => {
        if (Number(this.#release.run(this.#conn.processId).changes) > 0) this.#conn.note('watcher');
      });
    } catch {
      // Closing anyway: the lease runs out by itself.
    }
  }

  /** Whether another live process watches: true, false, or undefined when the watcher is on another host. */
  othersWatching(): boolean | undefined {
    let row: { holder: string; host: string; until: number } | undefined;
    try {
      row = this.#conn.read(() => this.#read.get()) as typeof row;
    } catch {
      return undefined;
    }
    if (row === undefined || row.holder === this.#conn.processId) return false;
    if (row.host !== hostname()) return undefined;
    return row.until > this.#now();
  }
}
