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
  test('an idle origin takes a burst of its rate, then one start per interval', () => {
    const rate = new OriginRate(() => 20);
    expect(burst(rate, 'a', 0)).toBe(20);
    // The next start is allowed one interval (50 ms) later, not before.
    expect(rate.allowedAt('a', 0)).toBe(50);
    expect(burst(rate, 'a', 49)).toBe(0);
    expect(burst(rate, 'a', 50)).toBe(1);
    expect(rate.allowedAt('a', 50)).toBe(100);
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
    // The debt taken at 2 a second (1 s) still stands; from then on 100 a second.
    expect(burst(rate, 'a', 1_000)).toBe(100);
  });

  test('over a long run the starts never pass the rate', () => {
    const rate = new OriginRate(() => 20);
    let started = 0;
    for (let now = 0; now < 60_000; now += 7) started += burst(rate, 'a', now);
    // A burst of 20, then 20 a second for 60 s.
    expect(started).toBeLessThanOrEqual(20 + 20 * 60);
    expect(started).toBeGreaterThanOrEqual(20 * 60);
  });
});
