import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  FALLBACK_EARLY_MS,
  FALLBACK_LATE_SHARE,
  FALLBACK_MIN_WAIT_MS,
  fallbackDelay,
} from '../../src/core/tracker/fallbackSchedule.ts';
import { defaultPollPolicy, PollPolicy } from '../../src/shared/models/pollPolicy.ts';
import { pollPolicies as policies, queryTimes } from '../support/querySchedule.ts';

describe('the built-in schedule (no profile yet, no poll interval set)', () => {
  test('the first query comes within the first delay, so a robot that answers at once is seen at once', () => {
    for (const draw of [0, 0.5, 0.999]) {
      const first = fallbackDelay(0, 0, defaultPollPolicy, () => draw);
      expect(first).toBeGreaterThanOrEqual(100);
      expect(first).toBeLessThan(defaultPollPolicy.firstDelayMs);
    }
  });

  test('after the first, never two queries within a second, and never a wait over the longest', () => {
    fc.assert(
      fc.property(
        policies,
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.double({ min: 0, max: 0.999_999, noNaN: true }),
        (policy, pollCount, elapsedMs, draw) => {
          PollPolicy.parse(policy);
          const delay = fallbackDelay(pollCount, elapsedMs, policy, () => draw);
          expect(delay).toBeGreaterThanOrEqual(FALLBACK_MIN_WAIT_MS);
          expect(delay).toBeLessThanOrEqual(Math.max(policy.maxDelayMs, FALLBACK_MIN_WAIT_MS));
        },
      ),
    );
  });

  test('the waits grow with the time elapsed: twice it through the first ten seconds, then a ninth of it', () => {
    const times = queryTimes(undefined, 300_000);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // Within each part, each wait is at least the one before.
    for (let i = 1; i < gaps.length; i++) {
      if (times[i]! !== FALLBACK_EARLY_MS) expect(gaps[i]!).toBeGreaterThanOrEqual(gaps[i - 1]!);
    }
    // 0.25 s, 1.25 s, about 3.6 s, then 10 s.
    expect(times.filter((t) => t <= FALLBACK_EARLY_MS)).toHaveLength(4);
    expect(times).toContain(FALLBACK_EARLY_MS);
    times.forEach((t, i) => {
      if (i > 0 && times[i - 1]! >= FALLBACK_EARLY_MS) {
        expect(gaps[i - 1]!).toBeLessThanOrEqual(
          Math.min(defaultPollPolicy.maxDelayMs, FALLBACK_LATE_SHARE * times[i - 1]!) + 1,
        );
      }
    });
    // At the longest wait once a ninth of the time elapsed reaches it.
    expect(Math.max(...gaps)).toBe(defaultPollPolicy.maxDelayMs);
  });

  test('a run that ends after ten seconds is seen within about a tenth of its time, for well under half the queries of asking each second', () => {
    const times = queryTimes(undefined, 200_000);
    for (const run of [10_500, 14_000, 25_000, 40_000, 70_000]) {
      const seen = times.find((t) => t >= run)!;
      expect((seen - run) / run).toBeLessThanOrEqual(FALLBACK_LATE_SHARE + 0.001);
      expect(times.filter((t) => t <= seen).length).toBeLessThan(run / 1_000 / 2 + 4);
    }
    // A two-second run is seen within a few seconds, on three queries.
    expect(times.findIndex((t) => t >= 2_000)).toBe(2);
    expect(times.find((t) => t >= 2_000)).toBeLessThan(4_000);
  });
});
