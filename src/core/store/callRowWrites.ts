import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { type Call, type CallState, isActive } from '../../shared/models/call.ts';
import type { toRows } from './historyRows.ts';

/** What a write needs to know of a call's stored row before writing it. */
export type StoredHead = {
  state: CallState;
  version: number;
  holder: string | null;
  webhook: string | null;
  run: number | null;
};

/** A call split for its rows (see toRows). */
export type Rows = ReturnType<typeof toRows>;

/** What a row write did: the version now stored, the lease holder now, the bytes it takes. */
export type RowWritten = { version: number; holder: string | null; bytes: number };

/** What a row write hands back: the row's key (its response is stored under it), version and lease holder. */
type Returned = { key: number; version: number; holder: string | null };

/** The most calls whose last row this connection remembers (then it forgets them all: a memory, not a truth). */
const KNOWN_MAX = 50_000;

/**
 * The row writes of one call, inside the caller's transaction, each one
 * statement that checks what it assumes of the stored row:
 * - a new call is inserted unless its id is stored already;
 * - an update names the version its writer saw (`version = $expected`) and
 *   sets only the indexed columns that change: `state` and `webhook_call_id`
 *   are indexed, and SQLite rewrites an index entry whenever its column is
 *   set, even to the same value; so is `run_ms` (the run time statistics
 *   read), which changes at most once, when the call ends. A column left as it is is checked instead
 *   (`state = $state`), so an update whose guess of the stored row is wrong
 *   writes nothing and the caller reads the row and decides by the rules.
 * The guess is the row this connection last wrote of a call still active
 * (`known`), or the row the caller read (`head`).
 */
export class CallRowWrites {
  readonly #db: DatabaseSync;
  readonly #me: string;
  readonly #head: StatementSync;
  readonly #insert: StatementSync;
  /** Prepared on first use, by which indexed columns change (state, webhook, run time). */
  readonly #updates = new Map<string, StatementSync>();
  readonly #setResponse: StatementSync;
  readonly #dropResponse: StatementSync;
  readonly #known = new Map<string, StoredHead>();

  constructor(db: DatabaseSync, me: string) {
    this.#db = db;
    this.#me = me;
    this.#head = db.prepare(
      `SELECT state, version, lease_holder AS holder, webhook_call_id AS webhook, run_ms AS run
       FROM calls WHERE id = ?`,
    );
    // $until: the lease to keep (this process holds it), 0 to let it go, NULL to leave it as it is.
    this.#insert = db.prepare(
      `INSERT INTO calls (id, robot_id, state, created_at, webhook_call_id, search, data, version, seq, writer,
         lease_holder, lease_until, bytes, preset_id, run_ms)
       VALUES ($id, $robot, $state, $created, $webhook, $search, $data, 1, $seq, $me,
         CASE WHEN coalesce($until, 0) = 0 THEN NULL ELSE $me END, coalesce($until, 0), $bytes, $preset, $run)
       ON CONFLICT (id) DO NOTHING
       RETURNING key, version, lease_holder AS holder`,
    );
    this.#setResponse = db.prepare(
      'INSERT OR REPLACE INTO responses (call_key, json, exact) VALUES (?, ?, ?)',
    );
    this.#dropResponse = db.prepare('DELETE FROM responses WHERE call_key = ?');
  }

  /** The stored row's state, version, lease holder and webhookCallId; undefined when there is none. */
  head(id: string): StoredHead | undefined {
    return this.#head.get(id) as StoredHead | undefined;
  }

  /** The row this connection last wrote of `id`, if the call was still active then. */
  known(id: string): StoredHead | undefined {
    return this.#known.get(id);
  }

  /** A new row; undefined (nothing written) when `call.id` is stored already. */
  insert(call: Call, rows: Rows, seq: number, leaseUntil: number | undefined): RowWritten | undefined {
    const written = this.#insert.get({
      ...this.#values(call, rows, seq, leaseUntil),
      state: call.state,
      webhook: call.webhookCallId,
      robot: call.robotId,
      created: call.createdAt,
      preset: call.presetId,
      run: rows.runMs,
    }) as Returned | undefined;
    if (written === undefined) return undefined;
    // A new row has no response yet (a forgotten call's went with it).
    if (rows.json !== null) this.#setResponse.run(written.key, rows.json, rows.exact);
    return this.#wrote(call, written, rows);
  }

  /**
   * Update the row `stored` describes (its version, state and webhookCallId);
   * undefined (nothing written) when the row stored is not that one.
   */
  update(
    call: Call,
    rows: Rows,
    stored: StoredHead,
    seq: number,
    leaseUntil: number | undefined,
  ): RowWritten | undefined {
    const values: Record<string, string | number | null> = this.#values(call, rows, seq, leaseUntil);
    values['expected'] = stored.version;
    values['state'] = call.state;
    values['webhook'] = call.webhookCallId;
    values['run'] = rows.runMs;
    const statement = this.#update(
      stored.state !== call.state,
      stored.webhook !== call.webhookCallId,
      stored.run !== rows.runMs,
    );
    const written = statement.get(values) as Returned | undefined;
    if (written === undefined) return undefined;
    if (rows.json === null) this.#dropResponse.run(written.key);
    else this.#setResponse.run(written.key, rows.json, rows.exact);
    return this.#wrote(call, written, rows);
  }

  /** Forget what this connection remembers of `id` (the call was deleted). */
  forget(id: string): void {
    this.#known.delete(id);
  }

  #values(call: Call, rows: Rows, seq: number, leaseUntil: number | undefined) {
    return {
      id: call.id,
      search: rows.search,
      data: rows.data,
      seq,
      me: this.#me,
      until: leaseUntil ?? null,
      bytes: rows.bytes,
    };
  }

  #wrote(call: Call, written: Returned, rows: Rows): RowWritten {
    if (isActive(call.state)) {
      if (this.#known.size >= KNOWN_MAX && !this.#known.has(call.id)) this.#known.clear();
      this.#known.set(call.id, {
        state: call.state,
        version: written.version,
        holder: written.holder,
        webhook: call.webhookCallId,
        run: rows.runMs,
      });
    } else {
      this.#known.delete(call.id);
    }
    return { version: written.version, holder: written.holder, bytes: rows.bytes };
  }

  #update(state: boolean, webhook: boolean, run: boolean): StatementSync {
    const key = `${state ? 's' : ''}${webhook ? 'w' : ''}${run ? 'r' : ''}`;
    let statement = this.#updates.get(key);
    if (statement === undefined) {
      // A column set when it changes, checked when it does not.
      statement = this.#db.prepare(
        `UPDATE calls SET ${state ? 'state = $state, ' : ''}${webhook ? 'webhook_call_id = $webhook, ' : ''}
           ${run ? 'run_ms = $run, ' : ''}
           search = $search, data = $data, version = version + 1, seq = $seq, writer = $me, bytes = $bytes,
           lease_holder = CASE WHEN $until IS NULL THEN lease_holder WHEN $until = 0 THEN NULL ELSE $me END,
           lease_until = coalesce($until, lease_until)
         WHERE id = $id AND version = $expected
           ${state ? '' : 'AND state = $state'} ${webhook ? '' : 'AND webhook_call_id IS $webhook'}
           ${run ? '' : 'AND run_ms IS $run'}
         RETURNING key, version, lease_holder AS holder`,
      );
      this.#updates.set(key, statement);
    }
    return statement;
  }
}
