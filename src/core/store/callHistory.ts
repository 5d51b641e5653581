import type { DatabaseSync, StatementSync } from 'node:sqlite';
import {
  type Call,
  type CallDetail,
  CallFilter,
  callDetail,
  type ResponseStart,
} from '../../shared/models/call.ts';
import type { ListedCall } from '../../shared/models/callSummary.ts';
import type { AppError } from '../errors.ts';
import { Connection } from './connection.ts';
import { finishedIdsQuery, likePattern, listQuery } from './callQueries.ts';
import { CallCheck } from './callCheck.ts';
import { historyBytes } from './historyBudget.ts';
import { OPEN_WAIT_MS } from './whenFree.ts';
import { HistoryPrune } from './historyPrune.ts';
import { type CallRow, parseCallRow, parseListedRow } from './historyRows.ts';
import { responseStartReader } from './responseStart.ts';
import { finishedRunsOf } from './runTimes.ts';
import { runStatsOf, type StatsScope } from './runStats.ts';
import { type LastEnded, lastEndedReader } from './lastEnded.ts';
import type { RunStats } from '../../shared/models/runStats.ts';
import { CallLeases } from './callLeases.ts';
import { type CommitResult, type PendingWrite, SharedWrites } from './sharedWrites.ts';
import type { FinishedRun } from '../tracker/runProfiles.ts';
import { VIEW_LEASE_MS, ViewedCalls } from './viewedCalls.ts';
import type { WarningLog } from './warnings.ts';

/** The whole call: the record and its response, read apart. */
const WHOLE = `SELECT c.data AS data, r.json AS json, r.exact AS exact
  FROM calls c LEFT JOIN responses r ON r.call_key = c.key`;

/**
 * The call history, in Robot Tray's database (node:sqlite, built into Node
 * 24 and Electron 45) beside the catalog. One state change is one row write,
 * never a rewrite of the history. The app and the CLI share the file; WAL and
 * a busy timeout let both write. How writes stay true across processes
 * (versions, the change log) is SharedWrites, reached as `writes`; who
 * watches a call is CallLeases, reached as `leases`.
 */
export class CallHistory {
  /** This process's name in the database: the holder of its leases, the writer of its changes. */
  readonly processId: string;
  readonly writes: SharedWrites;
  /** Which process watches each call being sent or waiting. */
  readonly leases: CallLeases;
  readonly #conn: Connection;
  /** Opened here (CallHistory.open), so closed here too; a shared connection is closed by its owner. */
  readonly #owns: boolean;
  readonly #db: DatabaseSync;
  readonly #get: StatementSync;
  readonly #getDetail: StatementSync;
  readonly #responseStart: ReturnType<typeof responseStartReader>;
  readonly #idOf: StatementSync;
  readonly #byWebhookId: StatementSync;
  readonly #count: StatementSync;
  readonly #warnings: WarningLog;
  readonly #prune: HistoryPrune;
  readonly #lastEnded: (presetId: string) => LastEnded;

  readonly #now: () => number;
  readonly #viewed: ViewedCalls;
  /** Checks each record once against the schema (records are never mutated once built). */
  readonly #checked = new CallCheck();

