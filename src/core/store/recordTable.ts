import type { StatementSync } from 'node:sqlite';
import type { z } from 'zod';
import type { NoteKind } from './changeNotes.ts';
import type { Connection } from './connection.ts';
import { whenFree } from './whenFree.ts';
import type { WarningLog } from './warnings.ts';

/** What a table of records is: its name in the database, its kind in the change log, its record's schema. */
export type RecordTableOptions<S extends z.ZodType<{ id: string }>> = {
  table: 'robots' | 'presets' | 'preset_values' | 'settings';
  kind: Exclude<NoteKind, 'forgotten'>;
  record: S;
  /** What a record is called in a warning ("A robot"), and whether the warning names its id. */
  label: string;
  namedById: boolean;
  /** What the warning says follows from setting one aside ("the others are as they were."). */
  afterward: string;
  warnings: WarningLog;
  now: () => number;
  /** Run after each write is committed (the catalog backup); a failure there fails nothing. */
  afterWrite?: () => Promise<void>;
};

type Cached<T> = { seq: number; data: T[]; seenAt: number };
type Row = { key: number; id: string; data: string };

/** What is wrong with a record, as the first problem its schema found: the field, then the rule. */
function issueWords(issue: { path: PropertyKey[]; message: string } | undefined): string {
  if (issue === undefined) return 'it does not match its schema';
  const field = issue.path.map(String).join('.');
  return field === '' ? issue.message : `${field}: ${issue.message}`;
}

/**
 * Records of one kind (robots, presets, …), one row each, in Robot Tray's
 * database. Reads are cached until the change log says the kind changed
 * (one indexed lookup), so another process's change is seen at the next
 * read; a record that cannot be read (damaged, or written by a broken
 * program) is set aside in `set_aside` with a warning, never a crash, and
 * the others load. A change reads the rows inside a write transaction,
 * applies `change` to the list, and writes only the rows that differ, so
 * two processes changing records at once never lose each other's change.
 */
export class RecordTable<S extends z.ZodType<{ id: string }>> {
  readonly #conn: Connection;
  readonly #o: RecordTableOptions<S>;
  readonly #all: StatementSync;
  readonly #upsert: StatementSync;
  readonly #delete: StatementSync;
  #cache: Cached<z.output<S>> | undefined;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(conn: Connection, options: RecordTableOptions<S>) {
    this.#conn = conn;
    this.#o = options;
    const { table } = options;
    this.#all = conn.db.prepare(`SELECT key, id, data FROM ${table} ORDER BY key`);
    this.#upsert = conn.db.prepare(
      `INSERT INTO ${table} (id, data) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET data = excluded.data`,
    );
    this.#delete = conn.db.prepare(`DELETE FROM ${table} WHERE id = ?`);
  }

  get writable(): boolean {
    return this.#conn.readOnly === undefined;
  }

  /** Throws the data folder's `storage` error when it cannot be written: for changes made elsewhere first (the keychain). */
  assertWritable(): void {
    if (this.#conn.readOnly !== undefined) throw this.#conn.readOnly;
  }

  /**
   * The records, as of the latest change any process made; `maxAgeMs`
   * allows a copy checked that recently (a poller asking for its robot on
   * every query asks the log at most that often).
   */
  read(options: { maxAgeMs?: number } = {}): z.output<S>[] {
    const cache = this.#cache;
    const now = this.#o.now();
    if (cache !== undefined && options.maxAgeMs !== undefined && now - cache.seenAt < options.maxAgeMs)
      return cache.data;
    const seq = this.#conn.read(() => this.#conn.notes.last(this.#o.kind));
    if (cache !== undefined && cache.seq === seq) {
      cache.seenAt = now;
      return cache.data;
    }
    const data = this.#conn.read(() => this.#load());
    this.#cache = { seq, data, seenAt: now };
    return data;
  }

  /**
   * Apply `change` to the records as stored now, in one write transaction:
   * every record of `next` is checked with the schema first (a record that
   * would not read back is never written), then only the rows that differ
   * are written, and the change is noted for every process. Another process
   * writing at that moment is waited for (whenFree), never failed at once.
   * Resolves once the change is committed and `afterWrite` ran.
   */
  update<R>(change: (current: z.output<S>[]) => { next: z.output<S>[]; result: R }): Promise<R> {
    const run = this.#queue.then(async () => {
      const result = await whenFree(() =>
        this.#conn.transaction(() => {
          const current = this.#load();
          const { next, result } = change(current);
          const checked = next.map((record) => this.#o.record.parse(record) as z.output<S>);
          const before = new Map(current.map((r) => [r.id, JSON.stringify(r)]));
          const kept = new Set<string>();
          for (const record of checked) {
            kept.add(record.id);
            const text = JSON.stringify(record);
            if (before.get(record.id) !== text) this.#upsert.run(record.id, text);
          }
          for (const id of before.keys()) if (!kept.has(id)) this.#delete.run(id);
          const seq = this.#conn.note(this.#o.kind);
          this.#cache = { seq, data: checked, seenAt: this.#o.now() };
          return result;
        }),
      );
      await this.#o.afterWrite?.().catch(() => undefined);
      return result;
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** The stored records, each checked; a record that cannot be read is set aside, with a warning. */
  #load(): z.output<S>[] {
    const rows = this.#all.all() as Array<Row>;
    const records: z.output<S>[] = [];
    const unreadable: Array<Row & { reason: string }> = [];
    for (const row of rows) {
      let parsed;
      try {
        parsed = this.#o.record.safeParse(JSON.parse(row.data));
      } catch (error) {
        unreadable.push({ ...row, reason: `not JSON: ${(error as Error).message}` });
        continue;
      }
      if (parsed.success) records.push(parsed.data as z.output<S>);
      else unreadable.push({ ...row, reason: issueWords(parsed.error.issues[0]) });
    }
    if (unreadable.length > 0) this.#setAside(unreadable);
    return records;
  }

  #setAside(rows: ReadonlyArray<Row & { reason: string }>): void {
    const { table, label, namedById, afterward, warnings } = this.#o;
    for (const row of rows)
      warnings.add(
        this.#conn.fileName,
        `${label}${namedById ? ` (id ${row.id})` : ''} in Robot Tray's database could not be read (${row.reason}) and was set aside; ${afterward}`,
      );
    // Moved out of the way, never deleted: a person (or support) can still read it there.
    if (this.#conn.readOnly !== undefined) return;
    try {
      const inTransaction = this.#conn.db.isTransaction;
      const move = () => {
        for (const row of rows) {
          this.#conn.db
            .prepare('INSERT INTO set_aside (kind, data, reason, at) VALUES (?, ?, ?, ?)')
            .run(table, row.data, row.reason, this.#o.now());
          this.#conn.db.prepare(`DELETE FROM ${table} WHERE key = ?`).run(row.key);
        }
      };
      if (inTransaction) move();
      else this.#conn.transaction(move);
    } catch {
      // Locked for a moment: it is skipped again at the next read.
    }
  }
}
