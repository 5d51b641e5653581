import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  EARLY_QUERY_PAST_MS,
  learnedDelay,
  MIN_SPACING_MS,
  nextQueryDelay,
} from '../../src/core/tracker/learnedSchedule.ts';
import { nextPollDelay } from '../../src/core/tracker/pollPolicy.ts';
import { quantile, type RunProfile, runProfile, shareDoneBy } from '../../src/core/tracker/runProfile.ts';
import { defaultPollPolicy, PollPolicy } from '../../src/shared/models/pollPolicy.ts';

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

/** The times (ms after acceptance) a call is queried at until `untilMs`, on a profile. */
function queryTimes(profile: RunProfile | undefined, untilMs: number, random = () => 0.5): number[] {
  const times: number[] = [];
  let at = 0;
  for (let pollCount = 0; at < untilMs; pollCount++) {
    at += nextQueryDelay({
      pollCount,
      elapsedMs: at,
      profile,
      policy: defaultPollPolicy,
      explicit: false,
      random,
    });
    times.push(at);
  }
  return times;
}

const policies = fc.record({
  firstDelayMs: fc.integer({ min: 100, max: 600_000 }),
  factor: fc.double({ min: 1, max: 10, noNaN: true }),
  maxDelayMs: fc.integer({ min: 100, max: 3_600_000 }),
  watchDeadlineMs: fc.constant(1_800_000),
});
const profiles = fc
  .record({
    median: fc.integer({ min: 50, max: 600_000 }),
    seed: fc.integer({ min: 1, max: 1_000_000 }),
    runs: fc.integer({ min: 10, max: 200 }),
  })
  .map(({ median, seed, runs }) => runProfile(logNormalRuns(median, runs, seed))!);

describe('learned query schedule', () => {
  test('after the first query no call is asked twice within the spacing, nor before its Retry-After, nor past the longest wait', () => {
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
          // Up to the usual range it is waited out; from there on, no wait is longer than the policy's longest.
          const toUsual = quantile(profile, 0.1) - elapsedMs;
          expect(delay).toBeLessThanOrEqual(
            Math.max(policy.maxDelayMs, MIN_SPACING_MS, retryAfterMs ?? 0, toUsual),
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

  test('queries are sparse before the usual completion, dense around it, and back off past it', () => {
    const profile = runProfile(logNormalRuns(20_000, 200))!;
    const times = queryTimes(profile, 120_000);
    const from = quantile(profile, 0.05);
    const low = quantile(profile, 0.25);
    const high = quantile(profile, 0.75);
    // Before the usual range: the first query on the policy (a run that failed at once), then none until it starts.
    expect(times.filter((t) => t < from)).toHaveLength(1);
    const around = times.filter((t) => t >= low && t <= high);
    const gapsAround = around.slice(1).map((t, i) => t - around[i]!);
    expect(around.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...gapsAround)).toBeLessThanOrEqual(0.2 * 20_000);
    // Each query in the usual range has a like chance of finding the run done: about an eighth of the runs end between two.
    for (let i = 1; i < around.length; i++) {
      const chance = shareDoneBy(profile, around[i]!) - shareDoneBy(profile, around[i - 1]!);
      expect(chance).toBeGreaterThan(0.08);
      expect(chance).toBeLessThan(0.16);
    }
    // Past it, the waits grow, up to the policy's longest.
    const late = times.filter((t) => t > quantile(profile, 1));
    const gapsLate = late.slice(1).map((t, i) => t - late[i]!);
    expect(gapsLate.at(-1)!).toBeGreaterThan(gapsAround[0]!);
    expect(Math.max(...gapsLate)).toBeLessThanOrEqual(defaultPollPolicy.maxDelayMs);
    // Far fewer queries than asking each second.
    expect(times.filter((t) => t <= high).length).toBeLessThan(high / 1_000 / 2);
  });

  test('a robot whose usual range starts late is still asked once early, on the policy', () => {
    const profile = runProfile(logNormalRuns(40_000, 100))!;
    expect(quantile(profile, 0.05)).toBeGreaterThan(EARLY_QUERY_PAST_MS);
    const first = nextQueryDelay({
      pollCount: 0,
      elapsedMs: 0,
      profile,
      policy: defaultPollPolicy,
      explicit: false,
      random: () => 0.5,
    });
    expect(first).toBe(nextPollDelay(0, defaultPollPolicy, () => 0.5));
  });

  test('without a profile (fewer than ten runs): the policy, its later waits never under the spacing', () => {
    expect(runProfile(logNormalRuns(20_000, 9))).toBeUndefined();
    fc.assert(
      fc.property(
        policies,
        fc.integer({ min: 0, max: 30 }),
        fc.double({ min: 0, max: 0.999_999, noNaN: true }),
        (policy, pollCount, draw) => {
          const random = () => draw;
          const delay = nextQueryDelay({
            pollCount,
            elapsedMs: 0,
            profile: undefined,
            policy,
            explicit: false,
            random,
          });
          const today = nextPollDelay(pollCount, policy, random);
          expect(delay).toBe(pollCount === 0 ? today : Math.max(MIN_SPACING_MS, today));
        },
      ),
    );
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

  test('a waiting call past every run it learned from is asked at most every longest wait', () => {
    const profile = runProfile(logNormalRuns(2_000, 50))!;
    expect(learnedDelay(profile, 3_600_000, defaultPollPolicy, () => 0)).toBe(defaultPollPolicy.maxDelayMs);
  });
});
