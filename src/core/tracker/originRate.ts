/**
 * A rate of starts per second for each origin, as a generic cell rate
 * algorithm: each start moves the origin's "theoretical arrival time" one
 * interval on, and a start is allowed while that time is at most one
 * second's worth of starts ahead of now. So an idle origin may take a burst
 * of `rate` polls at once (the polls of many calls fell due together), then
 * one every 1/rate seconds. Pure arithmetic on times it is given.
 */
export class OriginRate {
  readonly #perSecond: () => number;
  /** When each origin's schedule of starts catches up with now; absent once it has. */
  readonly #tat = new Map<string, number>();

  constructor(perSecond: () => number) {
    this.#perSecond = perSecond;
  }

  #interval(): number {
    const rate = this.#perSecond();
    return rate > 0 && Number.isFinite(rate) ? 1000 / rate : 0;
  }

  /** The earliest time `origin` may start a query; `now` or earlier when it may now. */
  allowedAt(origin: string, now: number): number {
    const interval = this.#interval();
    const tat = this.#tat.get(origin);
    if (tat === undefined || interval === 0) return now;
    // A burst of up to one second's worth: the last of them may start when tat is 1 s ahead minus one interval.
    return tat - (1000 - interval);
  }

  /** Count one start to `origin` at `now`. */
  take(origin: string, now: number): void {
    const interval = this.#interval();
    if (interval === 0) return;
    const tat = Math.max(this.#tat.get(origin) ?? now, now) + interval;
    this.#tat.set(origin, tat);
    // Origins whose schedule caught up carry no debt: forget them, so the map holds only busy ones.
    for (const [other, at] of this.#tat) if (at <= now) this.#tat.delete(other);
  }
}
