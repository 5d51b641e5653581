import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Call, CallState } from '../../shared/models/call.ts';
import { toRows } from './historyRows.ts';

/** What a write needs to know of a call's stored row before writing it. */
export type StoredHead = { state: CallState; version: number; holder: string | null; webhook: string | null };

/**
 * The row writes of one call, inside the caller's transaction. An update
 * sets only the indexed columns that change: `state` and `webhook_call_id`
 * are indexed, and SQLite rewrites an index entry whenever its column is
 * set, even to the same value; a poll that leaves a call waiting, or the
 * final write of a call whose webhookCallId is known, then touches only the
 * row and the change-log index.
 */
export class CallRowWrites {
  readonly #db: DatabaseSync;
  readonly #me: string;
  readonly #head: StatementSync;
  readonly #insert: StatementSync;
  /** Prepared on first use, by which indexed columns change (state, webhook). */
  readonly #updates = new Map<string, StatementSync>();
  readonly #setResponse: StatementSync;
  readonly #dropResponse: StatementSync;

  constructor(db: DatabaseSync, me: string) {
    this.#db = db;
    this.#me = me;
    this.#head = db.prepare(
      'SELECT state, version, lease_holder AS holder, webhook_call_id AS webhook FROM calls WHERE id = ?',
    );
    // $until: the lease to keep (this process holds it), 0 to let it go, NULL to leave it as it is.
    this.#insert = db.prepare(
      `INSERT INTO calls (id, robot_id, state, created_at, webhook_call_id, search, data, version, seq, writer,
         lease_holder, lease_until, bytes)
       VALUES ($id, $robot, $state, $created, $webhook, $search, $data, 1, $seq, $me,
         CASE WHEN coalesce($until, 0) = 0 THEN NULL ELSE $me END, coalesce($until, 0), $bytes)
       RETURNING version`,
    );
    this.#setResponse = db.prepare(
      'INSERT OR REPLACE INTO responses (call_id, json, exact) VALUES (?, ?, ?)',
    );
    this.#dropResponse = db.prepare('DELETE FROM responses WHERE call_id = ?');
  }

  /** The stored row's state, version, lease holder and webhookCallId; undefined when there is none. */
  head(id: string): StoredHead | undefined {
    return this.#head.get(id) as StoredHead | undefined;
  }

  /**
   * Write `call` with change number `seq`: a new row (`head` undefined) or
   * over the stored one. Returns the version written and the bytes it takes.
   */
  write(
    call: Call,
    head: StoredHead | undefined,
    seq: number,
    leaseUntil: number | undefined,
  ): { version: number; bytes: number } {
    const rows = toRows(call);
    const row = {
      id: call.id,
      search: rows.search,
      data: rows.data,
      seq,
      me: this.#me,
      until: leaseUntil ?? null,
      bytes: rows.bytes,
    };
    let written: { version: number };
    if (head === undefined) {
      written = this.#insert.get({
        ...row,
        state: call.state,
        webhook: call.webhookCallId,
        robot: call.robotId,
        created: call.createdAt,
      }) as { version: number };
      // A new row has no response yet (a forgotten call's went with it).
      if (rows.json !== null) this.#setResponse.run(call.id, rows.json, rows.exact);
    } else {
      const state = head.state !== call.state;
      const webhook = head.webhook !== call.webhookCallId;
      const values: Record<string, string | number | null> = row;
      if (state) values['state'] = call.state;
      if (webhook) values['webhook'] = call.webhookCallId;
      written = this.#update(state, webhook).get(values) as { version: number };
      if (rows.json === null) this.#dropResponse.run(call.id);
      else this.#setResponse.run(call.id, rows.json, rows.exact);
    }
    return { version: written.version, bytes: rows.bytes };
  }

  #update(state: boolean, webhook: boolean): StatementSync {
    const key = `${state ? 's' : ''}${webhook ? 'w' : ''}`;
    let statement = this.#updates.get(key);
    if (statement === undefined) {
      statement = this.#db.prepare(
        `UPDATE calls SET ${state ? 'state = $state, ' : ''}${webhook ? 'webhook_call_id = $webhook, ' : ''}
           search = $search, data = $data, version = version + 1, seq = $seq, writer = $me, bytes = $bytes,
           lease_holder = CASE WHEN $until IS NULL THEN lease_holder WHEN $until = 0 THEN NULL ELSE $me END,
           lease_until = coalesce($until, lease_until)
         WHERE id = $id RETURNING version`,
      );
      this.#updates.set(key, statement);
    }
    return statement;
  }
}
