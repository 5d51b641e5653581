import { mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { Call, CallFilter, activeStates } from '../../shared/models/call.ts';
import { AppError, validationError } from '../errors.ts';
import type { WarningLog } from './warnings.ts';

const SCHEMA_VERSION = 1;
/** The longest one statement waits for another process's lock, blocking the event loop. */
const BUSY_WAIT_MS = 25;

/**
 * Call history in SQLite (node:sqlite, built into Node 24 and Electron 45).
 * One state change is one row upsert, never a rewrite of the history. The
 * app and the CLI share the file; WAL and a busy timeout let both write.
 */
export class CallHistory {
  readonly #db: DatabaseSync;
  readonly #upsert: StatementSync;
  readonly #get: StatementSync;
  readonly #byWebhookId: StatementSync;
  readonly #delete: StatementSync;
  readonly #count: StatementSync;
  readonly #warnings: WarningLog;
  #rowsSincePrune = 0;

  readonly #file: string;
  /** Records already checked against the schema (records are never mutated once built). */
  readonly #checked = new WeakSet<Call>();

  private constructor(db: DatabaseSync, warnings: WarningLog, file: string) {
    this.#db = db;
    this.#file = file;
    this.#warnings = warnings;
    this.#upsert = db.prepare(
      `INSERT INTO calls (id, robot_id, state, created_at, webhook_call_id, search, data)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET state = excluded.state, webhook_call_id = excluded.webhook_call_id,
         search = excluded.search, data = excluded.data`,
    );
    this.#get = db.prepare('SELECT data FROM calls WHERE id = ?');
    this.#byWebhookId = db.prepare(
      'SELECT data FROM calls WHERE webhook_call_id = ? ORDER BY created_at DESC LIMIT 1',
    );
    this.#delete = db.prepare('DELETE FROM calls WHERE id = ?');
    this.#count = db.prepare('SELECT COUNT(*) AS n FROM calls');
  }

  /** Open (or create) the history file. A file SQLite cannot use is set aside, never deleted. */
  static open(file: string, warnings: WarningLog, now: () => number = Date.now): CallHistory {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      return new CallHistory(CallHistory.#connect(file), warnings, file);
    } catch (error) {
      // Only a damaged file is set aside. A busy or newer file is someone
      // else's good data: refuse to start rather than hide it.
      if (!isDamaged(error)) throw historyError(file, error);
      const stamp = new Date(now()).toISOString().replace(/[:.]/g, '-');
      const aside = `${file}.corrupt-${stamp}`;
      renameSync(file, aside);
      for (const suffix of ['-wal', '-shm']) {
        try {
          renameSync(file + suffix, aside + suffix);
        } catch {
          // The journal files exist only sometimes.
        }
      }
      warnings.add(
        path.basename(file),
        `The call history could not be opened (${(error as Error).message}). It was moved to ${aside} and a new, empty history was started.`,
      );
      return new CallHistory(CallHistory.#connect(file), warnings, file);
    }
  }

  static #connect(file: string): DatabaseSync {
    const db = new DatabaseSync(file);
    try {
      // Never hold the event loop for long: a write that finds the file locked
      // by another process fails fast and the tracker retries it later.
      db.exec(`PRAGMA busy_timeout = ${BUSY_WAIT_MS}`);
      db.exec('PRAGMA journal_mode = WAL');
      db.exec('PRAGMA synchronous = NORMAL');
      const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
      if (version > SCHEMA_VERSION) throw new NewerHistoryError(version);
      if (version === SCHEMA_VERSION) return db;
      db.exec(`CREATE TABLE IF NOT EXISTS calls (
        id TEXT PRIMARY KEY,
        robot_id TEXT NOT NULL,
        state TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        webhook_call_id TEXT,
        search TEXT NOT NULL,
        data TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS calls_created ON calls (created_at);
      CREATE INDEX IF NOT EXISTS calls_robot ON calls (robot_id, created_at);
      CREATE INDEX IF NOT EXISTS calls_state ON calls (state);
      CREATE INDEX IF NOT EXISTS calls_webhook ON calls (webhook_call_id);
      PRAGMA user_version = ${SCHEMA_VERSION};`);
      return db;
    } catch (error) {
      db.close();
      throw error;
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

  /** A statement, with SQLite's busy, locked and read-only failures as `storage` errors. */
  #run<T>(statement: () => T): T {
    try {
      return statement();
    } catch (error) {
      throw storageError(this.#file, error);
    }
  }

  get(id: string): Call | undefined {
    return this.#parseRow(this.#get.get(id));
  }

  /** Up to `max` calls whose local id starts with `prefix`, for ids typed short (as git takes a commit). */
  findByIdPrefix(prefix: string, max = 2): Call[] {
    const pattern = prefix.replace(/[\\%_]/g, (c) => '\\' + c) + '%';
    const rows = this.#db
      .prepare("SELECT data FROM calls WHERE id LIKE ? ESCAPE '\\' ORDER BY created_at DESC LIMIT ?")
      .all(pattern, max);
    return rows.map((row) => this.#parseRow(row)).filter((c): c is Call => c !== undefined);
  }

  getByWebhookCallId(webhookCallId: string): Call | undefined {
    return this.#parseRow(this.#byWebhookId.get(webhookCallId));
  }

  list(filter: CallFilter = {}): Call[] {
    const f = CallFilter.parse(filter);
    const where: string[] = [];
    const params: Array<string | number> = [];
    if (f.robotId !== undefined) {
      where.push('robot_id = ?');
      params.push(f.robotId);
    }
    if (f.states !== undefined && f.states.length > 0) {
      where.push(`state IN (${f.states.map(() => '?').join(', ')})`);
      params.push(...f.states);
    }
    const text = f.text?.trim().toLowerCase();
    if (text) {
      where.push("search LIKE ? ESCAPE '\\'");
      params.push('%' + text.replace(/[\\%_]/g, (c) => '\\' + c) + '%');
    }
    const sql =
      'SELECT data FROM calls' +
      (where.length > 0 ? ' WHERE ' + where.join(' AND ') : '') +
      ' ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?';
    params.push(f.limit ?? 200, f.offset ?? 0);
    const rows = this.#db.prepare(sql).all(...params);
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
    const placeholders = activeStates.map(() => '?').join(', ');
    const sql =
      `DELETE FROM calls WHERE state NOT IN (${placeholders})` +
      (robotId === undefined ? '' : ' AND robot_id = ?');
    const params: string[] = [...activeStates];
    if (robotId !== undefined) params.push(robotId);
    return Number(this.#run(() => this.#db.prepare(sql).run(...params)).changes);
  }

  count(): number {
    return (this.#count.get() as { n: number }).n;
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

class NewerHistoryError extends Error {
  constructor(version: number) {
    super(`it was written by a newer Robot Tray (history schema ${version})`);
  }
}

/** SQLITE_CORRUPT (11) and SQLITE_NOTADB (26): the file itself is damaged. */
function isDamaged(error: unknown): boolean {
  const code = (error as { errcode?: unknown }).errcode;
  return typeof code === 'number' && ((code & 0xff) === 11 || (code & 0xff) === 26);
}

/** SQLITE_BUSY (5), SQLITE_LOCKED (6), SQLITE_READONLY (8), SQLITE_IOERR (10), SQLITE_FULL (13), SQLITE_CANTOPEN (14). */
const storageCodes = new Set([5, 6, 8, 10, 13, 14]);

/** A failed statement as a `storage` error that names the file and what to do; anything else as is. */
export function storageError(file: string, error: unknown): unknown {
  const code = (error as { errcode?: unknown }).errcode;
  if (typeof code !== 'number' || !storageCodes.has(code & 0xff)) return error;
  const primary = code & 0xff;
  const message =
    primary === 5 || primary === 6
      ? `The call history ${file} is being changed by another Robot Tray process. Try again in a moment.`
      : primary === 13
        ? `The disk holding the call history ${file} is full. Free some space and try again.`
        : `The call history ${file} cannot be written (${(error as Error).message}). Check that its folder is writable.`;
  return new AppError('storage', message, { cause: error });
}

function historyError(file: string, error: unknown): AppError {
  const reason = error instanceof Error ? error.message : String(error);
  const fix =
    error instanceof NewerHistoryError
      ? 'Update Robot Tray to use it.'
      : 'Close other Robot Tray windows or commands and try again.';
  return new AppError('internal', `The call history ${file} cannot be opened: ${reason}. ${fix}`, {
    cause: error,
  });
}

function searchText(call: Call): string {
  const response = call.response === undefined ? '' : JSON.stringify(call.response).slice(0, 4_000);
  return [
    call.robotName,
    call.presetName ?? '',
    call.webhookCallId ?? '',
    call.id,
    call.state,
    call.rawStatus ?? '',
    JSON.stringify(call.args).slice(0, 4_000),
    response,
    call.error?.message ?? '',
  ]
    .join('\n')
    .toLowerCase();
}
