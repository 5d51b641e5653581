import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { activeStates, type Call, type CallState } from '../../shared/models/call.ts';
import { type ForgottenCall, ForgottenLog } from './forgottenLog.ts';
import type { CallRow } from './historyRows.ts';
import { toRows } from './historyRows.ts';
import { writeWins } from './writeRules.ts';

/** A call as stored, with the version its next write must name. */
export type StoredCall = { call: Call; version: number };

/** What a versioned write did: wrote `call` (now at `version`), or found a truer record and left it. */
/** `forgotten`: the call was forgotten meanwhile (by any process), so nothing was written. */
export type CommitResult = StoredCall & { written: boolean; holder: string | null; forgotten?: true };

/** One write for commit: the call, the version its writer last saw (0: new), its lease. */
export type PendingWrite = { call: Call; expected: number; leaseUntil: number | undefined };

/** One call another process changed, read from the change log. */
export type LoggedChange = StoredCall & { holder: string | null; leaseUntil: number; writer: string | null };

const ACTIVE = activeStates.map((s) => `'${s}'`).join(', ');
const WHOLE = `SELECT c.data AS data, r.json AS json, r.exact AS exact, c.version AS version,
    c.lease_holder AS holder, c.lease_until AS lease_until, c.writer AS writer, c.seq AS seq
  FROM calls c LEFT JOIN responses r ON r.call_id = c.id`;

type WholeRow = CallRow & {
  version: number;
  holder: string | null;
  lease_until: number;
  writer: string | null;
  seq: number;
};

/**
 * Writes that stay true when several processes share the history:
 * - every state write names the version it last saw; one that did not see the
 *   stored version goes in only by the rules of writeRules.ts (a final state
 *   is never replaced by a lesser one), else the stored record wins and is
 *   handed back for the writer to adopt;
 * - a lease (holder, until) names the one process watching a call; another
 *   takes it only once it lapsed;
 * - every write takes the next change number, so other processes read
 *   exactly what changed since they last looked (changesSince), a forgotten
 *   call included (forgottenLog.ts).
 */
export class SharedWrites {
  readonly #db: DatabaseSync;
  readonly #me: string;
  readonly #parse: (row: CallRow) => Call | undefined;
  readonly #run: <T>(work: () => T) => T;
  readonly #get: <T>(work: () => T) => T;
  readonly #whole: StatementSync;
  readonly #head: StatementSync;
  readonly #nextSeq: StatementSync;
  readonly #insert: StatementSync;
  readonly #update: StatementSync;
  readonly #setResponse: StatementSync;
  readonly #dropResponse: StatementSync;
  readonly #take: StatementSync;
  readonly #renew: StatementSync;
  readonly #changes: StatementSync;
  readonly #delete: StatementSync;
  readonly #forgotten: ForgottenLog;
  /** Asked five times a second by the change feed: prepared once. */
  #dataVersion: StatementSync | undefined;
  /** Rows this connection inserted and bytes it wrote, ever (a rolled-back write counted too). */
  #grown = { rows: 0, bytes: 0 };

