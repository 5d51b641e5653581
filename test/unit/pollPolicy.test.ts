import { describe, expect, test } from 'vitest';
import { defaultPollPolicy, resolvePollPolicy } from '../../src/shared/models/pollPolicy.ts';
import { MIN_POLL_DELAY_MS, nextPollDelay } from '../../src/core/tracker/pollPolicy.ts';

const top = () => 0.999999;

describe('nextPollDelay', () => {
  test('grows from 500 ms by 1.5 and caps at 10 s (jitter at its ceiling)', () => {
    const delays = [0, 1, 2, 3, 10, 50].map((n) => nextPollDelay(n, defaultPollPolicy, top));
    expect(delays[0]).toBe(499);
    expect(delays[1]).toBe(749);
    expect(delays[2]).toBe(1124);
    expect(delays[3]).toBe(1687);
    expect(delays[4]).toBe(9999);
    expect(delays[5]).toBe(9999);
  });

  test('full jitter spreads the delay below the ceiling, never under the floor', () => {
    expect(nextPollDelay(5, defaultPollPolicy, () => 0.5)).toBe(Math.floor(0.5 * 500 * 1.5 ** 5));
    expect(nextPollDelay(5, defaultPollPolicy, () => 0)).toBe(MIN_POLL_DELAY_MS);
  });

  test('a Retry-After is a lower bound', () => {
    expect(nextPollDelay(0, defaultPollPolicy, top, 7_000)).toBe(7_000);
    expect(nextPollDelay(10, defaultPollPolicy, top, 1_000)).toBe(9_999);
  });

  test('per-robot overrides apply over settings over defaults', () => {
    const policy = resolvePollPolicy({ maxDelayMs: 2_000 }, { firstDelayMs: 1_000, maxDelayMs: undefined });
    expect(policy).toEqual({ ...defaultPollPolicy, firstDelayMs: 1_000, maxDelayMs: 2_000 });
    expect(nextPollDelay(4, policy, top)).toBe(1_999);
  });
});
