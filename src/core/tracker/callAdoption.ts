import { type Call, isActive } from '../../shared/models/call.ts';
import type { Clock } from '../clock.ts';
import type { CallHistory } from '../store/callHistory.ts';
import type { LoggedChange } from '../store/sharedWrites.ts';
import { LeaseJudge } from './leaseJudge.ts';
import type { LeaseKeeper } from './leaseKeeper.ts';
import type { LiveCalls } from './liveCalls.ts';
import type { RunLearning } from './runLearning.ts';
import { moveTo, resumeAt } from './transitions.ts';

/** Calls adopted per look at the history (it looks again until none is left). */
const ADOPT_BATCH = 500;
const SENDER_GONE = 'Robot Tray stopped while this trigger was being sent; it may have started.';

export type AdoptionDeps = {
  history: CallHistory;
  clock: Clock;
  live: LiveCalls;
  leases: () => LeaseKeeper;
  learning: RunLearning;
  /** The watch deadline of the poll policy in effect. */
  watchDeadlineMs: () => number;
  closing: () => boolean;
};

/**
 * Which process watches a call: taking over calls nobody watches (left by
 * another process, or by one that died), waiting for a call another process
 * holds, and letting a call go when the change log says another process
 * took it or ended it.
 */
export class CallAdoption {
  readonly #d: AdoptionDeps;
  /** Whether another process's leases lapsed, by this process's own clock. */
  readonly #judge: LeaseJudge;

  constructor(deps: AdoptionDeps) {
    this.#d = deps;
    this.#judge = new LeaseJudge(deps.clock);
  }

  /** The holders whose leases lapsed, as seen now (see LeaseJudge), and how many active calls nobody holds. */
  #look(): { lapsed: Map<string, number>; unheld: number } {
    const { marks, unheld } = this.#d.history.leases.seen();
    return { lapsed: this.#judge.lapsed(marks), unheld };
  }

  /**
   * Watch a waiting call this process did not fire (fired by the app or
   * another command). Another process watching it keeps it: this one takes
   * it once that lease lapses or is let go, and meanwhile hears of its
   * changes through the change log.
   */
  adopt(call: Call): Call {
    const live = this.#d.live.get(call.id);
    if (live !== undefined || call.state !== 'waiting') return live?.call ?? call;
    const now = this.#d.clock.now();
    let taken;
    try {
      taken = this.#d.history.leases.takeLease(call.id, this.#d.leases().until(), this.#look().lapsed);
    } catch {
      // A history this process cannot write (read-only, locked): it only looks.
      taken = { call, version: 0 };
    }
    if (taken === undefined) this.#d.leases().want(call.id);
    if (taken?.call.state !== 'waiting') return taken?.call ?? call;
    this.#d.live.watch(taken.call, taken.version, now);
    return taken.call;
  }

  /**
   * Calls another process changed (read from the change log): a call this
   * process watches that another now holds, or that ended elsewhere, is no
   * longer polled here. Returns the changes to announce.
   */
  noticeChanges(changes: readonly LoggedChange[]): Call[] {
    const me = this.#d.history.processId;
    const seen: Call[] = [];
    for (const change of changes) {
      if (change.writer === me) continue;
      this.#d.learning.finished(change.call);
      const live = this.#d.live.get(change.call.id);
      if (live !== undefined && change.version <= live.version) continue;
      if (live !== undefined && change.holder === me && isActive(change.call.state)) continue;
      if (live !== undefined) this.#d.live.drop(change.call.id);
      seen.push(change.call);
    }
    return seen;
  }

  /** Try once more to watch a call another process held; true once it needs no more tries. */
  retryWanted(id: string): boolean {
    if (this.#d.live.has(id) || this.#d.closing()) return true;
    const stored = this.#d.history.writes.read(id);
    if (stored === undefined || stored.call.state !== 'waiting') return true;
    const taken = this.#d.history.leases.takeLease(id, this.#d.leases().until(), this.#look().lapsed);
    if (taken === undefined) return false;
    if (taken.call.state === 'waiting') this.#d.live.watch(taken.call, taken.version, this.#d.clock.now());
    return true;
  }

  /**
   * Take over the calls nobody watches, a batch at a time: a waiting one is
   * watched (and returned), one still `sending` becomes unknown.
   */
  fromHistory(): Call[] {
    const adopted: Call[] = [];
    const leases = this.#d.history.leases;
    const { lapsed, unheld } = this.#look();
    // Every call held, and no holder lapsed: nothing to take.
    if (unheld === 0 && lapsed.size === 0) return adopted;
    for (;;) {
      const now = this.#d.clock.now();
      let took = 0;
      for (const { id } of leases.adoptable(lapsed, ADOPT_BATCH)) {
        if (this.#d.live.has(id)) continue;
        const taken = leases.takeLease(id, this.#d.leases().until(), lapsed);
        if (taken === undefined) continue;
        took++;
        const { call, version } = taken;
        if (call.state === 'sending')
          this.#d.live.commitNow(moveTo(call, 'unknown', now, SENDER_GONE), version);
        else if (call.state === 'waiting') {
          this.#d.live.watch(call, version, resumeAt(call.nextPollAt, now, this.#d.watchDeadlineMs()));
          adopted.push(call);
        }
      }
      if (took === 0) return adopted;
    }
  }
}
