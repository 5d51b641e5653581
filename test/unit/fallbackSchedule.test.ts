import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  FALLBACK_LATE_FROM_MS,
  FALLBACK_LATE_SHARE,
  FALLBACK_MIN_WAIT_MS,
  fallbackDelay,
} from '../../src/core/tracker/fallbackSchedule.ts';
import { FALLBACK_GAP } from '../../src/core/tracker/gapBound.ts';
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

  test('the waits grow with the time elapsed: 45 % of it, never under a second, 14 % of it past ten seconds, and never over 2.85 s', () => {
    const times = queryTimes(undefined, 300_000);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    gaps.forEach((gap, i) => {
      const at = times[i]!;
      const share = at < FALLBACK_LATE_FROM_MS ? FALLBACK_GAP.share : FALLBACK_LATE_SHARE;
      expect(gap).toBeLessThanOrEqual(
        Math.max(FALLBACK_MIN_WAIT_MS, Math.min(FALLBACK_GAP.longestMs, share * at)) + 1,
      );
    });
    // About 0.25, 1.25, 2.25, 3.25, 4.6, 6.5 and 9.1 s: so a run of a few seconds is seen within half its time...
    expect(times.filter((t) => t <= FALLBACK_LATE_FROM_MS)).toHaveLength(7);
    // ...and from about 20 s on, one every 2.85 s or so: a long run is seen within 3 s.
    expect(Math.max(...gaps)).toBeLessThanOrEqual(FALLBACK_GAP.longestMs);
    expect(Math.max(...gaps)).toBeGreaterThan(0.9 * FALLBACK_GAP.longestMs);
  });

  test('a run that ends after two seconds is seen within half its time and within 3 s, for well under the queries of asking each second', () => {
    const times = queryTimes(undefined, 200_000);
    // (Under two seconds the second between queries is the longer: such runs are seen within a second.)
    for (const run of [2_100, 3_000, 5_000, 10_500, 14_000, 25_000, 40_000, 70_000]) {
      const seen = times.find((t) => t >= run)!;
      expect(seen - run).toBeLessThanOrEqual(Math.min(FALLBACK_GAP.longestMs, FALLBACK_GAP.share * run));
      if (run > 20_000) expect(times.filter((t) => t <= seen).length).toBeLessThan(run / 1_000 / 2 + 5);
    }
    // Past ten seconds, 14 % of the time elapsed while that is shorter.
    for (const run of [12_000, 14_000, 18_000]) {
      const seen = times.find((t) => t >= run)!;
      expect((seen - run) / run).toBeLessThanOrEqual(FALLBACK_LATE_SHARE + 0.001);
    }
  });
});
