import type { DatabaseSync } from 'node:sqlite';
import { type BudgetSeen, budgetMayBeOver, overBudget } from './historyBudget.ts';
import type { SharedWrites } from './sharedWrites.ts';

/** Writes between two looks at the budget: a state change stays O(1) on average. */
const WRITES_PER_LOOK = 16;

/**
 * When and how one connection prunes the history to its limits (see
 * overBudget for which calls go): checked every few writes, and counted only
 * when it may be over budget (budgetMayBeOver). The calls pruned are logged
 * as forgotten, so other processes drop them as they do a call forgotten by
 * hand, and this process's listeners are told.
 */
export class HistoryPrune {
  readonly #db: DatabaseSync;
  readonly #writes: SharedWrites;
  readonly #now: () => number;
  readonly #listeners = new Set<(ids: readonly string[]) => void>();
  #writesSince = 0;
  /** What the last count of the history found (see budgetMayBeOver). */
  #seen: BudgetSeen | undefined;

  constructor(db: DatabaseSync, writes: SharedWrites, now: () => number) {
    this.#db = db;
    this.#writes = writes;
    this.#now = now;
  }

  /** `rows` call writes were made through this connection. */
  wrote(rows: number): void {
    this.#writesSince += rows;
  }

  /** Prune to `limit` calls and `maxBytes` bytes (`force`: now, whatever the count of writes); how many went. */
  run(limit: number, force: boolean, maxBytes: number): number {
    if (!force && this.#writesSince < WRITES_PER_LOOK) return 0;
    this.#writesSince = 0;
    const writes = this.#writes;
    const now = () => ({
      dataVersion: writes.dataVersion(),
      grownRows: writes.grown().rows,
      grownBytes: writes.grown().bytes,
    });
    if (!force && !budgetMayBeOver(this.#seen, now(), limit, maxBytes)) return 0;
    let seen: BudgetSeen | undefined;
    let pruned: string[] = [];
    const forgotten = writes.forget(() => {
      // Inside the write transaction: no other connection commits between this and the count.
      const at = now();
      const found = overBudget(this.#db, limit, maxBytes, this.#now());
      seen = { ...at, rows: found.rows, bytes: found.bytes };
      pruned = found.ids;
      return found.ids;
    });
    this.#seen = forgotten > 0 ? undefined : seen;
    if (forgotten > 0) for (const listener of this.#listeners) listener(pruned);
    return forgotten;
  }

  /** Told the ids of the calls this connection pruned (other processes read them from the log). */
  onPruned(listener: (ids: readonly string[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
