import type { Call } from '../../shared/models/call.ts';
import type { Clock } from '../clock.ts';
import { AppError, asAppError } from '../errors.ts';
import type { CallHistory } from '../store/callHistory.ts';
import type { CommitResult, PendingWrite as Pending } from '../store/sharedWrites.ts';

/** What the writer needs of the call history (`commitAll`, when it has it, writes a tick's batch at once). */
export type HistoryWrites = Pick<CallHistory, 'commit' | 'check' | 'prune'> &
  Partial<Pick<CallHistory, 'commitAll'>>;

/** A write waiting for the tick's transaction: told what the history holds once it is in (or why not). */
type Queued = Pending & { done: (result: CommitResult) => void; failed?: (error: unknown) => void };

/** Retry delays for a history write refused by a lock or the disk. */
const RETRY_DELAYS_MS = [50, 100, 250, 500, 1_000, 2_000, 5_000];
/** How long a trigger waits for its `sending` record to be written before it is refused, unsent. */
export const WRITE_AHEAD_WAIT_MS = 5_000;

/**
 * Writes call records to the history so that none is lost: a record the
 * history's schema refuses is written without the part it refuses (and says
 * so), and a write refused by a lock held by another process, or the disk, is
 * retried in the background without blocking the event loop, latest record
 * per call winning, until it lands. While writes are failing, one warning says
 * so; the calls stay correct in memory and in events meanwhile.
 *
 * Writes queued within one tick (`enqueue`) go in together, in order, in one
 * transaction at the end of the tick; each caller hears what the history
 * holds only once its write is in, so nothing is announced before it is stored.
 */
export class CallWriter {
  readonly #history: HistoryWrites;
  readonly #clock: Clock;
  readonly #historyLimit: () => number;
  readonly #maxBytes: () => number;
  readonly #warn: (message: string) => void;
  readonly #unsaved = new Map<string, Pending>();
  #batch: Queued[] = [];
  #retryTimer: unknown;
  #attempt = 0;
  #warned = false;

  constructor(deps: {
    history: HistoryWrites;
    clock: Clock;
    historyLimit: () => number;
    maxBytes?: () => number;
    warn: (message: string) => void;
  }) {
    this.#history = deps.history;
    this.#clock = deps.clock;
    this.#historyLimit = deps.historyLimit;
    this.#maxBytes = deps.maxBytes ?? (() => Number.POSITIVE_INFINITY);
    this.#warn = deps.warn;
  }

  /**
   * Write a call now (after the writes queued this tick, in their order) or
   * queue it for retry; `expected` is the version this process last saw (0:
   * new), `leaseUntil` its lease (see SharedWrites.commit). Returns what the
   * history holds now: the call (or one without a response the schema
   * refused), or a truer record another process wrote (`written` false),
   * which the caller adopts. A queued write counts as written: it lands
   * later, by the same rules.
   */
  write(call: Call, expected = 0, leaseUntil?: number): CommitResult {
    this.flushBatch();
    return this.#writeOne({ call: this.#storable(call), expected, leaseUntil });
  }

  /**
   * Write a call with the others queued this tick, in one transaction at the
   * end of it; `done` is told what `write` would have returned, once the
   * write is in (or queued for retry).
   */
  enqueue(call: Call, expected: number, leaseUntil: number | undefined, done: Queued['done']): void {
    this.#add({ call: this.#storable(call), expected, leaseUntil, done });
  }

  /** Write every write queued this tick now, in one transaction. */
  flushBatch(): void {
    const batch = this.#batch;
    if (batch.length === 0) return;
    this.#batch = [];
    if (batch.length === 1 || this.#history.commitAll === undefined) {
      for (const w of batch) this.#settle(w, undefined);
      return;
    }
    let results: CommitResult[];
    try {
      results = this.#history.commitAll(batch);
    } catch (error) {
      // Refused as a whole (a lock, the disk): each by itself, by the rules of `write`.
      for (const w of batch) this.#settle(w, error);
      return;
    }
    this.#prune();
    batch.forEach((w, i) => w.done(results[i]!));
  }

  #add(queued: Queued): void {
    // A newer record of a call waiting for a retry replaces it.
    this.#unsaved.delete(queued.call.id);
    this.#batch.push(queued);
    if (this.#batch.length === 1) setImmediate(() => this.flushBatch());
  }

  /**
   * One write written alone: a write ahead fails (its sender retries or
   * gives up), any other is queued for retry if refused. `refused`: the batch
   * it came in was refused with that error, which a write ahead takes as its own.
   */
  #settle(w: Queued, refused: unknown): void {
    if (w.failed === undefined) {
      w.done(this.#writeOne(w));
      return;
    }
    if (refused !== undefined) {
      w.failed(refused);
      return;
    }
    let result: CommitResult;
    try {
      result = this.#history.commit(w.call, w.expected, w.leaseUntil);
    } catch (error) {
      w.failed(error);
      return;
    }
    this.#prune();
    w.done(result);
  }

