import { afterEach, describe, expect, test } from 'vitest';
import { defaultPollPolicy } from '../../src/shared/models/pollPolicy.ts';
import { openTrackerHarness, storedCall, type TrackerHarness, WAITING } from '../support/trackerHarness.ts';
import { HEAVY } from '../support/heavyTest.ts';

/** The most queries in any one second (a sliding window starting at each query). */
function busiestSecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let end = 0;
  for (let start = 0; start < sorted.length; start++) {
    while (end < sorted.length && sorted[end]! < sorted[start]! + 1_000) end++;
    most = Math.max(most, end - start);
  }
  return most;
}

let h: TrackerHarness;
afterEach(() => h.close());

/**
 * 500 calls fired at once, all still running; when each query was sent over `ms`. On the app's default poll
 * policy set in Settings, or (`builtIn`) with Settings' poll boxes empty; `pastRunMs`: the robot's history
 * first holds 20 runs that took about this long, so its calls are scheduled by what it learned.
 */
async function fiveHundredFreshCalls(
  perOriginPerSecond: number,
  ms: number,
  { builtIn = false, pastRunMs }: { builtIn?: boolean; pastRunMs?: number } = {},
): Promise<number[]> {
  h = await openTrackerHarness();
  h.settings = {
    ...h.settings,
    pollPolicy: builtIn ? {} : defaultPollPolicy,
    queriesPerSecondPerOrigin: perOriginPerSecond,
  };
  for (let i = 0; pastRunMs !== undefined && i < 20; i++) {
    const acceptedAt = 1_000 + i * 10_000;
    const runMs = pastRunMs * (0.8 + 0.02 * i);
    h.history.put(storedCall(`past-${i}`, { state: 'done', acceptedAt, finishedAt: acceptedAt + runMs }));
  }
  const times: number[] = [];
  h.client.answer = async () => {
    times.push(h.clock.now());
    return WAITING;
  };
  const start = h.clock.now();
  await Promise.all(Array.from({ length: 500 }, () => h.fire()));
  for (let t = 0; t < ms; t += 50) {
    h.clock.advance(50);
    await h.settle();
  }
  return times.map((at) => at - start);
}

describe('no burst from many fresh calls', () => {
  test(
    '500 calls fired at once never make more queries in a second than there are calls',
    HEAVY,
    async () => {
      const times = await fiveHundredFreshCalls(100_000, 15_000);
      // Each is asked soon after acceptance (a robot that answers at once is seen at once)...
      expect(times.filter((t) => t < 1_000)).toHaveLength(500);
      // ...and then never twice within a second: no second holds more than a client asking each call once a second.
      expect(busiestSecond(times)).toBeLessThanOrEqual(500);
      expect(times.length).toBeGreaterThan(500 * 3);
    },
  );

  test("the service's rate holds over every second, the first included", HEAVY, async () => {
    const times = await fiveHundredFreshCalls(20, 10_000);
    expect(busiestSecond(times)).toBeLessThanOrEqual(20);
    expect(times.length).toBeGreaterThanOrEqual(20 * 9);
  });

  test(
    'on the built-in schedule, 500 fresh calls are each asked at once, and no second holds more queries than calls',
    HEAVY,
    async () => {
      const times = await fiveHundredFreshCalls(100_000, 15_000, { builtIn: true });
      expect(times.filter((t) => t < 1_000)).toHaveLength(500);
      expect(busiestSecond(times)).toBeLessThanOrEqual(500);
      // Then waits that grow with the time elapsed, never under a second nor over 2.85 s: about 0.3, 1.3, 2.3,
      // 3.3, 4.6, 6.5, 9.1, 11.9 and 13.5 s.
      expect(times.length).toBeGreaterThanOrEqual(500 * 8);
      expect(times.length).toBeLessThanOrEqual(500 * 10);
    },
  );

  test(
    'calls of a robot that usually takes two seconds, asked each 0.45 s where runs end, still make no second with more queries than calls',
    HEAVY,
    async () => {
      const times = await fiveHundredFreshCalls(100_000, 8_000, { pastRunMs: 2_000 });
      // Nothing before its runs start to end (about 1.3 s), then dense: more than once a second each...
      expect(times.filter((t) => t < 1_000)).toHaveLength(0);
      expect(times.length).toBeGreaterThan(500 * 5);
      // ...yet held to the calls watched, as asking each call once a second would be.
      expect(busiestSecond(times)).toBeLessThanOrEqual(500);
    },
  );
});
