import type { PollPolicy } from '../../shared/models/pollPolicy.ts';
import { boundedGap, FALLBACK_GAP } from './gapBound.ts';
import { nextPollDelay } from './pollPolicy.ts';

/** Without a profile, after the first query no call is asked twice within this. */
export const FALLBACK_MIN_WAIT_MS = 1_000;
/** From this far into a run, each wait is at most FALLBACK_LATE_SHARE of the time elapsed... */
export const FALLBACK_LATE_FROM_MS = 10_000;
/** ...so half the runs (of the benchmark's robots) are seen within a tenth of their time. */
export const FALLBACK_LATE_SHARE = 0.14;
/** A wait lands in the last part of its gap, at random, so calls fired together do not ask in lockstep. */
const JITTER_SHARE = 0.05;

/**
 * The built-in schedule for a call whose robot has no profile yet (fewer
 * than ten finished runs) and no poll interval set: waits that grow with
 * the time elapsed, held to FALLBACK_GAP (gapBound.ts) so that, knowing
 * nothing of the robot, every run is seen within 3 s and within half its
 * time. The first query soon (on the policy's first delay, so a robot that
 * answers at once is seen at once); then waits of 45 % of the time elapsed,
 * never under FALLBACK_MIN_WAIT_MS; from FALLBACK_LATE_FROM_MS on 14 % of
 * it, and from about 20 s on the 2.85-s gap. Never over the policy's longest
 * wait.
 */
export function fallbackDelay(
  pollCount: number,
  elapsedMs: number,
  policy: PollPolicy,
  random: () => number,
): number {
  if (pollCount === 0) return nextPollDelay(0, policy, random);
  let wait = boundedGap(FALLBACK_GAP, elapsedMs, FALLBACK_MIN_WAIT_MS);
  if (elapsedMs >= FALLBACK_LATE_FROM_MS) wait = Math.min(wait, FALLBACK_LATE_SHARE * elapsedMs);
  wait *= 1 - JITTER_SHARE * random();
  const longest = Math.max(policy.maxDelayMs, FALLBACK_MIN_WAIT_MS);
  return Math.round(Math.min(longest, Math.max(FALLBACK_MIN_WAIT_MS, wait)));
}
