import { describe, expect, test } from 'vitest';
import {
  PROFILE_MIN_RUNS,
  PROFILE_WINDOW,
  quantile,
  runProfile,
  shareDoneBy,
  usualRun,
} from '../../src/core/tracker/runProfile.ts';
import { PROFILE_MAX_KEYS, RunProfiles } from '../../src/core/tracker/runProfiles.ts';
import { usualRunText } from '../../src/shared/models/usualRun.ts';

/** Run times spread evenly from `low` to `high` ms. */
const spread = (count: number, low: number, high: number) =>
  Array.from({ length: count }, (_, i) => low + ((high - low) * i) / (count - 1));

describe('run-time profile', () => {
  test('below ten finished runs there is no profile; at ten there is', () => {
    expect(runProfile(spread(PROFILE_MIN_RUNS - 1, 10_000, 20_000))).toBeUndefined();
    expect(runProfile(spread(PROFILE_MIN_RUNS, 10_000, 20_000))?.runs).toBe(10);
    // Runs that cannot be run times (a record with a clock set back) do not count towards the ten.
    expect(runProfile([...spread(9, 10_000, 20_000), -5, Number.NaN])).toBeUndefined();
  });

  test('outliers (a run left over a weekend, runs that failed at once) move no quantile', () => {
    const usual = spread(80, 12_000, 20_000);
    const outliers = [...Array(10).fill(3 * 86_400_000), ...Array(10).fill(5)];
    const profile = runProfile([...usual, ...outliers])!;
    expect(profile.runs).toBe(100);
    // Untrimmed, a tenth of the runs at three days would put the 95th percentile there, and the 5th at 5 ms.
    expect(quantile(profile, 0.95)).toBeLessThanOrEqual(20_000);
    expect(quantile(profile, 0.05)).toBeGreaterThanOrEqual(12_000);
    expect(usualRun(profile).text).toBe('usually done in 14–18 s');
  });

  test('runs that all took the same time make a profile of that time', () => {
    const profile = runProfile(Array(20).fill(7_000))!;
    expect(quantile(profile, 0.05)).toBe(7_000);
    expect(quantile(profile, 0.95)).toBe(7_000);
    expect(shareDoneBy(profile, 6_999)).toBe(0);
    expect(shareDoneBy(profile, 7_000)).toBe(1);
    expect(usualRun(profile).text).toBe('usually done in about 7 s');
  });

  test('the share done by a time is the inverse of the quantile', () => {
    const profile = runProfile(spread(101, 10_000, 20_000))!;
    for (const p of [0, 0.05, 0.25, 0.5, 0.9, 1])
      expect(shareDoneBy(profile, quantile(profile, p))).toBeCloseTo(p, 9);
    expect(shareDoneBy(profile, 0)).toBe(0);
    expect(shareDoneBy(profile, 1e9)).toBe(1);
  });

  test('the note reads in tenths, seconds or minutes', () => {
    expect(usualRunText(1_200, 2_500)).toBe('usually done in 1.2–2.5 s');
    expect(usualRunText(12_000, 20_400)).toBe('usually done in 12–20 s');
    expect(usualRunText(90_000, 200_000)).toBe('usually done in 90 s–3 min');
    expect(usualRunText(600_000, 900_000)).toBe('usually done in 10–15 min');
  });
});

describe('run profiles of presets and robots', () => {
  const run = (callId: string, ms: number, presetId: string | null = null) => ({
    callId,
    robotId: 'r1',
    presetId,
    ms,
  });

  test('memory is bounded: a window of recent runs per key, a bounded number of keys', () => {
    const profiles = new RunProfiles();
    // A robot that once took a minute and now takes ten seconds: the window follows it.
    for (let i = 0; i < 5_000; i++) profiles.add(run(`old-${i}`, 60_000));
    for (let i = 0; i < 5_000; i++) profiles.add(run(`new-${i}`, 10_000));
    expect(profiles.keptRuns('robot:r1')).toBe(PROFILE_WINDOW);
    expect(quantile(profiles.profileFor({ robotId: 'r1', presetId: null })!, 0.95)).toBe(10_000);
    for (let i = 0; i < PROFILE_MAX_KEYS + 500; i++) {
      profiles.add({ callId: `c${i}`, robotId: `robot-${i}`, presetId: null, ms: 1_000 });
    }
    expect(profiles.keys).toBe(PROFILE_MAX_KEYS);
  });

  test('a run seen twice (finished here, then read from the change log) counts once', () => {
    const profiles = new RunProfiles();
    for (let i = 0; i < 9; i++) profiles.add(run(`c${i}`, 10_000));
    profiles.add(run('c0', 10_000));
    expect(profiles.profileFor({ robotId: 'r1', presetId: null })).toBeUndefined();
  });

  test("a preset has its own profile once it has ten runs; until then its robot's", () => {
    const profiles = new RunProfiles();
    for (let i = 0; i < 20; i++) profiles.add(run(`slow-${i}`, 40_000, 'big'));
    for (let i = 0; i < 5; i++) profiles.add(run(`fast-${i}`, 2_000, 'small'));
    // "small" has 5 runs: its robot's 25 runs (mostly the big preset's) stand in.
    expect(profiles.usualFor({ robotId: 'r1', presetId: 'small' })?.runs).toBe(25);
    for (let i = 5; i < 10; i++) profiles.add(run(`fast-${i}`, 2_000, 'small'));
    expect(profiles.usualFor({ robotId: 'r1', presetId: 'small' })?.text).toBe('usually done in about 2 s');
    expect(profiles.usualFor({ robotId: 'r1', presetId: 'big' })?.text).toBe('usually done in about 40 s');
  });
});
