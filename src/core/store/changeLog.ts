import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Call } from '../../shared/models/call.ts';
import type { ForgottenCall, ForgottenLog } from './forgottenLog.ts';
import type { CallRow } from './historyRows.ts';

/** A call as stored, with the version its next write must name. */
export type StoredCall = { call: Call; version: number };

/** One call another process changed, read from the change log. */
export type LoggedChange = StoredCall & { holder: string | null; leaseUntil: number; writer: string | null };

/** The whole stored call: record, response, version, lease and change number. */
export const WHOLE = `SELECT c.data AS data, r.json AS json, r.exact AS exact, c.version AS version,
    c.lease_holder AS holder, c.lease_until AS lease_until, c.writer AS writer, c.seq AS seq
  FROM calls c LEFT JOIN responses r ON r.call_id = c.id`;

export type WholeRow = CallRow & {
  version: number;
  holder: string | null;
  lease_until: number;
  writer: string | null;
  seq: number;
};

/**
 * How a process reads what others changed: every write takes the next
 * change number (calls.seq, counted in meta.seq), every forget is logged
 * with one (forgottenLog.ts), and SQLite's data_version says when to look.
 */
export class ChangeLog {
  readonly #db: DatabaseSync;
  readonly #parse: (row: CallRow) => Call | undefined;
  readonly #get: <T>(work: () => T) => T;
  readonly #forgotten: ForgottenLog;
  readonly #changes: StatementSync;
  /** Asked five times a second by the change feed: prepared once. */
  #dataVersion: StatementSync | undefined;

  constructor(
    db: DatabaseSync,
    parse: (row: CallRow) => Call | undefined,
    read: <T>(work: () => T) => T,
    forgotten: ForgottenLog,
  ) {
    this.#db = db;
    this.#parse = parse;
    this.#get = read;
    this.#forgotten = forgotten;
    this.#changes = db.prepare(`${WHOLE} WHERE c.seq > ? ORDER BY c.seq LIMIT ?`);
  }

  /**
   * The calls changed and the calls forgotten after change number `after`
   * (at most `max` of each), and the last number read.
   */
  since(after: number, max = 500): { last: number; changes: LoggedChange[]; forgotten: ForgottenCall[] } {
    const [rows, gone] = this.#get(() =>
      this.#snapshot(
        () => [this.#changes.all(after, max) as WholeRow[], this.#forgotten.since(after, max)] as const,
      ),
    );
    // Each list stops at `max`: past the end of a full one, the other may run ahead of it.
    const end = Math.min(
      rows.length === max ? rows.at(-1)!.seq : Number.POSITIVE_INFINITY,
      gone.length === max ? gone.at(-1)!.seq : Number.POSITIVE_INFINITY,
    );
    const forgotten = gone.filter((g) => g.seq <= end);
    const changes: LoggedChange[] = [];
    let last = Math.max(after, forgotten.at(-1)?.seq ?? after);
    for (const row of rows) {
      if (row.seq > end) break;
      last = Math.max(last, row.seq);
      const call = this.#parse(row);
      if (call === undefined) continue;
      changes.push({
        call,
        version: row.version,
        holder: row.holder,
        leaseUntil: row.lease_until,
        writer: row.writer,
      });
    }
    return { last, changes, forgotten };
  }

  /** Reads that see one state of the file (a read transaction), unless one is open already. */
  #snapshot<T>(work: () => T): T {
    if (this.#db.isTransaction) return work();
    this.#db.exec('BEGIN');
    try {
      return work();
    } finally {
      this.#db.exec('COMMIT');
    }
  }

  /** The latest change number. */
  lastSeq(): number {
    const row = this.#get(() => this.#db.prepare("SELECT value FROM meta WHERE key = 'seq'").get()) as
      { value: number } | undefined;
    return row?.value ?? 0;
  }

  /** SQLite's count of commits by other connections: a change means read the change log. */
  dataVersion(): number {
    this.#dataVersion ??= this.#db.prepare('PRAGMA data_version');
    const statement = this.#dataVersion;
    return this.#get(() => (statement.get() as { data_version: number }).data_version);
  }
}
