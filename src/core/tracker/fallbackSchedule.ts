import type { PollPolicy } from '../../shared/models/pollPolicy.ts';
import { nextPollDelay } from './pollPolicy.ts';

/** Without a profile, after the first query no call is asked twice within this. */
export const FALLBACK_MIN_WAIT_MS = 1_000;
/** Until this far into a run, each wait is EARLY_GROWTH times the time elapsed... */
export const FALLBACK_EARLY_MS = 10_000;
const EARLY_GROWTH = 2;
/** ...and from there on this share of it, so a long run is seen within about a tenth of its time. */
export const FALLBACK_LATE_SHARE = 0.11;
/** A wait lands in the last part of its gap, at random, so calls fired together do not ask in lockstep. */
const JITTER_SHARE = 0.1;

/**
 * The built-in schedule for a call whose robot has no profile yet (fewer
 * than ten finished runs) and no poll interval set: waits that grow with
 * the time elapsed. The first query soon (on the policy's first delay, so a
 * robot that answers at once is seen at once); then a few growing waits
 * through the first FALLBACK_EARLY_MS (most runs are not over, and a short
 * run is still seen within a few seconds); from there on about a ninth of
 * the time elapsed, so a run that ends after ten seconds is seen within about
 * a tenth of its time. Never under FALLBACK_MIN_WAIT_MS after the first, never
 * over the policy's longest wait.
 *
 * Why so few early queries: knowing nothing of a robot, the runs that end
 * early are the costly ones to see within a tenth of their time (a 2-s run
 * needs a query every 0.2 s), and the long ones the cheap ones; with 20
 * robots from 2 s to 40 s this spends about half the queries of asking each
 * second, for a median lag under a tenth of the run time.
 */
export function fallbackDelay(
  pollCount: number,
  elapsedMs: number,
  policy: PollPolicy,
  random: () => number,
): number {
  if (pollCount === 0) return nextPollDelay(0, policy, random);
  const jitter = 1 - JITTER_SHARE * random();
  // The early waits stop at FALLBACK_EARLY_MS itself (not just short of it, which would cost a query).
  const wait =
    elapsedMs < FALLBACK_EARLY_MS
      ? Math.min(FALLBACK_EARLY_MS - elapsedMs, EARLY_GROWTH * elapsedMs * jitter)
      : FALLBACK_LATE_SHARE * elapsedMs * jitter;
  const longest = Math.max(policy.maxDelayMs, FALLBACK_MIN_WAIT_MS);
  return Math.round(Math.min(longest, Math.max(FALLBACK_MIN_WAIT_MS, wait)));
}
