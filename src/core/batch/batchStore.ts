import type { StatementSync } from 'node:sqlite';
import type { Connection } from '../store/connection.ts';
import { whenFree } from '../store/whenFree.ts';
import { AppError, notFound } from '../errors.ts';
import type { BatchInfo, BatchMeta, BatchRow, BatchState, RowRequest, RowState } from './batchTypes.ts';

type BatchRecord = {
  key: number;
  id: string;
  robot_id: string;
  preset_id: string | null;
  state: BatchState;
  created_at: number;
  runner_pid: number | null;
  runner_host: string | null;
  data: string;
};
type RowRecord = { n: number; state: RowState; call_id: string | null; request: string };

/**
 * Batches and their rows in Robot Tray's database (tables `batches` and
 * `batch_rows`). Every write is one transaction noted in the change log
 * under `batches` (its ref the batch's id), so another process (the window,
 * `batch show`) reads a batch as it runs. A row's state is written before
 * the step it names: `firing`, with the call's id, before the trigger goes
 * out; that is what lets a resumed batch fire every row exactly once.
 */
export class BatchStore {
  readonly #conn: Connection;
  readonly #byId: StatementSync;
  readonly #rowSet: StatementSync;
  readonly #rowFiring: StatementSync;

  constructor(conn: Connection) {
    this.#conn = conn;
    this.#byId = conn.db.prepare('SELECT * FROM batches WHERE id = ?');
    this.#rowSet = conn.db.prepare(
      'UPDATE batch_rows SET state = ?, call_id = ? WHERE batch_key = ? AND n = ?',
    );
    this.#rowFiring = conn.db.prepare(
      "UPDATE batch_rows SET state = 'firing', call_id = ? WHERE batch_key = ? AND n = ? AND state = 'pending'",
    );
  }

  /** A new batch and all its rows, `pending`, in one transaction: all of it is stored or none. */
  create(id: string, meta: BatchMeta, requests: readonly RowRequest[], now: number): Promise<BatchInfo> {
    return this.#write(id, () => {
      const { robotId, presetId, ...data } = meta;
      const key = Number(
        this.#conn.db
          .prepare(
            "INSERT INTO batches (id, robot_id, preset_id, state, created_at, data) VALUES (?, ?, ?, 'running', ?, ?)",
          )
          .run(id, robotId, presetId, now, JSON.stringify(data)).lastInsertRowid,
      );
      const insert = this.#conn.db.prepare(
        "INSERT INTO batch_rows (batch_key, n, state, request) VALUES (?, ?, 'pending', ?)",
      );
      requests.forEach((request, i) => insert.run(key, i + 1, JSON.stringify(request)));
    }).then(() => this.get(id));
  }

  /** A batch by its id, or the first characters of it (at least 4) when only one batch has them. */
  get(idOrPrefix: string): BatchInfo {
    const record = this.#record(idOrPrefix);
    return this.#info(record);
  }

  /** The batches, newest first. */
  list(limit = 50): BatchInfo[] {
    const records = this.#conn.read(
      () =>
        this.#conn.db.prepare('SELECT * FROM batches ORDER BY key DESC LIMIT ?').all(limit) as BatchRecord[],
    );
    return records.map((r) => this.#info(r));
  }

  /** The rows in order, from row `from` (1-based) on, at most `limit`. */
  rows(
    id: string,
    options: { from?: number; limit?: number; states?: readonly RowState[] } = {},
  ): BatchRow[] {
    const key = this.#record(id).key;
    const states = options.states ?? [];
    const where = states.length === 0 ? '' : ` AND state IN (${states.map(() => '?').join(', ')})`;
    const rows = this.#conn.read(
      () =>
        this.#conn.db
          .prepare(
            `SELECT n, state, call_id, request FROM batch_rows WHERE batch_key = ? AND n >= ?${where} ORDER BY n LIMIT ?`,
          )
          .all(key, options.from ?? 1, ...states, options.limit ?? -1) as RowRecord[],
    );
    return rows.map((r) => ({
      n: r.n,
      state: r.state,
      callId: r.call_id,
      request: JSON.parse(r.request) as RowRequest,
    }));
  }

  /** How many rows are in each state. */
  counts(id: string): Partial<Record<RowState, number>> {
    return this.#counts(this.#record(id).key);
  }

  /** The batch's state as stored now: a runner reads it before each row, so a pause from another process is heard. */
  stateOf(id: string): BatchState {
    return this.#record(id).state;
  }

  setState(id: string, state: BatchState): Promise<void> {
    return this.#write(id, () => {
      this.#conn.db.prepare('UPDATE batches SET state = ? WHERE id = ?').run(state, id);
    });
  }

  /**
   * Take the batch to run it in this process: refused while another process
   * that is still alive runs it (two runners could fire one row twice). A
   * runner on another host cannot be checked, so it is refused too until the
   * batch is paused or stopped there.
   */
  claim(id: string, pid: number, host: string, alive: (pid: number) => boolean): Promise<void> {
    return this.#write(id, () => {
      const record = this.#record(id);
      const other = record.runner_pid !== null && record.runner_pid !== pid;
      if (other && (record.runner_host !== host || alive(record.runner_pid!))) {
        throw new AppError(
          'busy',
          `Batch ${record.id} is being run by process ${record.runner_pid} on ${record.runner_host}; nothing was sent. ` +
            `Pause it with: robot-tray batch pause ${record.id}`,
        );
      }
      this.#conn.db
        .prepare('UPDATE batches SET runner_pid = ?, runner_host = ? WHERE id = ?')
        .run(pid, host, id);
    });
  }

  /** Let the batch go: no process runs it now. */
  release(id: string): Promise<void> {
    return this.#write(id, () => {
      this.#conn.db.prepare('UPDATE batches SET runner_pid = NULL, runner_host = NULL WHERE id = ?').run(id);
    });
  }

  /** The next pending row, or undefined when none is left. */
  nextPending(id: string, after: number): BatchRow | undefined {
    return this.rows(id, { from: after + 1, limit: 1, states: ['pending'] })[0];
  }

  /**
   * Mark a pending row `firing` with the id its call will be recorded with;
   * false when it was not pending any more (another runner took it).
   */
  markFiring(id: string, n: number, callId: string): Promise<boolean> {
    return this.#write(id, () => Number(this.#rowFiring.run(callId, this.#record(id).key, n).changes) === 1);
  }

  setRow(id: string, n: number, state: RowState, callId: string | null): Promise<void> {
    return this.#write(id, () => {
      this.#rowSet.run(state, callId, this.#record(id).key, n);
    });
  }

  #write<T>(id: string, work: () => T): Promise<T> {
    return whenFree(() =>
      this.#conn.write(() =>
        this.#conn.transaction(() => {
          const result = work();
          this.#conn.note('batches', id);
          return result;
        }),
      ),
    );
  }

  #record(idOrPrefix: string): BatchRecord {
    const exact = this.#conn.read(() => this.#byId.get(idOrPrefix) as BatchRecord | undefined);
    if (exact !== undefined) return exact;
    const found =
      idOrPrefix.length < 4
        ? []
        : this.#conn.read(
            () =>
              this.#conn.db
                .prepare("SELECT * FROM batches WHERE id LIKE ? ESCAPE '\\' LIMIT 2")
                .all(`${idOrPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) as BatchRecord[],
          );
    if (found.length > 1)
      throw new AppError(
        'validation',
        `"${idOrPrefix}" starts more than one batch's id; give more of the id.`,
      );
    if (found[0] === undefined)
      throw notFound(`Batch "${idOrPrefix}"`, 'List the batches with: robot-tray batch list');
    return found[0];
  }

  #counts(key: number): Partial<Record<RowState, number>> {
    const rows = this.#conn.read(
      () =>
        this.#conn.db
          .prepare('SELECT state, count(*) AS n FROM batch_rows WHERE batch_key = ? GROUP BY state')
          .all(key) as Array<{ state: RowState; n: number }>,
    );
    return Object.fromEntries(rows.map((r) => [r.state, r.n]));
  }

  #info(record: BatchRecord): BatchInfo {
    const data = JSON.parse(record.data) as Omit<BatchMeta, 'robotId' | 'presetId' | 'againOf'> & {
      againOf?: string | null;
    };
    const counts = this.#counts(record.key);
    return {
      ...data,
      // Batches stored before a batch could run another's rows again name none.
      againOf: data.againOf ?? null,
      id: record.id,
      robotId: record.robot_id,
      presetId: record.preset_id,
      state: record.state,
      createdAt: record.created_at,
      runner: record.runner_pid === null ? null : { pid: record.runner_pid, host: record.runner_host ?? '' },
      total: Object.values(counts).reduce((a, b) => a + b, 0),
      counts,
    };
  }
}
