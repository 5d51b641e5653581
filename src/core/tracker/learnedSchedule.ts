import type { PollPolicy } from '../../shared/models/pollPolicy.ts';
import { fallbackDelay } from './fallbackSchedule.ts';
import { boundedGap, LEARNED_GAP } from './gapBound.ts';
import { MIN_POLL_DELAY_MS, nextPollDelay } from './pollPolicy.ts';
import type { RunProfile } from './runProfile.ts';
import { shareDoneBy } from './runProfile.ts';

/**
 * How soon a run is seen done where its profile says runs usually end: a
 * query this often while it is worth it. Half a second is about as soon as
 * people notice.
 */
export const DENSE_SPACING_MS = 450;
/**
 * A query is worth sending at the dense spacing while at least this share of
 * the runs still going would end before it: so short robots, whose runs end
 * close together, are seen within half a second, and long ones on the bound.
 */
export const DENSE_WORTH = 0.3;
/**
 * Where the runs of a profile begin and end, in robust deviations from their
 * median (in log time): beyond this, about 0.3 % of log-normal runs. The
 * fastest and slowest runs learned widen it further.
 */
const EDGE_DEVIATIONS = 2.75;
/**
 * A run this many times longer than the slowest learned (the robot got
 * slower) is still asked about within LEARNED_GAP's longest wait; past it,
 * within a quarter of its time, up to the policy's longest wait.
 */
export const SLOWER_RUNS_WATCHED = 4;
/** With a profile whose first query would come later than this, one query still comes early, on the policy (a run that failed at once). */
export const EARLY_QUERY_PAST_MS = 15_000;
/** A query lands in the last part of its gap, at random, so calls fired together do not ask in lockstep. */
const JITTER_SHARE = 0.05;
/** Searching ahead for the dense part looks at most this many points. */
const SEARCH_STEPS = 64;

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

/** Where the profile's runs begin and end (ms): EDGE_DEVIATIONS around their median, or its fastest and slowest runs. */
export function runEdges(profile: RunProfile): { first: number; last: number } {
  const reach = EDGE_DEVIATIONS * profile.logSpread;
  return {
    first: Math.min(profile.sorted[0]!, Math.exp(profile.logCenter - reach)),
    last: Math.max(profile.sorted.at(-1)!, Math.exp(profile.logCenter + reach)),
  };
}

/**
 * When a call's first query comes on a profile: one bounded gap (gapBound.ts)
 * after its runs begin to end, so a run that ends there is seen within the
 * bound, and no query goes where almost none would find the run done. More
 * runs than the profile expects that had already ended at that query (the
 * robot got faster) move it earlier: see EARLY_RUNS_HEEDED.
 */
export function firstQueryAt(profile: RunProfile): number {
  const usual = firstAfter(runEdges(profile).first);
  const expected = Math.ceil(EARLY_WINDOW * shareDoneBy(profile, usual + slackAt(usual)));
  const heeded = Math.max(0, (profile.endedEarly ?? 0) - Math.max(EARLY_RUNS_HEEDED - 1, expected));
  return heeded === 0 ? usual : firstAfter(runEdges(profile).first * EARLY_BACKOFF ** heeded);
}

/** One bounded gap after `begin`. */
const firstAfter = (begin: number) => begin + boundedGap(LEARNED_GAP, begin, MIN_POLL_DELAY_MS);

/**
 * A run seen done at its first query on a profile ended at some unknown time
 * before it, and is learned as ending there: so a robot that got faster
 * would never be asked sooner. With at least this many of the profile's last
 * EARLY_WINDOW runs so, and more than its own runs would have (a robot whose
 * runs all take about as long is mostly seen at its first query), the first
 * query comes EARLY_BACKOFF as far into the run, and again for each more:
 * the faster runs are then seen as they end and learned as they are, and
 * the profile's fastest run keeps the first query there.
 */
export const EARLY_RUNS_HEEDED = 2;
export const EARLY_WINDOW = 8;
const EARLY_BACKOFF = 0.7;

/** How much later than the first query a run seen there can be learned as ending: its round trip; a run ending after it is seen a gap later. */
function slackAt(first: number): number {
  return Math.min(DENSE_SPACING_MS, boundedGap(LEARNED_GAP, first, MIN_POLL_DELAY_MS)) / 2;
}

/**
 * Whether a first query that moved from `beforeMs` to `afterMs` (a run was
 * learned) is worth planning the calls waiting for it again: every run
 * learned moves it a little; a robot that got faster moves it by a tenth or
 * more (EARLY_BACKOFF, or a new fastest run).
 */
export function firstMovedSooner(beforeMs: number, afterMs: number): boolean {
  return afterMs < beforeMs * 0.9;
}

/** Whether a run of `ms` ended by the first query `profile` would send (so it was seen there, not when it ended). */
export function endedByFirstQuery(profile: RunProfile, ms: number): boolean {
  const first = firstQueryAt(profile);
  return ms <= first + slackAt(first);
}

/**
 * The wait, `elapsedMs` into a run, before its next query on a profile.
 * From the first query on (firstQueryAt) no wait is longer than the bound
 * (gapBound.ts: within 2 s and a quarter of the time elapsed), and where a
 * query would find at least DENSE_WORTH of the runs still going done, it is
 * DENSE_SPACING_MS (so most runs of a short or middling robot are seen within
 * half a second). A run past the slowest learned keeps the bound until it
 * is SLOWER_RUNS_WATCHED times longer (the robot got slower: its runs are
 * still seen within 2 s while the profile learns them), then waits a quarter
 * of the time elapsed, up to the policy's longest. Before the first query
 * there is only one early query on the policy when that is far off (a run
 * that failed at once).
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
  const floor = MIN_POLL_DELAY_MS;
  // Rounded up, so the query lands at or just past it, not a millisecond short (that would cost another).
  if (elapsedMs < first) return Math.max(floor, Math.ceil(first - elapsedMs));
  // Planned again past its first query (the robot got faster) and never asked: at once.
  if (pollCount === 0) return floor;
  const watched = elapsedMs <= SLOWER_RUNS_WATCHED * runEdges(profile).last;
  const bound = watched
    ? boundedGap(LEARNED_GAP, elapsedMs, floor)
    : Math.max(floor, LEARNED_GAP.share * elapsedMs);
  let wait = Math.min(policy.maxDelayMs, bound);
  if (queryWorth(profile, elapsedMs) >= DENSE_WORTH) wait = Math.min(wait, DENSE_SPACING_MS);
  else if (wait > DENSE_SPACING_MS) wait = Math.min(wait, toDensePart(profile, elapsedMs, wait));
  return Math.max(floor, Math.round(wait * (1 - JITTER_SHARE * random())));
}

/** How far ahead of `elapsedMs` (within `wait`) a query would be worth the dense spacing again; `wait` if nowhere. */
function toDensePart(profile: RunProfile, elapsedMs: number, wait: number): number {
  const step = Math.max(DENSE_SPACING_MS / 2, wait / SEARCH_STEPS);
  for (let ahead = DENSE_SPACING_MS; ahead < wait; ahead += step)
    if (queryWorth(profile, elapsedMs + ahead) >= DENSE_WORTH) return ahead;
  return wait;
}
