import { describe, expect, test } from 'vitest';
import { PROFILE_WINDOW, quantile, runProfile } from '../../src/core/tracker/runProfile.ts';
import { RunProfiles } from '../../src/core/tracker/runProfiles.ts';
import { EARLY_WINDOW } from '../../src/core/tracker/learnedSchedule.ts';

/**
 * RunProfiles keeps each window sorted as runs come and go, instead of
 * sorting it again after every finished run: the profile it gives must be
 * the one runProfile makes of the same runs, and its quantiles exact.
 */

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const robot = { robotId: 'r1', presetId: null };

describe('a run profile kept as runs finish', () => {
  test('is the profile runProfile makes of the window, after every run, through ties, outliers and evictions', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const random = seeded(seed);
      const profiles = new RunProfiles();
      const all: number[] = [];
      for (let i = 0; i < PROFILE_WINDOW * 3; i++) {
        const r = random();
        // Log-normal-ish times, rounded to whole seconds now and then (ties), with outliers at both ends.
        let ms = Math.exp(9 + random() * 1.5);
        if (r < 0.3) ms = Math.round(ms / 1000) * 1000;
        else if (r < 0.35) ms = 0;
        else if (r < 0.4) ms = 3 * 86_400_000;
        profiles.add({ callId: `c${i}`, ...robot, ms });
        all.push(ms);
        const expected = runProfile(all.slice(-PROFILE_WINDOW));
        // How many recent runs ended by their first query is the window's own (learnedSchedule.ts), not the times'.
        const { endedEarly, ...made } = profiles.profileFor(robot) ?? {};
        expect(endedEarly ?? 0).toBeLessThanOrEqual(EARLY_WINDOW);
        expect(expected === undefined ? undefined : made, `seed ${seed}, run ${i}`).toEqual(expected);
      }
    }
  });

  test('its quantiles are exact, and the oldest run is the one a full window lets go', () => {
    const profiles = new RunProfiles();
    let id = 0;
    for (let i = 0; i < 11; i++) profiles.add({ callId: `c${id++}`, ...robot, ms: 1_000 * (i + 1) });
    // Eleven runs of 1 to 11 s: the 25th percentile is a quarter of the way along, 3.5 s.
    expect(quantile(profiles.profileFor(robot)!, 0.25)).toBe(3_500);
    expect(quantile(profiles.profileFor(robot)!, 0.5)).toBe(6_000);
    for (let i = 0; i < PROFILE_WINDOW; i++) profiles.add({ callId: `c${id++}`, ...robot, ms: 10_000 });
    for (let i = 0; i < 150; i++) profiles.add({ callId: `c${id++}`, ...robot, ms: 11_000 });
    // The window holds the last 50 runs of 10 s and 150 of 11 s (every earlier run let go): the
    // 25th percentile lies three quarters of the way from the last 10 s run to the first 11 s one.
    const profile = profiles.profileFor(robot)!;
    expect(profile.sorted).toHaveLength(PROFILE_WINDOW);
    expect(quantile(profile, 0.25)).toBe(10_750);
    expect(quantile(profile, 0.1)).toBe(10_000);
    expect(quantile(profile, 0.9)).toBe(11_000);
  });

  test('a run seen again after its window let it go counts again; one still in the window does not', () => {
    const profiles = new RunProfiles();
    for (let i = 0; i < PROFILE_WINDOW; i++) profiles.add({ callId: `c${i}`, ...robot, ms: 10_000 });
    profiles.add({ callId: 'c5', ...robot, ms: 11_000 });
    expect(quantile(profiles.profileFor(robot)!, 1)).toBe(10_000);
    profiles.add({ callId: 'new', ...robot, ms: 10_000 });
    // c0 was let go: seen again, it is a run like any other.
    profiles.add({ callId: 'c0', ...robot, ms: 11_000 });
    expect(quantile(profiles.profileFor(robot)!, 1)).toBe(11_000);
  });
});
