import type { DatabaseSync, StatementSync } from 'node:sqlite';

/**
 * One write transaction of the history (BEGIN IMMEDIATE: no other writer
 * between its reads and its writes), and the change numbers its writes take.
 *
 * Every write takes the next number of `meta.seq`, as before; the counter is
 * read once when a transaction first needs it, counted on here, and stored
 * once just before COMMIT, in the same transaction: other processes see the
 * same numbers, the same last number, at the same moment, for one statement
 * per transaction instead of one per write. A transaction that fails rolls
 * the counter back with the rows that took its numbers.
 */
export class WriteTransaction {
  readonly #db: DatabaseSync;
  readonly #guard: <T>(work: () => T) => T;
  readonly #readSeq: StatementSync;
  readonly #saveSeq: StatementSync;
  /** The last number taken in the open transaction; undefined while none was. */
  #seq: number | undefined;

  constructor(db: DatabaseSync, guard: <T>(work: () => T) => T) {
    this.#db = db;
    this.#guard = guard;
    this.#readSeq = db.prepare("SELECT value FROM meta WHERE key = 'seq'");
    this.#saveSeq = db.prepare("UPDATE meta SET value = ? WHERE key = 'seq'");
  }

  /**
   * `work` in one write transaction; its change numbers are stored with it.
   * Called inside an open one (a warning said while a change is written), it
   * joins it: its writes commit or roll back with the rest.
   */
  run<T>(work: () => T): T {
    if (this.#db.isTransaction) return work();
    return this.#guard(() => {
      this.#db.exec('BEGIN IMMEDIATE');
      this.#seq = undefined;
      try {
        const result = work();
        if (this.#seq !== undefined) this.#saveSeq.run(this.#seq);
        this.#db.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
        throw error;
      } finally {
        this.#seq = undefined;
      }
    });
  }

  /** The next change number, not taken yet (a write that may not happen); only inside `run`. */
  peekSeq(): number {
    if (!this.#db.isTransaction) throw new Error('A change number is taken inside a write transaction.');
    this.#seq ??= (this.#readSeq.get() as { value: number } | undefined)?.value ?? 0;
    return this.#seq + 1;
  }

  /** Take the next change number; only inside `run`. */
  nextSeq(): number {
    this.#seq = this.peekSeq();
    return this.#seq;
  }
}
