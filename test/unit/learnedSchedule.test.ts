import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { LEARNED_GAP } from '../../src/core/tracker/gapBound.ts';
import {
  DENSE_SPACING_MS,
  EARLY_QUERY_PAST_MS,
  EARLY_WINDOW,
  firstQueryAt,
  learnedDelay,
  nextQueryDelay,
  runEdges,
  SLOWER_RUNS_WATCHED,
} from '../../src/core/tracker/learnedSchedule.ts';
import { MIN_POLL_DELAY_MS, nextPollDelay } from '../../src/core/tracker/pollPolicy.ts';
import { quantile, runProfile } from '../../src/core/tracker/runProfile.ts';
import { defaultPollPolicy, PollPolicy } from '../../src/shared/models/pollPolicy.ts';
import { RunProfiles } from '../../src/core/tracker/runProfiles.ts';
import { pollPolicies as policies, queryTimes } from '../support/querySchedule.ts';

/** Log-normal run times (σ 0.3 unless given) around `medianMs`, from a fixed seed. */
function logNormalRuns(medianMs: number, count: number, seed = 1, sigma = 0.3): number[] {
  let state = seed;
  const random = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return (state + 0.5) / 2 ** 32;
  };
  return Array.from({ length: count }, () => {
    const normal = Math.sqrt(-2 * Math.log(random())) * Math.cos(2 * Math.PI * random());
    return medianMs * Math.exp(sigma * normal);
  });
}

const profiles = fc
  .record({
    median: fc.integer({ min: 50, max: 600_000 }),
    seed: fc.integer({ min: 1, max: 1_000_000 }),
    runs: fc.integer({ min: 10, max: 200 }),
    sigma: fc.double({ min: 0, max: 1.2, noNaN: true }),
  })
  .map(({ median, seed, runs, sigma }) => runProfile(logNormalRuns(median, runs, seed, sigma))!);

