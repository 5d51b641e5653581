/**
 * Time, injected: the poller asks the clock instead of calling Date.now and
 * setTimeout itself, so tests drive time without sleeping.
 */
export type Clock = {
  now(): number;
  /**
   * `keepAlive`: the process must not exit while this timer is pending (a
   * command waiting on it); other timers (polls) never hold it open.
   */
  setTimer(callback: () => void, delayMs: number, options?: { keepAlive?: boolean }): unknown;
  clearTimer(handle: unknown): void;
  /**
   * Time that only moves forward, whatever is done to the wall clock (set
   * back, stepped by NTP): for judging how long something lasted. A clock
   * without it (a test's) counts by `now`.
   */
  elapsed?(): number;
};

/** The clock's elapsed time, or its wall time when it keeps none. */
export function elapsedOf(clock: Clock): number {
  return clock.elapsed?.() ?? clock.now();
}

/**
 * The longest delay a Node timer holds (about 24.8 days). A longer one fires
 * at once with a TimeoutOverflowWarning, which would make a far-future poll
 * spin; a clamped one just wakes early and is armed again.
 */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** A delay a Node timer can hold: never negative, never past MAX_TIMER_DELAY_MS. */
export function timerDelay(delayMs: number): number {
  if (!(delayMs > 0)) return 0;
  return Math.min(delayMs, MAX_TIMER_DELAY_MS);
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer: (callback, delayMs, options) => {
    const timer = setTimeout(callback, timerDelay(delayMs));
    // Pending polls must not keep a finished CLI process alive on their own.
    if (options?.keepAlive !== true) timer.unref();
    return timer;
  },
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  elapsed: () => performance.now(),
};

/** A random source in [0, 1): injected for the poll jitter. */
export type Random = () => number;