  constructor(conn: Connection, warnings: WarningLog, now: () => number = Date.now, owns = false) {
    const db = conn.db;
    this.#conn = conn;
    this.#owns = owns;
    this.processId = conn.processId;
    this.#db = db;
    this.#now = now;
    this.#viewed = new ViewedCalls(db, this.processId);
    this.#warnings = warnings;
    this.writes = new SharedWrites(conn, (row) => parseCallRow(row, warnings));
    this.leases = new CallLeases(conn, (id) => this.writes.read(id));
    this.#prune = new HistoryPrune(db, this.writes, now);
    this.#get = db.prepare(`${WHOLE} WHERE c.id = ?`);
    // The response is handed over as the text stored: never parsed in JS.
    this.#getDetail = db.prepare(
      `SELECT c.data AS data, r.json AS response, r.exact AS exact
       FROM calls c LEFT JOIN responses r ON r.call_key = c.key WHERE c.id = ?`,
    );
    this.#responseStart = responseStartReader(db);
    this.#lastEnded = lastEndedReader(db);
    this.#idOf = db.prepare(
      `SELECT id FROM calls WHERE id = ?
       UNION ALL SELECT * FROM (SELECT id FROM calls WHERE webhook_call_id = ? ORDER BY created_at DESC LIMIT 1)
       LIMIT 1`,
    );
    this.#byWebhookId = db.prepare(`${WHOLE} WHERE c.webhook_call_id = ? ORDER BY c.created_at DESC LIMIT 1`);
    this.#count = db.prepare('SELECT COUNT(*) AS n FROM calls');
  }

  /**
   * A history on a connection of its own to the database file (see
   * Connection.open): for tools and tests that read or write calls alone.
   * `readOnly` (the data folder cannot be written) opens it for reading and
   * makes every write throw that error.
   */
  static open(
    file: string,
    warnings: WarningLog,
    now: () => number = Date.now,
    readOnly?: AppError,
  ): CallHistory {
    return new CallHistory(Connection.open(file, warnings, now, readOnly), warnings, now, true);
  }

  /** The same, waiting (without blocking the event loop) while another process holds the file locked. */
  static async openWaiting(
    file: string,
    warnings: WarningLog,
    now: () => number = Date.now,
    readOnly?: AppError,
    waitMs = OPEN_WAIT_MS,
  ): Promise<CallHistory> {
    const conn = await Connection.openWaiting(file, warnings, now, readOnly, undefined, waitMs);
    return new CallHistory(conn, warnings, now, true);
  }

  /**
   * Write one call as it is, whatever is stored (an import, a test's
   * history); the tracker writes through `writes.commit`, which checks
   * versions. It is checked with the very schema the read path uses, so a
   * row that could not be read back is never written: a refused call throws
   * a `validation` error naming the field. A file locked by another process
   * or not writable throws a `storage` error.
   */
  put(call: Call): void {
    this.check(call);
    this.writes.put(call);
    this.#prune.wrote(1);
  }

  /**
   * Write a call the tracker holds, last seen at `expected` (0: new), with
   * its lease (see SharedWrites.commit): the call as written, or the truer
   * record found stored.
   */
  commit(call: Call, expected: number, leaseUntil: number | undefined): CommitResult {
    this.check(call);
    const result = this.writes.commit(call, expected, leaseUntil);
    this.#prune.wrote(1);
    return result;
  }

  /** Several commits in one transaction, in order (see SharedWrites.commitAll). */
  commitAll(writes: readonly PendingWrite[]): CommitResult[] {
    for (const w of writes) this.check(w.call);
    const results = this.writes.commitAll(writes);
    this.#prune.wrote(writes.length);
    return results;
  }

  /** Throws a `validation` error naming the field when `call` could not be read back once written. */
  check(call: Call): void {
    this.#checked.check(call);
  }

  #run<T>(statement: () => T): T {
    return this.#conn.write(statement);
  }

  #read<T>(statement: () => T): T {
    return this.#conn.read(statement);
  }

  get(id: string): Call | undefined {
    return this.#parseRow(this.#read(() => this.#get.get(id)));
  }

  /** Up to `max` calls whose local id starts with `prefix`, for ids typed short (as git takes a commit). */
  findByIdPrefix(prefix: string, max = 2): Call[] {
    const rows = this.#db
      .prepare(`${WHOLE} WHERE c.id LIKE ? ESCAPE '\\' ORDER BY c.created_at DESC LIMIT ?`)
      .all(likePattern(prefix, 'start'), max);
    return rows.map((row) => this.#parseRow(row)).filter((c): c is Call => c !== undefined);
  }

  /**
   * One call as the window reads it (see CallDetail), its response as the
   * JSON text stored (the kept exact text when there is one), never parsed here.
   */
  getDetail(id: string): CallDetail | undefined {
    const row = this.#read(() => this.#getDetail.get(id)) as
      { data: string; response: string | null; exact: string | null } | undefined;
    if (row === undefined) return undefined;
    const call = this.#parseRow({ data: row.data });
    if (call === undefined) return undefined;
    const detail = callDetail(call);
    return row.response === null ? detail : { ...detail, responseJson: row.exact ?? row.response };
  }

  /** The start of a call's response (see responseStartReader): undefined, no such call; null, no response. */
  responseStart(id: string, chars: number): ResponseStart | null | undefined {
    return this.#read(() => this.#responseStart(id, chars));
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

  /**
   * One page of calls, newest first, as lists show them: the response is
   * never read (it lives in its own table), whatever it weighs.
   */
  list(filter: CallFilter = {}): ListedCall[] {
    const { sql, params } = listQuery(CallFilter.parse(filter));
    const rows = this.#read(() => this.#db.prepare(sql).all(...params)) as Array<{
      data: string;
      has_response: number;
    }>;
    return rows
      .map((row) => parseListedRow(row, this.#warnings))
      .filter((c): c is ListedCall => c !== undefined);
  }

  /** A robot's most recent finished runs (at most `limit`), for its run-time profile; see runTimes.ts. */
  finishedRuns(robotId: string, limit: number): FinishedRun[] {
    return this.#read(() => finishedRunsOf(this.#db, robotId, limit));
  }

  /** A robot's or preset's run statistics over [since, until), with its `points` most recent runs; see runStats.ts. */
  runStats(scope: StatsScope, since: number, until: number, points = 0): RunStats {
    return this.#read(() => runStatsOf(this.#db, scope, since, until, points));
  }

  /** How a preset's most recent ended call ended, and when; see lastEnded.ts. */
  lastEnded(presetId: string): LastEnded {
    return this.#read(() => this.#lastEnded(presetId));
  }

  /** Forget one call; every process hears of it through the change log. */
  delete(id: string): boolean {
    return this.writes.forget(() => [id]) > 0;
  }

  /** Forget every finished call (of one robot, or all). Active calls stay. */
  deleteFinished(robotId?: string): number {
    const { sql, params } = finishedIdsQuery(robotId);
    return this.writes.forget(() =>
      (this.#db.prepare(sql).all(...params) as Array<{ id: string }>).map((row) => row.id),
    );
  }

  count(): number {
    return (this.#read(() => this.#count.get()) as { n: number }).n;
  }

  /**
   * Keep at most `limit` calls and `maxBytes` bytes, pruning the oldest
   * finished ones first; calls still being sent or watched are never
   * pruned, nor the call that ended last or one a window shows (see
   * historyPrune.ts and overBudget).
   */
  prune(limit: number, force = false, maxBytes = Number.POSITIVE_INFINITY): number {
    return this.#prune.run(limit, force, maxBytes);
  }

  /** Told the ids of the calls this process pruned (other processes read them from the log). */
  onPruned(listener: (ids: readonly string[]) => void): () => void {
    return this.#prune.onPruned(listener);
  }

  /**
   * The call this process's window shows (null: none), which no process
   * prunes for VIEW_LEASE_MS unless it is said again (see viewedCalls.ts).
   */
  showing(id: string | null): void {
    this.#run(() => this.#viewed.show(id, this.#now() + VIEW_LEASE_MS));
  }

  /** What the history's calls take, records and responses, in bytes. */
  bytes(): number {
    return this.#read(() => historyBytes(this.#db));
  }

  close(): void {
    if (this.#owns) this.#conn.close();
  }

  #parseRow(row: unknown): Call | undefined {
    return parseCallRow(row as CallRow | undefined, this.#warnings);
  }
}