/** How long after each run ended a call on this schedule would have seen it done. */
function lagsOf(times: readonly number[], runs: readonly number[]): number[] {
  return runs.map((run) => times.find((t) => t >= run)! - run);
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('learned query schedule', () => {
  test('no wait is shorter than the floor or the Retry-After, nor longer than the longest wait once the first learned query is due', () => {
    fc.assert(
      fc.property(
        profiles,
        policies,
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.double({ min: 0, max: 0.999_999, noNaN: true }),
        fc.option(fc.integer({ min: 0, max: 120_000 }), { nil: undefined }),
        (profile, policy, pollCount, elapsedMs, draw, retryAfterMs) => {
          PollPolicy.parse(policy);
          const delay = nextQueryDelay({
            pollCount,
            elapsedMs,
            profile,
            policy,
            explicit: false,
            random: () => draw,
            ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
          });
          expect(delay).toBeGreaterThanOrEqual(MIN_POLL_DELAY_MS);
          expect(delay).toBeGreaterThanOrEqual(retryAfterMs ?? 0);
          // Up to its first learned query it is waited out; from there on, no wait is longer than the policy's longest.
          const toFirst = Math.ceil(firstQueryAt(profile) - elapsedMs);
          expect(delay).toBeLessThanOrEqual(
            Math.max(policy.maxDelayMs, MIN_POLL_DELAY_MS, retryAfterMs ?? 0, toFirst),
          );
        },
      ),
    );
  });

  test('every run the profile learned ended after the point its first query is placed from', () => {
    fc.assert(
      fc.property(profiles, (profile) => {
        const begin = runEdges(profile).first;
        expect(begin).toBeLessThanOrEqual(profile.sorted[0]!);
        expect(firstQueryAt(profile) - begin).toBeLessThanOrEqual(
          Math.max(MIN_POLL_DELAY_MS, Math.min(LEARNED_GAP.longestMs, LEARNED_GAP.share * begin)) + 1e-6,
        );
      }),
    );
  });

  test('the first query of a robot that usually answers at once comes at once, not a spacing later', () => {
    const instant = runProfile(logNormalRuns(40, 50))!;
    expect(
      nextQueryDelay({
        pollCount: 0,
        elapsedMs: 0,
        profile: instant,
        policy: defaultPollPolicy,
        explicit: false,
        random: () => 0.5,
      }),
    ).toBeLessThan(200);
  });

  test('a short robot: none before its runs begin to end, then queries every dense spacing through where they end, so most are seen within half a second', () => {
    const runs = logNormalRuns(2_000, 200);
    const profile = runProfile(runs)!;
    const times = queryTimes(profile, 10_000);
    // Nothing before almost any run has ended, and the first soon after they begin to.
    expect(times[0]).toBeGreaterThan(quantile(profile, 0) * 0.8);
    expect(times[0]).toBeLessThanOrEqual(quantile(profile, 0.05));
    // Dense where the profile is dense: from its median through its 90th percentile, at most the spacing apart.
    const dense = times.filter((t) => t >= quantile(profile, 0.5) && t <= quantile(profile, 0.9));
    for (let i = 1; i < dense.length; i++)
      expect(dense[i]! - dense[i - 1]!).toBeLessThanOrEqual(DENSE_SPACING_MS);
    const lags = lagsOf(times, runs);
    expect(lags.filter((lag) => lag <= 500).length / lags.length).toBeGreaterThan(0.8);
    // Every run seen within a quarter of its time; a handful of queries each, about as many as asking each second.
    runs.forEach((run, i) => expect(lags[i]!).toBeLessThanOrEqual(0.25 * run));
    expect(median(runs.map((run) => times.filter((t) => t < run).length + 1))).toBeLessThanOrEqual(5);
  });

  test('a long robot: one early query, then from where its runs begin to end never more than the bound apart, so each run is seen within 2 s', () => {
    const runs = logNormalRuns(40_000, 200);
    const profile = runProfile(runs)!;
    const times = queryTimes(profile, 200_000);
    // Once early, on the policy (a run that failed at once), then nothing until its runs begin to end.
    expect(times[0]).toBe(nextPollDelay(0, defaultPollPolicy, () => 0.5));
    expect(firstQueryAt(profile)).toBeGreaterThan(EARLY_QUERY_PAST_MS);
    expect(times[1]).toBeCloseTo(firstQueryAt(profile), -1);
    expect(times[1]! - LEARNED_GAP.longestMs).toBeLessThan(quantile(profile, 0));
    for (let i = 2; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeLessThanOrEqual(LEARNED_GAP.longestMs);
    lagsOf(times, runs).forEach((lag) => expect(lag).toBeLessThanOrEqual(LEARNED_GAP.longestMs));
    // A dozen queries for a run of 40 s or so, against the forty of asking each second.
    expect(median(runs.map((run) => times.filter((t) => t < run).length + 1))).toBeLessThanOrEqual(14);
  });

  test('a run three times longer than any learned (the robot got slower) is still seen within 2 s; far past that, within a quarter of its time', () => {
    const profile = runProfile(logNormalRuns(10_000, 200))!;
    const slowest = runEdges(profile).last;
    const times = queryTimes(profile, 10 * slowest);
    for (const run of [1.5 * slowest, 3 * slowest]) {
      const seen = times.find((t) => t >= run)!;
      expect(seen - run).toBeLessThanOrEqual(LEARNED_GAP.longestMs);
    }
    // Far past that the waits grow with the time elapsed (a quarter of it, up to the longest wait).
    const far = times.filter((t) => t > SLOWER_RUNS_WATCHED * slowest);
    const gaps = far.slice(1).map((t, k) => [t - far[k]!, far[k]!] as const);
    expect(gaps.length).toBeGreaterThan(2);
    for (const [gap, at] of gaps) {
      expect(gap).toBeGreaterThan(LEARNED_GAP.longestMs);
      expect(gap).toBeLessThanOrEqual(Math.min(defaultPollPolicy.maxDelayMs, LEARNED_GAP.share * at));
    }
  });

  test('a robot whose user set its poll interval is polled exactly as set, profile or not', () => {
    const profile = runProfile(logNormalRuns(20_000, 100))!;
    const policy = { ...defaultPollPolicy, firstDelayMs: 200, factor: 1 };
    for (const pollCount of [0, 1, 5, 20]) {
      const delay = nextQueryDelay({
        pollCount,
        elapsedMs: 15_000,
        profile,
        policy,
        explicit: true,
        random: () => 0.9,
      });
      expect(delay).toBe(nextPollDelay(pollCount, policy, () => 0.9));
    }
  });

  test('without a profile, a poll interval set in Settings is followed: the policy, its later waits never under a second', () => {
    fc.assert(
      fc.property(
        policies,
        fc.integer({ min: 0, max: 30 }),
        fc.double({ min: 0, max: 0.999_999, noNaN: true }),
        (policy, pollCount, draw) => {
          const random = () => draw;
          const timing = { pollCount, elapsedMs: 0, policy, explicit: false, policySet: true, random };
          const today = nextPollDelay(pollCount, policy, random);
          expect(nextQueryDelay({ ...timing, profile: undefined })).toBe(
            pollCount === 0 ? today : Math.max(1_000, today),
          );
        },
      ),
    );
  });

  test('a waiting call far past every run it learned from is asked at most every longest wait', () => {
    const profile = runProfile(logNormalRuns(2_000, 50))!;
    expect(learnedDelay(profile, 3_600_000, 40, defaultPollPolicy, () => 0)).toBe(
      defaultPollPolicy.maxDelayMs,
    );
  });
});

describe('the first query of a robot that got faster', () => {
  test('moves sooner for more runs ended by it than the profile expects, and not for its own', () => {
    const spread = runProfile(logNormalRuns(10_000, 200))!;
    expect(firstQueryAt({ ...spread, endedEarly: 1 })).toBe(firstQueryAt(spread));
    expect(firstQueryAt({ ...spread, endedEarly: 2 })).toBeLessThan(firstQueryAt(spread));
    expect(firstQueryAt({ ...spread, endedEarly: 3 })).toBeLessThan(
      firstQueryAt({ ...spread, endedEarly: 2 }),
    );
    // Runs that all take ten seconds are all seen at the first query: nothing new when they are.
    const steady = runProfile(Array.from({ length: 50 }, () => 10_000))!;
    expect(firstQueryAt({ ...steady, endedEarly: EARLY_WINDOW })).toBe(firstQueryAt(steady));
  });
});

describe('a robot whose runs all take about as long', () => {
  /**
   * Learns `runs` runs of `ms(i)` each, every one as the tracker sees it: done
   * at the first query the profile then plans at or after its end. Answers
   * when the last run was seen.
   */
  function learnAsSeen(profiles: RunProfiles, runs: number, ms: (i: number) => number, from = 0): number {
    const call = { robotId: 'steady', presetId: null };
    let seen = 0;
    for (let i = from; i < from + runs; i++) {
      const profile = profiles.profileFor(call);
      seen = queryTimes(profile, ms(i)).at(-1)!;
      profiles.add({ ...call, callId: `c${i}`, ms: profile === undefined ? ms(i) : seen });
    }
    return seen;
  }

  test('is seen where its runs end however many are learned: each run seen at its first query moves that query no later', () => {
    for (const usual of [5, 800, 3_000, 12_000]) {
      const profiles = new RunProfiles();
      const jitter = (i: number) => usual * (1 + 0.02 * Math.sin(i));
      const early = learnAsSeen(profiles, 40, jitter);
      const late = learnAsSeen(profiles, 3_000, jitter, 40);
      // Learned as seen, a 3-s robot was first asked at 14 s after 2,000 runs.
      expect(late, `${usual} ms`).toBeLessThanOrEqual(early + 1);
      expect(late - usual * 1.02, `${usual} ms`).toBeLessThanOrEqual(
        Math.max(MIN_POLL_DELAY_MS + 50, LEARNED_GAP.share * usual),
      );
    }
  });

  test('that got slower is learned as it is: its first query follows it', () => {
    const profiles = new RunProfiles();
    learnAsSeen(profiles, 200, () => 3_000);
    const seen = learnAsSeen(profiles, 400, () => 9_000, 200);
    expect(seen - 9_000).toBeLessThanOrEqual(LEARNED_GAP.share * 9_000);
    expect(firstQueryAt(profiles.profileFor({ robotId: 'steady', presetId: null })!)).toBeGreaterThan(6_000);
  });
});
