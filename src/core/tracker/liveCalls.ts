import { type Call, isActive } from '../../shared/models/call.ts';
import type { CommitResult } from '../store/sharedWrites.ts';
import type { ChangeBatcher } from './changeBatcher.ts';
import type { CallWriter } from './callWriter.ts';
import type { LeaseKeeper } from './leaseKeeper.ts';
import type { PollQueue } from './pollQueue.ts';
import type { RunLearning } from './runLearning.ts';

/** A call this process is sending or watching: its latest record, its backoff step, its stored version. */
export type LiveCall = { call: Call; step: number; version: number };

export type LiveCallsDeps = {
  writer: CallWriter;
  queue: PollQueue;
  changes: ChangeBatcher;
  leases: () => LeaseKeeper;
  learning: RunLearning;
  /** After close the history is gone: nothing is written. */
  closed: () => boolean;
};

/**
 * The calls this process is sending or watching (one entry holds all it
 * keeps of each), and how a change of a call is recorded: written to the
 * history (with the other writes of its tick, or at once), kept live while
 * active and still watched here, then announced to subscribers.
 */
export class LiveCalls {
  readonly #calls = new Map<string, LiveCall>();
  readonly #d: LiveCallsDeps;

  constructor(deps: LiveCallsDeps) {
    this.#d = deps;
  }

  get size(): number {
    return this.#calls.size;
  }

  get(id: string): LiveCall | undefined {
    return this.#calls.get(id);
  }

  has(id: string): boolean {
    return this.#calls.has(id);
  }

  values(): IterableIterator<LiveCall> {
    return this.#calls.values();
  }

  set(id: string, live: LiveCall): void {
    this.#calls.set(id, live);
  }

  /** Start watching a waiting call (this process holds its lease) from backoff step 0, first polled at `at`. */
  watch(call: Call, version: number, at: number): void {
    this.#calls.set(call.id, { call, step: 0, version });
    this.#d.leases().wake();
    this.#d.queue.schedule(call.id, call.robotId, at);
  }

  /** Stop tracking a call (it ended, another process took it, or it is being forgotten). */
  drop(id: string): void {
    this.#calls.delete(id);
    this.#d.queue.cancel(id);
  }

  /**
   * Record a change with the other writes of this tick, in one transaction
   * at its end; resolves with what the history then holds (see #landed).
   * `expected`: the version last seen, when the call is not live here.
   */
  commit(call: Call, expected?: number): Promise<Call> {
    // After close the history is gone; a trigger still in flight stays
    // `sending` on disk and becomes `unknown` at the next start, which is
    // the truth: we cannot tell whether it arrived.
    if (this.#d.closed()) return Promise.resolve(call);
    const { version, lease } = this.#writeOf(call, expected);
    return new Promise((resolve) =>
      this.#d.writer.enqueue(call, version, lease, (result) => resolve(this.#landed(call, result))),
    );
  }

  /** Record a change now, after the writes queued this tick (see commit). */
  commitNow(call: Call, expected?: number): Call {
    if (this.#d.closed()) return call;
    const { version, lease } = this.#writeOf(call, expected);
    return this.#landed(call, this.#d.writer.write(call, version, lease));
  }

  /** Stop tracking a call and record its final state; see commit. */
  finish(call: Call): Promise<Call> {
    const version = this.#calls.get(call.id)?.version;
    this.drop(call.id);
    return this.commit(call, version);
  }

  #writeOf(call: Call, expected: number | undefined): { version: number; lease: number } {
    const version = expected ?? this.#calls.get(call.id)?.version ?? 0;
    return { version, lease: isActive(call.state) ? this.#d.leases().until() : 0 };
  }

  /**
   * A change is written (or queued for a retried write): kept live while
   * active and still watched here, announced. A write that lost to a truer
   * record (another process finished or took the call) adopts that record:
   * it is what is announced, and this process stops watching the call.
   */
  #landed(sent: Call, result: CommitResult): Call {
    const stored = result.call;
    const live = this.#calls.get(stored.id);
    if (result.written && isActive(stored.state)) {
      // Not stopped or forgotten meanwhile: its next write names this version.
      if (live !== undefined) {
        const call = live.call === sent ? stored : live.call;
        this.#calls.set(stored.id, { call, step: live.step, version: result.version });
      }
      this.#d.leases().wake();
    } else {
      this.drop(stored.id);
      // A call forgotten meanwhile stays gone from lists: it is not announced again.
      if (result.forgotten === true) return stored;
      this.#d.learning.finished(stored);
    }
    this.#d.changes.add(stored);
    return stored;
  }
}
