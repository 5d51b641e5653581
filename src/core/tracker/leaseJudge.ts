import { type Clock, elapsedOf } from '../clock.ts';
import type { LeaseMark } from '../store/callLeases.ts';
import { LEASE_MS } from './leaseKeeper.ts';

/**
 * Whether another process's leases have lapsed, judged by this process's
 * own elapsed time, never by comparing the wall-clock times that process
 * wrote with this one's: two processes' clocks may be 30 s or more apart
 * (a data folder shared between machines, a clock stepped by NTP or by
 * hand), and a lapse read off them would hand a live watcher's call away,
 * in the middle of its trigger even.
 *
 * A holder's mark is the latest lease it wrote (every renewal writes a later
 * one: LeaseKeeper.until). Its leases have lapsed once this process has
 * seen that mark unchanged for LEASE_MS of its own elapsed time; a mark seen
 * for the first time starts the count, so a process that just started waits
 * a whole lease before taking over the calls of one that died.
 */
export class LeaseJudge {
  readonly #clock: Clock;
  /** Each holder's mark as last seen, and since when (elapsed time) it has not changed. */
  #seen = new Map<string, { mark: number; since: number }>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /**
   * Look at the holders' marks now: the holders whose leases have lapsed,
   * each with the mark seen (a lease taken over must not be later than it:
   * a renewal after this look keeps the call with its holder).
   */
  lapsed(marks: readonly LeaseMark[]): Map<string, number> {
    const at = elapsedOf(this.#clock);
    const seen = new Map<string, { mark: number; since: number }>();
    const lapsed = new Map<string, number>();
    for (const { holder, mark } of marks) {
      const before = this.#seen.get(holder);
      const kept = before !== undefined && before.mark === mark ? before : { mark, since: at };
      seen.set(holder, kept);
      if (at - kept.since >= LEASE_MS) lapsed.set(holder, mark);
    }
    // A holder that holds nothing now is forgotten: a lease it takes later is counted afresh.
    this.#seen = seen;
    return lapsed;
  }
}
