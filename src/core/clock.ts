/**
 * Time, injected: the poller asks the clock instead of calling Date.now and
 * setTimeout itself, so tests drive time without sleeping.
 */
export type Clock = {
  now(): number;
  setTimer(callback: () => void, delayMs: number): unknown;
  clearTimer(handle: unknown): void;
};

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer: (callback, delayMs) => {
    const timer = setTimeout(callback, delayMs);
    // Pending polls must not keep a finished CLI process alive on their own.
    timer.unref();
    return timer;
  },
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A random source in [0, 1): injected for the poll jitter. */
export type Random = () => number;
