import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Call } from '../../shared/models/call.ts';
import type { NoteKind } from './changeNotes.ts';
import type { Connection } from './connection.ts';
import type { CallRow } from './historyRows.ts';

/** A call forgotten (deleted), as read from the log. */
export type ForgottenCall = { id: string; writer: string | null; seq: number };

/** What changed after a change number: calls, calls forgotten, and the other kinds of data noted. */
export type LogRead = {
  last: number;
  changes: LoggedChange[];
  forgotten: ForgottenCall[];
  /** The kinds of other data (robots, presets, settings, warnings …) another process changed. */
  kinds: Set<Exclude<NoteKind, 'forgotten'>>;
};

/** A call as stored, with the version its next write must name. */
export type StoredCall = { call: Call; version: number };

/** One call another process changed, read from the change log. */
export type LoggedChange = StoredCall & { holder: string | null; leaseUntil: number; writer: string | null };

/** The whole stored call: record, response, version, lease and change number. */
export const WHOLE = `SELECT c.data AS data, r.json AS json, r.exact AS exact, c.version AS version,
    c.lease_holder AS holder, c.lease_until AS lease_until, c.writer AS writer, c.seq AS seq
  FROM calls c LEFT JOIN responses r ON r.call_key = c.key`;

export type WholeRow = CallRow & {
  version: number;
  holder: string | null;
  lease_until: number;
  writer: string | null;
  seq: number;
};

/**
 * How a process reads what every process changed: every write takes the
 * next change number (calls.seq, counted in meta.seq), every change that
 * leaves no call row is noted with one (changeNotes.ts: a call forgotten,
 * the catalog, settings or warnings changed), and SQLite's data_version says
 * when to look.
 */
export class ChangeLog {
  readonly #db: DatabaseSync;
  readonly #conn: Connection;
  readonly #parse: (row: CallRow) => Call | undefined;
  readonly #changes: StatementSync;
  /** Asked five times a second by the change feed: prepared once. */
  #dataVersion: StatementSync | undefined;

  constructor(conn: Connection, parse: (row: CallRow) => Call | undefined) {
    this.#db = conn.db;
    this.#conn = conn;
    this.#parse = parse;
    this.#changes = conn.db.prepare(`${WHOLE} WHERE c.seq > ? ORDER BY c.seq LIMIT ?`);
  }

  /**
   * The calls changed, the calls forgotten and the kinds of other data
   * changed after change number `after` (at most `max` calls and `max`
   * notes), and the last number read.
   */
  since(after: number, max = 500): LogRead {
    const [rows, notes] = this.#conn.read(() =>
      this.#snapshot(
        () => [this.#changes.all(after, max) as WholeRow[], this.#conn.notes.since(after, max)] as const,
      ),
    );
    // Each list stops at `max`: past the end of a full one, the other may run ahead of it.
    const end = Math.min(
      rows.length === max ? rows.at(-1)!.seq : Number.POSITIVE_INFINITY,
      notes.length === max ? notes.at(-1)!.seq : Number.POSITIVE_INFINITY,
    );
    const read = notes.filter((n) => n.seq <= end);
    const forgotten: ForgottenCall[] = [];
    const kinds: LogRead['kinds'] = new Set();
    for (const note of read) {
      if (note.kind === 'forgotten')
        forgotten.push({ id: note.ref ?? '', writer: note.writer, seq: note.seq });
      else if (note.writer !== this.#conn.processId) kinds.add(note.kind);
    }
    const changes: LoggedChange[] = [];
    let last = Math.max(after, read.at(-1)?.seq ?? after);
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
    return { last, changes, forgotten, kinds };
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
    const row = this.#conn.read(() => this.#db.prepare("SELECT value FROM meta WHERE key = 'seq'").get()) as
      { value: number } | undefined;
    return row?.value ?? 0;
  }

  /** SQLite's count of commits by other connections: a change means read the change log. */
  dataVersion(): number {
    this.#dataVersion ??= this.#db.prepare('PRAGMA data_version');
    const statement = this.#dataVersion;
    return this.#conn.read(() => (statement.get() as { data_version: number }).data_version);
  }
}
