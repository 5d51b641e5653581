import { describe, expect, test } from 'vitest';
import { OriginRate } from '../../src/core/tracker/originRate.ts';

/** Start queries to `origin` at `now` for as long as the rate allows; how many started. */
function burst(rate: OriginRate, origin: string, now: number): number {
  let started = 0;
  while (rate.allowedAt(origin, now) <= now && started < 10_000) {
    rate.take(origin, now);
    started++;
  }
  return started;
}

describe('OriginRate', () => {
  test('an idle origin takes a burst of its rate, then waits until its oldest start is a second old', () => {
    const rate = new OriginRate(() => 20);
    expect(burst(rate, 'a', 0)).toBe(20);
    // A token bucket would let one more through every 50 ms; the second stays full until 1,000 ms.
    expect(rate.allowedAt('a', 0)).toBe(1_000);
    expect(burst(rate, 'a', 50)).toBe(0);
    expect(burst(rate, 'a', 999)).toBe(0);
    expect(burst(rate, 'a', 1_000)).toBe(20);
  });

  test('no second ever holds more starts than the rate, whenever they are asked for', () => {
    const rate = new OriginRate(() => 20);
    const starts: number[] = [];
    for (let now = 0; now < 10_000; now += 7) {
      while (rate.allowedAt('a', now) <= now) {
        rate.take('a', now);
        starts.push(now);
      }
    }
    // Every sliding second (t-1000, t] ending at a start.
    let head = 0;
    for (let i = 0; i < starts.length; i++) {
      while (starts[head]! <= starts[i]! - 1_000) head++;
      expect(i - head + 1).toBeLessThanOrEqual(20);
    }
    expect(starts.length).toBeGreaterThanOrEqual(20 * 9);
  });

  test('origins are held apart: one at its rate leaves another free', () => {
    const rate = new OriginRate(() => 5);
    expect(burst(rate, 'busy', 0)).toBe(5);
    expect(rate.allowedAt('quiet', 0)).toBe(0);
    expect(burst(rate, 'quiet', 0)).toBe(5);
  });

  test('after a quiet second an origin has its whole burst again', () => {
    const rate = new OriginRate(() => 10);
    expect(burst(rate, 'a', 0)).toBe(10);
    expect(burst(rate, 'a', 1_000)).toBe(10);
    expect(burst(rate, 'a', 5_000)).toBe(10);
  });

  test('a changed setting applies to the next start', () => {
    let perSecond = 2;
    const rate = new OriginRate(() => perSecond);
    expect(burst(rate, 'a', 0)).toBe(2);
    perSecond = 100;
    // The two starts at 0 left the window at 1 s; from then on 100 a second.
    expect(burst(rate, 'a', 500)).toBe(98);
    expect(burst(rate, 'a', 1_000)).toBe(2);
  });

  test('over a long run the starts never pass the rate', () => {
    const rate = new OriginRate(() => 20);
    let started = 0;
    for (let now = 0; now < 60_000; now += 7) started += burst(rate, 'a', now);
    // 20 in each second of the 60.
    expect(started).toBeLessThanOrEqual(20 * 60);
    expect(started).toBeGreaterThanOrEqual(20 * 60);
  });
});
