import type { PollPolicy } from '../../shared/models/pollPolicy.ts';
import { fallbackDelay } from './fallbackSchedule.ts';
import { MIN_POLL_DELAY_MS, nextPollDelay } from './pollPolicy.ts';
import { quantile, type RunProfile, shareDoneBy } from './runProfile.ts';

/**
 * How soon a run is seen done where its profile says runs usually end: a
 * query this often while it is worth it. Half a second is about as soon as
 * people notice; a call may be asked twice within a second, and the poll
 * queue keeps every second's queries within the number of calls watched.
 */
export const DENSE_SPACING_MS = 450;
/** A query is worth sending at the dense spacing while at least this share of the runs still going would end before it. */
export const DENSE_WORTH = 0.15;
/** After its first query no call is asked twice within this (the dense spacing less its jitter). */
export const MIN_SPACING_MS = 400;
/** The first query waits for the dense part of the profile, but never past this share of the runs finished. */
export const FIRST_BY_SHARE = 0.4;
/** With a profile whose first query would come later than this, one query still comes early, on the policy (a run that failed at once). */
export const EARLY_QUERY_PAST_MS = 15_000;
/** Where no query is worth it (a long robot, a run past its usual time), the wait is this share of the time elapsed, up to the policy's longest. */
const SPARSE_SHARE = 0.2;
/** A query lands in the last part of its gap, at random, so calls fired together do not ask in lockstep. */
const JITTER_SHARE = 0.05;
/** Searching ahead for the dense part looks at most this many points. */
const SEARCH_STEPS = 256;

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
  /** The poll interval was set in Settings: robots without a profile follow it (its later waits never under 1 s). */
  policySet?: boolean;
  random: () => number;
  /** The service's Retry-After: never ask sooner. */
  retryAfterMs?: number;
};

/**
 * The wait before a call's next status query. A robot whose user set its
 * poll interval keeps exactly that. With a profile: learnedDelay. Without
 * one: the built-in schedule (fallbackDelay), or the poll interval set in
 * Settings. Retry-After is always a lower bound; the per-service rate and
 * the queries per second across calls are held by the poll queue.
 */
export function nextQueryDelay(timing: QueryTiming): number {
  const { pollCount, policy, random, retryAfterMs } = timing;
  if (timing.explicit) return nextPollDelay(pollCount, policy, random, retryAfterMs);
  const profile = timing.profile;
  let delay: number;
  if (profile !== undefined) delay = learnedDelay(profile, timing.elapsedMs, pollCount, policy, random);
  else if (timing.policySet === true)
    delay =
      pollCount === 0
        ? nextPollDelay(0, policy, random)
        : Math.max(1_000, nextPollDelay(pollCount, policy, random));
  else delay = fallbackDelay(pollCount, timing.elapsedMs, policy, random);
  return retryAfterMs === undefined ? delay : Math.max(delay, retryAfterMs);
}

/**
 * The share of the runs still going at `ms` that end within the next dense
 * spacing: what a query that much later is worth (0 past every run learned).
 */
export function queryWorth(profile: RunProfile, ms: number): number {
  const done = shareDoneBy(profile, ms);
  if (done >= 1) return 0;
  return (shareDoneBy(profile, ms + DENSE_SPACING_MS) - done) / (1 - done);
}

/**
 * When a call's first query comes on a profile: once a query there would be
 * worth it (it would find DENSE_WORTH of the runs done), or at the
 * FIRST_BY_SHARE quantile of the runs, whichever is sooner.
 */
export function firstQueryAt(profile: RunProfile): number {
  let at = firstQueries.get(profile);
  if (at === undefined) {
    const latest = quantile(profile, FIRST_BY_SHARE);
    const step = Math.max(DENSE_SPACING_MS / 2, latest / SEARCH_STEPS);
    at = DENSE_SPACING_MS;
    while (at < latest && queryWorth(profile, at - DENSE_SPACING_MS) < DENSE_WORTH) at += step;
    at = Math.min(at, latest);
    firstQueries.set(profile, at);
  }
  return at;
}

/** firstQueryAt of each profile in use (a profile is rebuilt, not changed, when a run is learned). */
const firstQueries = new WeakMap<RunProfile, number>();

/**
 * The wait, `elapsedMs` into a run, before its next query on a profile.
 * Queries go where they are likely to find the run done: every
 * DENSE_SPACING_MS while each would find at least DENSE_WORTH of the runs
 * still going done (through the usual end of a short or middling robot, so
 * most of its runs are seen within half a second), and elsewhere after
 * about a fifth of the time elapsed, up to the policy's longest wait, or
 * sooner where the dense part begins (a long robot, a run past its usual
 * time: seen within about a fifth of its run). The first query waits for the
 * dense part (firstQueryAt), with one early query on the policy when that is
 * far off.
 */
export function learnedDelay(
  profile: RunProfile,
  elapsedMs: number,
  pollCount: number,
  policy: PollPolicy,
  random: () => number,
): number {
  const first = firstQueryAt(profile);
  if (pollCount === 0 && first > EARLY_QUERY_PAST_MS) return nextPollDelay(0, policy, random);
  const floor = pollCount === 0 ? MIN_POLL_DELAY_MS : MIN_SPACING_MS;
  // Rounded up, so the query lands at or just past it, not a millisecond short (that would cost another).
  if (elapsedMs < first) return Math.max(floor, Math.ceil(first - elapsedMs));
  const jitter = 1 - JITTER_SHARE * random();
  if (queryWorth(profile, elapsedMs) >= DENSE_WORTH)
    return Math.max(floor, Math.round(DENSE_SPACING_MS * jitter));
  const sparse = Math.min(policy.maxDelayMs, Math.max(DENSE_SPACING_MS, SPARSE_SHARE * elapsedMs));
  // Sooner where a query would be worth it again (the dense part further on, or a second mode).
  const last = quantile(profile, 1);
  const step = Math.max(DENSE_SPACING_MS / 2, sparse / SEARCH_STEPS);
  let wait = DENSE_SPACING_MS;
  while (wait < sparse && elapsedMs + wait < last && queryWorth(profile, elapsedMs + wait) < DENSE_WORTH)
    wait += step;
  if (elapsedMs + wait >= last) wait = sparse;
  return Math.max(floor, Math.round(Math.min(wait, sparse) * jitter));
}
