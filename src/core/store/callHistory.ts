import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { Call, type CallDetail, CallFilter, activeStates, callDetail } from '../../shared/models/call.ts';
import { AppError, validationError } from '../errors.ts';
import { deleteFinishedQuery, likePattern, listQuery, searchText } from './callQueries.ts';
import { OPEN_WAIT_MS, openHistoryFile, storageError } from './historyFile.ts';
import type { WarningLog } from './warnings.ts';

/**
 * Call history in SQLite (node:sqlite, built into Node 24 and Electron 45).
 * One state change is one row upsert, never a rewrite of the history. The
 * app and the CLI share the file; WAL and a busy timeout let both write.
 */
export class CallHistory {
  readonly #db: DatabaseSync;
  readonly #upsert: StatementSync;
  readonly #get: StatementSync;
  readonly #getDetail: StatementSync;
  readonly #idOf: StatementSync;
  readonly #byWebhookId: StatementSync;
  readonly #delete: StatementSync;
  readonly #count: StatementSync;
  readonly #warnings: WarningLog;
  #rowsSincePrune = 0;

  readonly #file: string;
  readonly #readOnly: AppError | undefined;
  /** Records already checked against the schema (records are never mutated once built). */
  readonly #checked = new WeakSet<Call>();

  private constructor(db: DatabaseSync, warnings: WarningLog, file: string, readOnly: AppError | undefined) {
    this.#db = db;
    this.#file = file;
    this.#readOnly = readOnly;
    this.#warnings = warnings;
    this.#upsert = db.prepare(
      `INSERT INTO calls (id, robot_id, state, created_at, webhook_call_id, search, data)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET state = excluded.state, webhook_call_id = excluded.webhook_call_id,
         search = excluded.search, data = excluded.data`,
    );
    this.#get = db.prepare('SELECT data FROM calls WHERE id = ?');
    // SQLite's JSON functions cut the response out as text, in C: the
    // record is read without it and the response is never parsed in JS.
    this.#getDetail = db.prepare(
      `SELECT json_remove(data, '$.response', '$.responseText') AS data,
         data -> '$.response' AS response, data ->> '$.responseText' AS exact
       FROM calls WHERE id = ?`,
    );
    this.#idOf = db.prepare(
      `SELECT id FROM calls WHERE id = ?
       UNION ALL SELECT * FROM (SELECT id FROM calls WHERE webhook_call_id = ? ORDER BY created_at DESC LIMIT 1)
       LIMIT 1`,
    );
    this.#byWebhookId = db.prepare(
      'SELECT data FROM calls WHERE webhook_call_id = ? ORDER BY created_at DESC LIMIT 1',
    );
    this.#delete = db.prepare('DELETE FROM calls WHERE id = ?');
    this.#count = db.prepare('SELECT COUNT(*) AS n FROM calls');
  }

  /**
   * Open (or create) the history file; see openHistoryFile. `readOnly` (the
   * data folder cannot be written) opens it for reading and makes every
   * write throw that error.
   */
  static open(
    file: string,
    warnings: WarningLog,
    now: () => number = Date.now,
    readOnly?: AppError,
  ): CallHistory {
    return new CallHistory(openHistoryFile(file, warnings, now, readOnly), warnings, file, readOnly);
  }

  /**
   * Open, waiting without blocking the event loop (at most OPEN_WAIT_MS)
   * while another process holds the file locked; then a `busy` error that
   * says nothing was sent or changed.
   */
  static async openWaiting(
    file: string,
    warnings: WarningLog,
    now: () => number = Date.now,
    readOnly?: AppError,
    waitMs = OPEN_WAIT_MS,
  ): Promise<CallHistory> {
    const deadline = Date.now() + waitMs;
    for (let delay = 25; ; delay = Math.min(delay * 2, 250)) {
      try {
        return CallHistory.open(file, warnings, now, readOnly);
      } catch (error) {
        if (!(error instanceof AppError) || error.kind !== 'busy') throw error;
        if (Date.now() + delay > deadline) {
          throw new AppError('busy', `${error.message} Nothing was sent or changed.`, { cause: error });
        }
        // A timer that keeps the process alive: a one-shot command is waiting on it.
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  /**
   * Write one call. It is checked with the very schema the read path uses, so
   * a row that could not be read back is never written: a refused call
   * throws a `validation` error naming the field. A file locked by another
   * process or not writable throws a `storage` error.
   */
  put(call: Call): void {
    if (!this.#checked.has(call)) this.check(call);
    this.#run(() =>
      this.#upsert.run(
        call.id,
        call.robotId,
        call.state,
        call.createdAt,
        call.webhookCallId,
        searchText(call),
        JSON.stringify(call),
      ),
    );
    this.#rowsSincePrune++;
  }

  /** Throws a `validation` error naming the field when `call` could not be read back once written. */
  check(call: Call): void {
    const checked = Call.safeParse(call);
    if (!checked.success) throw validationError(checked.error, 'call');
    this.#checked.add(call);
  }

  /** A write, with SQLite's busy and locked failures as `busy` errors, read-only and full ones as `storage`. */
  #run<T>(statement: () => T): T {
    if (this.#readOnly !== undefined) throw this.#readOnly;
    return this.#read(statement);
  }

  /** A read: another process may hold the file locked. */
  #read<T>(statement: () => T): T {
    try {
      return statement();
    } catch (error) {
      throw storageError(this.#file, error);
    }
  }

  get(id: string): Call | undefined {
    return this.#parseRow(this.#read(() => this.#get.get(id)));
  }

  /** Up to `max` calls whose local id starts with `prefix`, for ids typed short (as git takes a commit). */
  findByIdPrefix(prefix: string, max = 2): Call[] {
    const rows = this.#db
      .prepare("SELECT data FROM calls WHERE id LIKE ? ESCAPE '\\' ORDER BY created_at DESC LIMIT ?")
      .all(likePattern(prefix, 'start'), max);
    return rows.map((row) => this.#parseRow(row)).filter((c): c is Call => c !== undefined);
  }

  /**
   * One call as the window reads it (see CallDetail), its response as the
   * JSON text stored. SQLite reads JSON 1,000 levels deep, more than a
   * stored answer may nest (MAX_JSON_DEPTH); a record it cannot read
   * (damaged) is read the usual way, which skips it with a warning.
   */
  getDetail(id: string): CallDetail | undefined {
    let row: { data: string; response: unknown; exact: unknown } | undefined;
    try {
      row = this.#read(() => this.#getDetail.get(id)) as typeof row;
    } catch (error) {
      if (error instanceof AppError) throw error;
      return this.#wholeDetail(id);
    }
    if (row === undefined) return undefined;
    const { response, exact } = row;
    if (response === null && exact === null) {
      const call = this.#parseRow(row);
      return call === undefined ? undefined : callDetail(call);
    }
    // What json_remove took out is not checked by the schema: a record whose
    // response is not shaped as a written one is read the checked way.
    if (typeof response !== 'string' || (exact !== null && typeof exact !== 'string'))
      return this.#wholeDetail(id);
    const call = this.#parseRow(row);
    return call === undefined ? undefined : { ...callDetail(call), responseJson: exact ?? response };
  }

  #wholeDetail(id: string): CallDetail | undefined {
    const whole = this.get(id);
    return whole === undefined ? undefined : callDetail(whole);
  }

  /** The local id of a call given by its local id or its webhookCallId, without reading the record. */
  idOf(idOrWebhookCallId: string): string | undefined {
    const row = this.#read(() => this.#idOf.get(idOrWebhookCallId, idOrWebhookCallId)) as
      { id: string } | undefined;
    return row?.id;
  }

  getByWebhookCallId(webhookCallId: string): Call | undefined {
    return this.#parseRow(this.#read(() => this.#byWebhookId.get(webhookCallId)));
  }

  list(filter: CallFilter = {}): Call[] {
    const { sql, params } = listQuery(CallFilter.parse(filter));
    const rows = this.#read(() => this.#db.prepare(sql).all(...params));
    return rows.map((row) => this.#parseRow(row)).filter((c): c is Call => c !== undefined);
  }

  listActive(): Call[] {
    return this.list({ states: [...activeStates], limit: 10_000 });
  }

  delete(id: string): boolean {
    return Number(this.#run(() => this.#delete.run(id)).changes) > 0;
  }

  /** Forget every finished call (of one robot, or all). Active calls stay. */
  deleteFinished(robotId?: string): number {
    const { sql, params } = deleteFinishedQuery(robotId);
    return Number(this.#run(() => this.#db.prepare(sql).run(...params)).changes);
  }

  count(): number {
    return (this.#read(() => this.#count.get()) as { n: number }).n;
  }

  /**
   * Keep at most `limit` calls, pruning the oldest finished ones first; calls
   * still being watched are never pruned. Checked every few writes so a state
   * change stays O(1) on average.
   */
  prune(limit: number, force = false): number {
    if (!force && this.#rowsSincePrune < 16) return 0;
    this.#rowsSincePrune = 0;
    const excess = this.count() - limit;
    if (excess <= 0) return 0;
    const placeholders = activeStates.map(() => '?').join(', ');
    const result = this.#run(() =>
      this.#db
        .prepare(
          `DELETE FROM calls WHERE id IN (SELECT id FROM calls WHERE state NOT IN (${placeholders})
         ORDER BY created_at ASC, id ASC LIMIT ?)`,
        )
        .run(...activeStates, excess),
    );
    return Number(result.changes);
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }

  #parseRow(row: unknown): Call | undefined {
    if (row === undefined) return undefined;
    const text = (row as { data: string }).data;
    let parsed;
    try {
      parsed = Call.safeParse(JSON.parse(text));
    } catch {
      parsed = undefined;
    }
    if (parsed?.success) return parsed.data;
    this.#warnings.add('history', 'A call in the history could not be read and was skipped.');
    return undefined;
  }
}
