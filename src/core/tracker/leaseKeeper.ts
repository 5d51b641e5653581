import type { Clock } from '../clock.ts';
import type { CallLeases } from '../store/callLeases.ts';

/**
 * How long a process's claim to watch a call lasts without renewal. Another
 * process takes the call over only once it has seen no renewal for this
 * long by its own clock (leaseJudge.ts): long enough that a busy machine
 * never hands a live watcher's call away, short enough that a call whose
 * watcher died is polled again within a minute.
 */
export const LEASE_MS = 30_000;
/** Leases are renewed three times per lease, so two missed renewals (a locked file) lose nothing. */
const RENEW_MS = LEASE_MS / 3;

/**
 * Keeps this process's leases alive while it watches calls, and retries
 * calls it was asked to watch that another process held (`status --wait`
 * while the app watches): once that lease lapses, `retry` takes the call.
 */
export class LeaseKeeper {
  readonly #leases: CallLeases;
  readonly #clock: Clock;
  readonly #holding: () => boolean;
  readonly #retry: (id: string) => boolean;
  readonly #wanted = new Set<string>();
  /**
   * Renewal runs on a plain unref'd timer, not the clock's: it must never
   * hold a process open, nor count among the poll timers the clock schedules.
   */
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The last lease this process wrote: each one after it is later. */
  #lastUntil = 0;

  constructor(deps: {
    leases: CallLeases;
    clock: Clock;
    /** Whether this process is sending or watching any call. */
    holding: () => boolean;
    /** Try to watch a wanted call again; true once it needs no more tries. */
    retry: (id: string) => boolean;
  }) {
    this.#leases = deps.leases;
    this.#clock = deps.clock;
    this.#holding = deps.holding;
    this.#retry = deps.retry;
  }

  /**
   * The lease to write with a call this process keeps watching. Each is
   * later than the one before, even when the wall clock was set back: other
   * processes judge a lease by whether it changes (leaseJudge.ts), so every
   * renewal must change it.
   */
  until(): number {
    this.#lastUntil = Math.max(this.#clock.now() + LEASE_MS, this.#lastUntil + 1);
    return this.#lastUntil;
  }

  /** Watch `id` once its holder lets go or lapses. */
  want(id: string): void {
    this.#wanted.add(id);
    this.wake();
  }

  /** Called whenever this process starts holding a call: renewals run while it holds any. */
  wake(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => this.#tick(), RENEW_MS);
    this.#timer.unref();
  }

  /** Try the wanted calls now (a lease was let go). */
  retryWanted(): void {
    for (const id of [...this.#wanted]) if (this.#retry(id)) this.#wanted.delete(id);
  }

  /** Stop renewing and let go of every lease (closing): a watching app takes those calls at once. */
  release(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#wanted.clear();
    try {
      this.#leases.releaseLeases();
    } catch {
      // A locked or read-only file: the leases lapse on their own.
    }
  }

  #tick(): void {
    this.#timer = undefined;
    try {
      this.#leases.renewLeases(this.until());
    } catch {
      // A locked file: the next renewal comes well before the lease lapses.
    }
    this.retryWanted();
    if (this.#holding() || this.#wanted.size > 0) this.wake();
  }
}
