import type { PollPolicy } from '../../shared/models/pollPolicy.ts';

/** Never poll sooner than this, whatever the jitter draws. */
export const MIN_POLL_DELAY_MS = 100;

/**
 * Delay before poll number `pollCount` (0 = the first poll after acceptance):
 * exponential growth from firstDelayMs by `factor`, capped at maxDelayMs,
 * with full jitter (uniform in [0, cap)) so many calls fired together do not
 * poll in lockstep, floored at MIN_POLL_DELAY_MS. A Retry-After from the
 * service is a lower bound: we never ask again before it said.
 */
export function nextPollDelay(
  pollCount: number,
  policy: PollPolicy,
  random: () => number,
  retryAfterMs?: number,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.firstDelayMs * policy.factor ** Math.max(0, pollCount));
  const jittered = Math.max(MIN_POLL_DELAY_MS, Math.floor(random() * ceiling));
  return retryAfterMs === undefined ? jittered : Math.max(jittered, retryAfterMs);
}
