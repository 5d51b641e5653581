/** The window the per-origin rate is counted over. */
const WINDOW_MS = 1_000;

/** The starts to one origin within the last window, oldest first (`head` marks the oldest still kept). */
type Log = { at: number[]; head: number };

/**
 * A rate of starts per second for each origin, counted over a sliding
 * second: a start is allowed while fewer than `rate` starts happened in the
 * second before it. So an idle origin may take a burst of `rate` polls at
 * once (the polls of many calls fell due together), but no second ever holds
 * more than `rate` starts. (A token bucket that refills while it bursts lets
 * nearly twice the rate through in the first second: 500 fresh calls once
 * sent 870 queries in their first second.) Pure arithmetic on times it is
 * given; it keeps at most `rate` times per busy origin.
 */
export class OriginRate {
  readonly #perSecond: () => number;
  /** Recent starts of each origin that still counts against its rate; absent once none does. */
  readonly #logs = new Map<string, Log>();

  constructor(perSecond: () => number) {
    this.#perSecond = perSecond;
  }

  #rate(): number {
    const rate = Math.floor(this.#perSecond());
    return rate > 0 && Number.isFinite(rate) ? rate : Number.POSITIVE_INFINITY;
  }

  /** The origin's log with starts older than a window before `now` let go. */
  #recent(origin: string, now: number): Log | undefined {
    const log = this.#logs.get(origin);
    if (log === undefined) return undefined;
    while (log.head < log.at.length && log.at[log.head]! <= now - WINDOW_MS) log.head++;
    if (log.head === log.at.length) {
      this.#logs.delete(origin);
      return undefined;
    }
    // Compact once the let-go part outweighs the kept part, so the array stays within the rate.
    if (log.head > 64 && log.head * 2 > log.at.length) {
      log.at = log.at.slice(log.head);
      log.head = 0;
    }
    return log;
  }

  /** The earliest time `origin` may start a query; `now` or earlier when it may now. */
  allowedAt(origin: string, now: number): number {
    const rate = this.#rate();
    const log = this.#recent(origin, now);
    if (log === undefined || rate === Number.POSITIVE_INFINITY) return now;
    const held = log.at.length - log.head;
    if (held < rate) return now;
    // The start that must leave the window before another may begin.
    return log.at[log.at.length - rate]! + WINDOW_MS;
  }

  /** Count one start to `origin` at `now`. */
  take(origin: string, now: number): void {
    const rate = this.#rate();
    if (rate === Number.POSITIVE_INFINITY) return;
    const log = this.#recent(origin, now) ?? { at: [], head: 0 };
    log.at.push(now);
    // Only the last `rate` starts can ever hold up the next one.
    if (log.at.length - log.head > rate) log.head = log.at.length - rate;
    this.#logs.set(origin, log);
    // Origins whose starts all left the window carry no debt: forget them, so the map holds only busy ones.
    for (const [other, kept] of this.#logs)
      if (kept.at[kept.at.length - 1]! <= now - WINDOW_MS) this.#logs.delete(other);
  }
}
