import type { PollPolicy } from '../../shared/models/pollPolicy.ts';
import { MIN_POLL_DELAY_MS, nextPollDelay } from './pollPolicy.ts';
import { quantile, type RunProfile, shareDoneBy } from './runProfile.ts';

/**
 * Never ask about one call twice within this, after its first query: so
 * however many calls are fired at once, no second holds more queries than
 * there are calls (a client asking each call once a second), and queries
 * placed densely near the usual completion stay a second apart.
 */
export const MIN_SPACING_MS = 1_000;
/**
 * With a profile whose usual range starts later than this, the first query
 * still comes on the policy (a run that failed at once is not waited on for
 * long); sooner, the first query waits for the usual range.
 */
export const EARLY_QUERY_PAST_MS = 5_000;
/** Queries are placed densely between these shares of the runs finished... */
const DENSE_FROM = 0.05;
const DENSE_TO = 0.95;
/** ...one each time this much more of the runs would have finished, so each has a like chance of finding it done. */
const DENSE_STEP = 0.12;
/** Past the usual range, the wait grows by this share of the time run over the median, up to the policy's longest. */
const OVERTIME_SHARE = 0.25;
/** A query lands in the last part of its gap, at random, so calls fired together do not ask in lockstep. */
const JITTER_SHARE = 0.15;

export type QueryTiming = {
  /** Queries already sent for this call in this watch (0 before the first). */
  pollCount: number;
  /** Time since the call was accepted. */
  elapsedMs: number;
  /** The run-time profile of its preset or robot, when there are enough runs. */
  profile: RunProfile | undefined;
  policy: PollPolicy;
  /** The robot's own poll interval was set by its user: then it is followed as set, not learned. */
  explicit: boolean;
  random: () => number;
  /** The service's Retry-After: never ask sooner. */
  retryAfterMs?: number;
};

/**
 * The wait before a call's next status query. Without a profile: the poll
 * policy (the first soon, so a robot that answers at once is seen at once),
 * its later waits never under MIN_SPACING_MS. With one: sparse before the
 * usual completion, dense around it, backing off past it (learnedDelay); the
 * first query still on the policy when the usual range starts late. A
 * robot whose user set its poll interval keeps exactly that. Retry-After is
 * always a lower bound; the per-service rate is held by the poll queue.
 */
export function nextQueryDelay(timing: QueryTiming): number {
  const { pollCount, policy, random, retryAfterMs } = timing;
  const profile = timing.explicit ? undefined : timing.profile;
  const first = pollCount === 0;
  const onPolicy = first && (profile === undefined || quantile(profile, DENSE_FROM) > EARLY_QUERY_PAST_MS);
  if (timing.explicit || onPolicy) return nextPollDelay(pollCount, policy, random, retryAfterMs);
  const delay =
    profile === undefined
      ? Math.max(MIN_SPACING_MS, nextPollDelay(pollCount, policy, random))
      : learnedDelay(profile, timing.elapsedMs, policy, random, first ? MIN_POLL_DELAY_MS : MIN_SPACING_MS);
  return retryAfterMs === undefined ? delay : Math.max(delay, retryAfterMs);
}

/**
 * The wait, `elapsedMs` into a run, before the next query on a profile:
 * before the usual range (its 5th percentile) one query at its start; within
 * it (to the 95th) one each time another DENSE_STEP of the runs would have
 * finished; past it, waits growing with the overtime, up to the policy's
 * longest. Never under `floorMs` (MIN_SPACING_MS after a first query); from
 * the usual range on, never over the policy's longest wait.
 */
export function learnedDelay(
  profile: RunProfile,
  elapsedMs: number,
  policy: PollPolicy,
  random: () => number,
  floorMs = MIN_SPACING_MS,
): number {
  const from = quantile(profile, DENSE_FROM);
  const to = quantile(profile, DENSE_TO);
  if (elapsedMs < from) {
    // Landing a little after the start of the usual range, never before it (that would cost a query);
    // the policy's longest wait is for backing off, not for waiting out a run's usual time.
    const gap = from - elapsedMs + JITTER_SHARE * random() * (to - from) * DENSE_STEP;
    return Math.round(Math.max(floorMs, gap));
  }
  const target =
    elapsedMs < to
      ? quantile(profile, Math.min(DENSE_TO, shareDoneBy(profile, elapsedMs) + DENSE_STEP))
      : elapsedMs + OVERTIME_SHARE * (elapsedMs - quantile(profile, 0.5));
  // Landing a little early rather than late: a query a little early loses nothing.
  const gap = (target - elapsedMs) * (1 - JITTER_SHARE * random());
  return Math.min(Math.max(policy.maxDelayMs, floorMs), Math.round(Math.max(floorMs, gap)));
}