  constructor(
    db: DatabaseSync,
    me: string,
    parse: (row: CallRow) => Call | undefined,
    guard: { write: <T>(work: () => T) => T; read: <T>(work: () => T) => T },
  ) {
    this.#db = db;
    this.#me = me;
    this.#parse = parse;
    this.#run = guard.write;
    this.#get = guard.read;
    this.#whole = db.prepare(`${WHOLE} WHERE c.id = ?`);
    this.#head = db.prepare('SELECT state, version, lease_holder AS holder FROM calls WHERE id = ?');
    this.#nextSeq = db.prepare("UPDATE meta SET value = value + 1 WHERE key = 'seq' RETURNING value");
    // $until: the lease to keep (this process holds it), 0 to let it go, NULL to leave it as it is.
    this.#insert = db.prepare(
      `INSERT INTO calls (id, robot_id, state, created_at, webhook_call_id, search, data, version, seq, writer,
         lease_holder, lease_until, bytes)
       VALUES ($id, $robot, $state, $created, $webhook, $search, $data, 1, $seq, $me,
         CASE WHEN coalesce($until, 0) = 0 THEN NULL ELSE $me END, coalesce($until, 0), $bytes)
       RETURNING version`,
    );
    this.#update = db.prepare(
      `UPDATE calls SET state = $state, webhook_call_id = $webhook, search = $search, data = $data,
         version = version + 1, seq = $seq, writer = $me, bytes = $bytes,
         lease_holder = CASE WHEN $until IS NULL THEN lease_holder WHEN $until = 0 THEN NULL ELSE $me END,
         lease_until = coalesce($until, lease_until)
       WHERE id = $id RETURNING version`,
    );
    this.#setResponse = db.prepare(
      'INSERT OR REPLACE INTO responses (call_id, json, exact) VALUES (?, ?, ?)',
    );
    this.#dropResponse = db.prepare('DELETE FROM responses WHERE call_id = ?');
    this.#take = db.prepare(
      `UPDATE calls SET lease_holder = ?, lease_until = ?
       WHERE id = ? AND state IN (${ACTIVE}) AND (lease_holder IS NULL OR lease_holder = ? OR lease_until <= ?)
       RETURNING id`,
    );
    this.#renew = db.prepare(
      `UPDATE calls SET lease_until = ? WHERE lease_holder = ? AND state IN (${ACTIVE})`,
    );
    this.#changes = db.prepare(`${WHOLE} WHERE c.seq > ? ORDER BY c.seq LIMIT ?`);
    this.#delete = db.prepare('DELETE FROM calls WHERE id = ?');
    this.#forgotten = new ForgottenLog(db);
  }

  /** Write `call` as it is, whatever is stored; its lease, if any, is kept. */
  put(call: Call): void {
    this.#transaction(() => {
      const head = this.#head.get(call.id) as { version: number } | undefined;
      this.#write(call, head === undefined, undefined);
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
    const head = this.#head.get(call.id) as
      { state: CallState; version: number; holder: string | null } | undefined;
    if (head === undefined) {
      // A call forgotten meanwhile by another process stays forgotten.
      if (expected > 0) return { call, version: expected, written: false, holder: null, forgotten: true };
      const version = this.#write(call, true, leaseUntil);
      return { call, version, written: true, holder: leaseUntil ? this.#me : null };
    }
    const wins = writeWins({
      mine: call.state,
      stored: head.state,
      sawStoredVersion: head.version === expected,
      holdsLease: head.holder === this.#me,
    });
    if (!wins) {
      const stored = this.#read(call.id);
      return stored === undefined
        ? { call, version: head.version, written: false, holder: head.holder }
        : { ...stored, written: false, holder: head.holder };
    }
    const version = this.#write(call, false, leaseUntil);
    const holder = leaseUntil === undefined ? head.holder : leaseUntil === 0 ? null : this.#me;
    return { call, version, written: true, holder };
  }

  /**
   * Take the lease of a call being sent or waiting when nobody holds it or
   * its holder's lease lapsed (or it is ours already): the call as stored, or
   * undefined when another process is watching it or it is over.
   */
  takeLease(id: string, until: number, now: number): StoredCall | undefined {
    return this.#transaction(() => {
      const taken = this.#take.get(this.#me, until, id, this.#me, now);
      return taken === undefined ? undefined : this.#read(id);
    });
  }

  /** Keep this process's leases alive until `until`. */
  renewLeases(until: number): void {
    this.#run(() => this.#renew.run(until, this.#me));
  }

  /**
   * Let go of every lease this process holds (it is closing): the calls are
   * logged as changed, so a watching process takes them over at once.
   */
  releaseLeases(): number {
    return this.#transaction(() => {
      const held = this.#db
        .prepare(`SELECT id FROM calls WHERE lease_holder = ? AND state IN (${ACTIVE})`)
        .all(this.#me) as Array<{ id: string }>;
      const release = this.#db.prepare(
        'UPDATE calls SET lease_holder = NULL, lease_until = 0, seq = ?, writer = ? WHERE id = ?',
      );
      for (const { id } of held) release.run(this.#seq(), this.#me, id);
      return held.length;
    });
  }

  /** Up to `max` calls being sent or waiting whose lease nobody holds now, oldest first. */
  adoptable(now: number, max: number): Array<{ id: string; state: CallState }> {
    return this.#get(
      () =>
        this.#db
          .prepare(
            `SELECT id, state FROM calls WHERE state IN (${ACTIVE})
             AND (lease_holder IS NULL OR lease_until <= ?) AND coalesce(lease_holder, '') <> ?
             ORDER BY created_at, id LIMIT ?`,
          )
          .all(now, this.#me, max) as Array<{ id: string; state: CallState }>,
    );
  }

  /**
   * Delete the calls `pick` names (read in the same transaction) and log each
   * as forgotten, so every process drops them; returns how many were deleted.
   */
  forget(pick: () => readonly string[]): number {
    return this.#transaction(() => {
      let deleted = 0;
      for (const id of pick()) {
        if (Number(this.#delete.run(id).changes) === 0) continue;
        this.#forgotten.record(id, this.#seq(), this.#me);
        deleted++;
      }
      if (deleted > 0) this.#forgotten.trim();
      return deleted;
    });
  }

  /**
   * The calls changed and the calls forgotten after change number `after`
   * (at most `max` of each), and the last number read.
   */
  changesSince(
    after: number,
    max = 500,
  ): { last: number; changes: LoggedChange[]; forgotten: ForgottenCall[] } {
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

  /** What this connection's writes could have added to the history: rows inserted, bytes written. */
  grown(): { rows: number; bytes: number } {
    return this.#grown;
  }

  /** A call as stored now, with its version. */
  read(id: string): StoredCall | undefined {
    return this.#get(() => this.#read(id));
  }

  #read(id: string): StoredCall | undefined {
    const row = this.#whole.get(id) as WholeRow | undefined;
    if (row === undefined) return undefined;
    const call = this.#parse(row);
    return call === undefined ? undefined : { call, version: row.version };
  }

  #seq(): number {
    return (this.#nextSeq.get() as { value: number }).value;
  }

  /** The row write itself, inside a transaction; returns the version written. */
  #write(call: Call, insert: boolean, leaseUntil: number | undefined): number {
    const rows = toRows(call);
    const row = {
      id: call.id,
      state: call.state,
      webhook: call.webhookCallId,
      search: rows.search,
      data: rows.data,
      seq: this.#seq(),
      me: this.#me,
      until: leaseUntil ?? null,
      bytes: rows.bytes,
    };
    this.#grown = { rows: this.#grown.rows + (insert ? 1 : 0), bytes: this.#grown.bytes + rows.bytes };
    const written = (
      insert
        ? this.#insert.get({ ...row, robot: call.robotId, created: call.createdAt })
        : this.#update.get(row)
    ) as { version: number };
    if (rows.json === null) this.#dropResponse.run(call.id);
    else this.#setResponse.run(call.id, rows.json, rows.exact);
    return written.version;
  }

  /** `work` in one write transaction (BEGIN IMMEDIATE: no other writer between its reads and writes). */
  transaction<T>(work: () => T): T {
    return this.#transaction(work);
  }

  #transaction<T>(work: () => T): T {
    return this.#run(() => {
      this.#db.exec('BEGIN IMMEDIATE');
      try {
        const result = work();
        this.#db.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
        throw error;
      }
    });
  }
}
