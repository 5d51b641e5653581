import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { activeStates, type CallState } from '../../shared/models/call.ts';
import type { StoredCall } from './changeLog.ts';
import type { Connection } from './connection.ts';

/** Another process holding leases, and the latest lease it wrote (see LeaseJudge). */
export type LeaseMark = { holder: string; mark: number };

/** The leases on calls being sent or waiting, as one process sees them (see CallLeases.seen). */
export type LeasesSeen = { marks: LeaseMark[]; unheld: number };

/** The lease of a call this process may take: nobody's, its own, or a holder's judged lapsed at `mark` or before. */
const TAKABLE = `(lease_holder IS NULL OR lease_holder = $me OR ($lapsed <> '{}'
  AND lease_until <= (SELECT value FROM json_each($lapsed) WHERE key = calls.lease_holder)))`;

const ACTIVE = activeStates.map((s) => `'${s}'`).join(', ');

/**
 * Which process watches a call being sent or waiting: a lease (holder,
 * until) on its row names the one watcher. Another process takes it only
 * once it judged the lease lapsed (LeaseJudge: by its own clock, never by
 * the wall-clock time written), so two processes never poll one call, and
 * a call whose watcher died is taken over.
 */
export class CallLeases {
  readonly #db: DatabaseSync;
  readonly #conn: Connection;
  readonly #me: string;
  readonly #read: (id: string) => StoredCall | undefined;
  readonly #take: StatementSync;
  readonly #marks: StatementSync;
  readonly #adoptable: StatementSync;
  readonly #renew: StatementSync;

  constructor(conn: Connection, read: (id: string) => StoredCall | undefined) {
    const db = conn.db;
    this.#db = db;
    this.#conn = conn;
    this.#me = conn.processId;
    this.#read = read;
    this.#take = db.prepare(
      `UPDATE calls SET lease_holder = $me, lease_until = $until
       WHERE id = $id AND state IN (${ACTIVE}) AND ${TAKABLE}
       RETURNING id`,
    );
    this.#marks = db.prepare(
      `SELECT lease_holder AS holder, max(lease_until) AS mark, count(*) AS calls FROM calls
       WHERE state IN (${ACTIVE}) GROUP BY lease_holder`,
    );
    this.#adoptable = db.prepare(
      `SELECT id, state FROM calls WHERE state IN (${ACTIVE}) AND ${TAKABLE}
       AND coalesce(lease_holder, '') <> $me
       ORDER BY created_at, id LIMIT $max`,
    );
    this.#renew = db.prepare(
      `UPDATE calls SET lease_until = ? WHERE lease_holder = ? AND state IN (${ACTIVE})`,
    );
  }

  /**
   * Take the lease of a call being sent or waiting when nobody holds it, its
   * holder is among `lapsed` (holder → the mark judged lapsed, see
   * LeaseJudge) and has not renewed since, or it is ours already: the call as
   * stored, or undefined when another process is watching it or it is over.
   */
  takeLease(id: string, until: number, lapsed: ReadonlyMap<string, number>): StoredCall | undefined {
    return this.#conn.transaction(() => {
      const taken = this.#take.get({ me: this.#me, until, id, lapsed: lapsedJson(lapsed) });
      return taken === undefined ? undefined : this.#read(id);
    });
  }

  /**
   * The leases on calls being sent or waiting: each other process holding
   * some, with the latest lease it wrote, and how many such calls nobody
   * holds. One pass over those calls, so a look that finds nothing to take
   * costs no more.
   */
  seen(): LeasesSeen {
    const rows = this.#conn.read(
      () => this.#marks.all() as Array<{ holder: string | null; mark: number; calls: number }>,
    );
    const marks: LeaseMark[] = [];
    let unheld = 0;
    for (const { holder, mark, calls } of rows) {
      if (holder === null) unheld = calls;
      else if (holder !== this.#me) marks.push({ holder, mark });
    }
    return { marks, unheld };
  }

  /** Keep this process's leases alive until `until`. */
  renewLeases(until: number): void {
    this.#conn.write(() => this.#renew.run(until, this.#me));
  }

  /**
   * Let go of every lease this process holds (it is closing): the calls are
   * logged as changed, so a watching process takes them over at once.
   */
  releaseLeases(): number {
    return this.#conn.transaction(() => {
      const held = this.#db
        .prepare(`SELECT id FROM calls WHERE lease_holder = ? AND state IN (${ACTIVE})`)
        .all(this.#me) as Array<{ id: string }>;
      const release = this.#db.prepare(
        'UPDATE calls SET lease_holder = NULL, lease_until = 0, seq = ?, writer = ? WHERE id = ?',
      );
      for (const { id } of held) release.run(this.#conn.nextSeq(), this.#me, id);
      return held.length;
    });
  }

  /**
   * Up to `max` calls being sent or waiting that nobody holds, or whose
   * holder is among `lapsed` (see takeLease), oldest first.
   */
  adoptable(lapsed: ReadonlyMap<string, number>, max: number): Array<{ id: string; state: CallState }> {
    return this.#conn.read(
      () =>
        this.#adoptable.all({ me: this.#me, lapsed: lapsedJson(lapsed), max }) as Array<{
          id: string;
          state: CallState;
        }>,
    );
  }
}

/** The holders judged lapsed, as SQLite's json_each reads them (holder → mark). */
function lapsedJson(lapsed: ReadonlyMap<string, number>): string {
  return JSON.stringify(Object.fromEntries(lapsed));
}
