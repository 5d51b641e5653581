import { afterEach, describe, expect, test } from 'vitest';
import { defaultPollPolicy } from '../../src/shared/models/pollPolicy.ts';
import { openTrackerHarness, type TrackerHarness, WAITING } from '../support/trackerHarness.ts';

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

/** 500 calls fired at once on the app's default poll policy, all still running; when each query was sent over `ms`. */
async function fiveHundredFreshCalls(perOriginPerSecond: number, ms: number): Promise<number[]> {
  h = await openTrackerHarness();
  h.settings = {
    ...h.settings,
    pollPolicy: defaultPollPolicy,
    queriesPerSecondPerOrigin: perOriginPerSecond,
  };
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
  test('500 calls fired at once never make more queries in a second than there are calls', async () => {
    const times = await fiveHundredFreshCalls(100_000, 15_000);
    // Each is asked soon after acceptance (a robot that answers at once is seen at once)...
    expect(times.filter((t) => t < 1_000)).toHaveLength(500);
    // ...and then never twice within a second: no second holds more than a client asking each call once a second.
    expect(busiestSecond(times)).toBeLessThanOrEqual(500);
    expect(times.length).toBeGreaterThan(500 * 3);
  });

  test("the service's rate holds over every second, the first included", async () => {
    const times = await fiveHundredFreshCalls(20, 10_000);
    expect(busiestSecond(times)).toBeLessThanOrEqual(20);
    expect(times.length).toBeGreaterThanOrEqual(20 * 9);
  });
});