  /** Write now, or queue for retry (then it counts as written). */
  #writeOne(w: Pending): CommitResult {
    this.#unsaved.delete(w.call.id);
    let result: CommitResult;
    try {
      result = this.#history.commit(w.call, w.expected, w.leaseUntil);
    } catch (error) {
      // Kept without its caller's callbacks: it was told already.
      this.#queue({ call: w.call, expected: w.expected, leaseUntil: w.leaseUntil }, error);
      return { call: w.call, version: w.expected, written: true, holder: null };
    }
    this.#prune();
    return result;
  }

  /**
   * Write the record of a trigger about to be sent, waiting (without
   * blocking) at most WRITE_AHEAD_WAIT_MS for a lock to clear. If it cannot
   * be written, the trigger must not be sent: a crash mid-send would leave no
   * trace of a robot that may have started.
   */
  async writeAhead(call: Call, leaseUntil: number): Promise<CommitResult> {
    const stored = this.#storable(call);
    const deadline = this.#clock.now() + WRITE_AHEAD_WAIT_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        return await new Promise<CommitResult>((done, failed) =>
          this.#add({ call: stored, expected: 0, leaseUntil, done, failed }),
        );
      } catch (error) {
        const failure = asAppError(error);
        const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
        // A lock may clear; a read-only folder will not.
        const passing = failure.kind === 'busy' || (failure.kind === 'storage' && !failure.permanent);
        if (!passing || this.#clock.now() + delay > deadline) {
          const kind = failure.kind === 'busy' ? 'busy' : 'storage';
          throw new AppError(kind, `${failure.message} Nothing was sent.`, { cause: error });
        }
        // Kept alive: the timer of a one-shot command's only pending work
        // would otherwise let the process exit mid-wait (exit 13).
        await new Promise<void>((resolve) => this.#clock.setTimer(resolve, delay, { keepAlive: true }));
      }
    }
  }

  /** Write this tick's batch, and try once more what is still unsaved (at close); say what could not be. */
  flush(): void {
    this.flushBatch();
    if (this.#retryTimer !== undefined) this.#clock.clearTimer(this.#retryTimer);
    this.#retryTimer = undefined;
    this.#retry(false);
    if (this.#unsaved.size > 0) {
      this.#warn(
        `${this.#unsaved.size} call change(s) could not be written to the history before closing; ` +
          'those calls may show an older state next time.',
      );
    }
  }

  get unsavedCount(): number {
    return this.#unsaved.size;
  }

  /** The call as the history's schema accepts it (checked once here; put checks again only cheaply). */
  #storable(call: Call): Call {
    try {
      this.#history.check(call);
      return call;
    } catch (error) {
      // Only a service's answer can fail the schema (it nests past the limit,
      // say); everything else in a call is ours. Keep the call, not the answer.
      // The schema's words give the real reason (depth, a number, a type).
      const reason = asAppError(error).message;
      const warning = `The response could not be kept (${reason}).`;
      const { response: _dropped, ...rest } = call;
      return { ...rest, warning };
    }
  }

  #queue(pending: Pending, error: unknown): void {
    this.#unsaved.set(pending.call.id, pending);
    if (!this.#warned) {
      this.#warned = true;
      this.#warn(`${asAppError(error).message} Robot Tray keeps retrying; no call is lost meanwhile.`);
    }
    this.#scheduleRetry();
  }

  #scheduleRetry(): void {
    if (this.#retryTimer !== undefined) return;
    const delay = RETRY_DELAYS_MS[Math.min(this.#attempt, RETRY_DELAYS_MS.length - 1)]!;
    this.#attempt++;
    this.#retryTimer = this.#clock.setTimer(() => {
      this.#retryTimer = undefined;
      this.#retry(true);
    }, delay);
  }

  #retry(again: boolean): void {
    for (const [id, { call, expected, leaseUntil }] of [...this.#unsaved]) {
      try {
        // Lost to a truer record meanwhile: the change log tells every process, this one too.
        this.#history.commit(call, expected, leaseUntil);
        this.#unsaved.delete(id);
      } catch {
        if (again) this.#scheduleRetry();
        return;
      }
    }
    this.#attempt = 0;
    this.#warned = false;
    this.#prune();
  }

  #prune(): void {
    try {
      this.#history.prune(this.#historyLimit(), false, this.#maxBytes());
    } catch {
      // Pruning is housekeeping: the next write tries again.
    }
  }
}
