import type { StatementSync } from 'node:sqlite';
import type { Call } from '../../shared/models/call.ts';
import { CallRowWrites, type RowWritten } from './callRowWrites.ts';
import { ChangeLog, type LogRead, type StoredCall, WHOLE, type WholeRow } from './changeLog.ts';
import type { Connection } from './connection.ts';
import { type CallRow, toRows } from './historyRows.ts';
import { writeWins } from './writeRules.ts';

export type { LoggedChange, LogRead, StoredCall } from './changeLog.ts';

/**
 * What a versioned write did: wrote `call` (now at `version`), or found a truer
 * record and left it; `forgotten`: the call was forgotten meanwhile (by any
 * process), so nothing was written.
 */
export type CommitResult = StoredCall & { written: boolean; holder: string | null; forgotten?: true };

/** One write for commit: the call, the version its writer last saw (0: new), its lease. */
export type PendingWrite = { call: Call; expected: number; leaseUntil: number | undefined };

/**
 * Writes that stay true when several processes share the history:
 * - every state write names the version it last saw; one that did not see the
 *   stored version goes in only by the rules of writeRules.ts (a final state
 *   is never replaced by a lesser one), else the stored record wins and is
 *   handed back for the writer to adopt;
 * - a commit may set or let go of the lease (callLeases.ts) of the process
 *   watching the call;
 * - every write takes the next change number, so other processes read
 *   exactly what changed since they last looked (changesSince), a forgotten
 *   call included (noted: changeNotes.ts).
 */
export class SharedWrites {
  readonly #conn: Connection;
  readonly #me: string;
  readonly #parse: (row: CallRow) => Call | undefined;
  readonly #rows: CallRowWrites;
  readonly #log: ChangeLog;
  readonly #whole: StatementSync;
  readonly #delete: StatementSync;
  /** Rows this connection inserted and bytes it wrote, ever (a rolled-back write counted too). */
  #grown = { rows: 0, bytes: 0 };

  constructor(conn: Connection, parse: (row: CallRow) => Call | undefined) {
    const db = conn.db;
    this.#conn = conn;
    this.#me = conn.processId;
    this.#parse = parse;
    this.#rows = new CallRowWrites(db, this.#me);
    this.#log = new ChangeLog(conn, parse);
    this.#whole = db.prepare(`${WHOLE} WHERE c.id = ?`);
    this.#delete = db.prepare('DELETE FROM calls WHERE id = ?');
  }

  /** Write `call` as it is, whatever is stored; its lease, if any, is kept. */
  put(call: Call): void {
    this.#transaction(() => {
      const head = this.#rows.head(call.id);
      const rows = toRows(call);
      const seq = this.#conn.peekSeq();
      // Inside BEGIN IMMEDIATE: the row is as just read.
      const written =
        head === undefined
          ? this.#rows.insert(call, rows, seq, undefined)
          : this.#rows.update(call, rows, head, seq, undefined);
      this.#wrote(call, written!, head === undefined);
    });
  }

  /**
   * Write `call`, which its writer last saw at `expected` (0: a new call).
   * `leaseUntil`: keep watching it until then (this process holds the lease);
   * 0 lets the lease go (a final state); undefined leaves the lease as it is.
   */
  commit(call: Call, expected: number, leaseUntil: number | undefined): CommitResult {
    return this.#transaction(() => this.#commit(call, expected, leaseUntil));
  }

  /**
   * Several commits in one transaction, in order, each by the rules of
   * `commit`: what one tick of polling changed costs one transaction.
   */
  commitAll(writes: readonly PendingWrite[]): CommitResult[] {
    return this.#transaction(() => writes.map((w) => this.#commit(w.call, w.expected, w.leaseUntil)));
  }

  #commit(call: Call, expected: number, leaseUntil: number | undefined): CommitResult {
    const rows = toRows(call);
    // One statement when the writer saw the stored row: a new call, or the row this connection last wrote.
    const known = expected === 0 ? undefined : this.#rows.known(call.id);
    if (expected === 0 || known?.version === expected) {
      const seq = this.#conn.peekSeq();
      const written =
        known === undefined
          ? this.#rows.insert(call, rows, seq, leaseUntil)
          : this.#rows.update(call, rows, known, seq, leaseUntil);
      if (written !== undefined) return this.#wrote(call, written, known === undefined);
    }
    const head = this.#rows.head(call.id);
    if (head === undefined) {
      // A call forgotten meanwhile by another process stays forgotten.
      if (expected > 0) return { call, version: expected, written: false, holder: null, forgotten: true };
      return this.#wrote(call, this.#rows.insert(call, rows, this.#conn.peekSeq(), leaseUntil)!, true);
    }
    const wins = writeWins({
      mine: call.state,
      stored: head.state,
      sawStoredVersion: head.version === expected,
      holdsLease: head.holder === this.#me,
      mineAccepted: call.webhookCallId !== null,
      storedAccepted: head.webhook !== null,
    });
    if (!wins) {
      const stored = this.#read(call.id);
      return stored === undefined
        ? { call, version: head.version, written: false, holder: head.holder }
        : { ...stored, written: false, holder: head.holder };
    }
    // The row was just read in this transaction: the update finds it as read.
    return this.#wrote(call, this.#rows.update(call, rows, head, this.#conn.peekSeq(), leaseUntil)!, false);
  }

  /**
   * Delete the calls `pick` names (read in the same transaction) and log each
   * as forgotten, so every process drops them; returns how many were deleted.
   */
  forget(pick: () => readonly string[]): number {
    return this.#transaction(() => {
      let deleted = 0;
      for (const id of pick()) {
        this.#rows.forget(id);
        if (Number(this.#delete.run(id).changes) === 0) continue;
        this.#conn.note('forgotten', id);
        deleted++;
      }
      if (deleted > 0) this.#conn.notes.trim();
      return deleted;
    });
  }

  /**
   * The calls changed, the calls forgotten and the kinds of catalog data
   * changed after change number `after` (at most `max` of each), and the
   * last number read (see ChangeLog.since).
   */
  changesSince(after: number, max = 500): LogRead {
    return this.#log.since(after, max);
  }

  /** The latest change number. */
  lastSeq(): number {
    return this.#log.lastSeq();
  }

  /** SQLite's count of commits by other connections: a change means read the change log. */
  dataVersion(): number {
    return this.#log.dataVersion();
  }

  /** What this connection's writes could have added to the history: rows inserted, bytes written. */
  grown(): { rows: number; bytes: number } {
    return this.#grown;
  }

  /** A call as stored now, with its version. */
  read(id: string): StoredCall | undefined {
    return this.#conn.read(() => this.#read(id));
  }

  #read(id: string): StoredCall | undefined {
    const row = this.#whole.get(id) as WholeRow | undefined;
    if (row === undefined) return undefined;
    const call = this.#parse(row);
    return call === undefined ? undefined : { call, version: row.version };
  }

  /** A row written: its change number is taken, its bytes counted. */
  #wrote(call: Call, written: RowWritten, inserted: boolean): CommitResult {
    this.#conn.nextSeq();
    this.#grown = {
      rows: this.#grown.rows + (inserted ? 1 : 0),
      bytes: this.#grown.bytes + written.bytes,
    };
    return { call, version: written.version, written: true, holder: written.holder };
  }

  /** `work` in one write transaction (BEGIN IMMEDIATE: no other writer between its reads and writes). */
  transaction<T>(work: () => T): T {
    return this.#transaction(work);
  }

  #transaction<T>(work: () => T): T {
    return this.#conn.transaction(work);
  }
}
