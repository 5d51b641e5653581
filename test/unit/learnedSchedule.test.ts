import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  DENSE_SPACING_MS,
  EARLY_QUERY_PAST_MS,
  firstQueryAt,
  learnedDelay,
  MIN_SPACING_MS,
  nextQueryDelay,
} from '../../src/core/tracker/learnedSchedule.ts';
import { nextPollDelay } from '../../src/core/tracker/pollPolicy.ts';
import { quantile, runProfile } from '../../src/core/tracker/runProfile.ts';
import { defaultPollPolicy, PollPolicy } from '../../src/shared/models/pollPolicy.ts';
import { pollPolicies as policies, queryTimes } from '../support/querySchedule.ts';

/** Log-normal run times (σ 0.3) around `medianMs`, from a fixed seed. */
function logNormalRuns(medianMs: number, count: number, seed = 1): number[] {
  let state = seed;
  const random = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return (state + 0.5) / 2 ** 32;
  };
  return Array.from({ length: count }, () => {
    const normal = Math.sqrt(-2 * Math.log(random())) * Math.cos(2 * Math.PI * random());
    return medianMs * Math.exp(0.3 * normal);
  });
}

const profiles = fc
  .record({
    median: fc.integer({ min: 50, max: 600_000 }),
    seed: fc.integer({ min: 1, max: 1_000_000 }),
    runs: fc.integer({ min: 10, max: 200 }),
  })
  .map(({ median, seed, runs }) => runProfile(logNormalRuns(median, runs, seed))!);

/** How long after each run ended a call on this schedule would have seen it done. */
function lagsOf(times: readonly number[], runs: readonly number[]): number[] {
  return runs.map((run) => times.find((t) => t >= run)! - run);
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('learned query schedule', () => {
  test('after the first query no call is asked twice within the spacing, nor before its Retry-After, nor past the longest wait once its first learned query is due', () => {
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
          expect(delay).toBeGreaterThanOrEqual(MIN_SPACING_MS);
          expect(delay).toBeGreaterThanOrEqual(retryAfterMs ?? 0);
          // Up to its first learned query it is waited out; from there on, no wait is longer than the policy's longest.
          const toFirst = Math.ceil(firstQueryAt(profile) - elapsedMs);
          expect(delay).toBeLessThanOrEqual(
            Math.max(policy.maxDelayMs, MIN_SPACING_MS, retryAfterMs ?? 0, toFirst),
          );
        },
      ),
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

  test('a short robot: none before its runs start to end, then queries every dense spacing through where they end, so most are seen within half a second', () => {
    const runs = logNormalRuns(2_000, 200);
    const profile = runProfile(runs)!;
    const times = queryTimes(profile, 10_000);
    // Nothing while almost no run has ended: the first query once one there finds some done.
    expect(times[0]).toBeGreaterThan(quantile(profile, 0.01));
    expect(times[0]).toBeLessThanOrEqual(quantile(profile, 0.4));
    // Dense where the profile is dense: from the first query through the 90th percentile, at most the spacing apart.
    const dense = times.filter((t) => t <= quantile(profile, 0.9));
    for (let i = 1; i < dense.length; i++) {
      expect(dense[i]! - dense[i - 1]!).toBeGreaterThanOrEqual(MIN_SPACING_MS);
      expect(dense[i]! - dense[i - 1]!).toBeLessThanOrEqual(DENSE_SPACING_MS);
    }
    const lags = lagsOf(times, runs);
    expect(lags.filter((lag) => lag <= 500).length / lags.length).toBeGreaterThan(0.8);
    // A handful of queries, not one a second from the start: the runs last about two seconds.
    expect(times.filter((t) => t <= quantile(profile, 0.95)).length).toBeLessThanOrEqual(8);
  });

  test('a long robot: one early query, then waits of about a fifth of the time elapsed, so each run is seen within about a fifth of its time', () => {
    const runs = logNormalRuns(40_000, 200);
    const profile = runProfile(runs)!;
    const times = queryTimes(profile, 200_000);
    // Once early, on the policy (a run that failed at once), then nothing until its runs start to end.
    expect(times[0]).toBe(nextPollDelay(0, defaultPollPolicy, () => 0.5));
    expect(firstQueryAt(profile)).toBeGreaterThan(EARLY_QUERY_PAST_MS);
    expect(times[1]).toBeCloseTo(firstQueryAt(profile), -1);
    // Sparse through the body of its runs: a query each 0.45 s would be worth little there (in the last
    // few runs learned, where one query may well find one of them done, it may ask more often).
    const body = times.filter((t) => t <= quantile(profile, 0.9));
    expect(body.length).toBeGreaterThanOrEqual(4);
    for (let i = 2; i < body.length; i++) {
      const gap = body[i]! - body[i - 1]!;
      expect(gap).toBeGreaterThanOrEqual(0.95 * Math.min(defaultPollPolicy.maxDelayMs, 0.2 * body[i - 1]!));
      expect(gap).toBeLessThanOrEqual(Math.min(defaultPollPolicy.maxDelayMs, 0.2 * body[i - 1]!) + 1);
    }
    const lags = lagsOf(times, runs);
    runs.forEach((run, i) => {
      if (run > times[1]!) expect(lags[i]!).toBeLessThanOrEqual(0.2 * run + 1);
    });
    expect(median(lags.map((lag, i) => lag / runs[i]!))).toBeLessThan(0.15);
    // Each run costs a few queries, against the forty of asking each second.
    expect(median(runs.map((run) => times.filter((t) => t < run).length + 1))).toBeLessThanOrEqual(6);
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

  test('a waiting call past every run it learned from is asked at most every longest wait', () => {
    const profile = runProfile(logNormalRuns(2_000, 50))!;
    expect(learnedDelay(profile, 3_600_000, 40, defaultPollPolicy, () => 0)).toBe(
      defaultPollPolicy.maxDelayMs,
    );
  });
});
