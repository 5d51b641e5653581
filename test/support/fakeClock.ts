import type { Clock } from '../../src/core/clock.ts';

/**
 * A clock tests move by hand. `advance` fires every timer that falls due, in
 * order, so the poller is exercised without sleeping.
 */
export class FakeClock implements Clock {
  #now: number;
  #seq = 0;
  readonly #timers = new Map<number, { at: number; callback: () => void }>();

  constructor(start = Date.UTC(2026, 10, 21, 9, 0, 0)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimer(callback: () => void, delayMs: number): unknown {
    const id = ++this.#seq;
    this.#timers.set(id, { at: this.#now + Math.max(0, delayMs), callback });
    return id;
  }

  clearTimer(handle: unknown): void {
    this.#timers.delete(handle as number);
  }

  get pendingTimers(): number {
    return this.#timers.size;
  }

  /** When the earliest timer is due, or undefined when none is set. */
  nextDue(): number | undefined {
    let first: number | undefined;
    for (const t of this.#timers.values()) if (first === undefined || t.at < first) first = t.at;
    return first;
  }

  advance(ms: number): void {
    const until = this.#now + ms;
    for (;;) {
      let nextId: number | undefined;
      let next: { at: number; callback: () => void } | undefined;
      for (const [id, t] of this.#timers) {
        if (t.at <= until && (next === undefined || t.at < next.at)) {
          next = t;
          nextId = id;
        }
      }
      if (next === undefined || nextId === undefined) break;
      this.#timers.delete(nextId);
      this.#now = next.at;
      next.callback();
    }
    this.#now = until;
  }

  /** Jump to the next timer and fire it. */
  runNext(): boolean {
    const due = this.nextDue();
    if (due === undefined) return false;
    this.advance(due - this.#now);
    return true;
  }
}
