import { usualRunText, type UsualRun } from '../../shared/models/usualRun.ts';

/** Fewer finished runs than this and a call is polled on the poll policy alone. */
export const PROFILE_MIN_RUNS = 10;
/** The most recent runs kept per preset or robot: the profile follows a robot that changed. */
export const PROFILE_WINDOW = 200;
/** Runs further than this many robust deviations from the median (in log time) are left out. */
const TRIM_DEVIATIONS = 4;
/** The narrowest spread assumed in log time, so runs that all took the same time trim nothing. */
const MIN_LOG_SPREAD = 0.05;

/**
 * What is known of how long calls of one preset or robot run: the kept run
 * times (outliers trimmed), sorted, with the quantile function and its
 * inverse over them (linear between neighbours).
 */
export type RunProfile = {
  /** Runs it rests on (before trimming). */
  runs: number;
  /** Kept run times in ms, ascending; never empty. */
  sorted: readonly number[];
};

/**
 * The profile of `durations` (ms, fired to finished), or undefined below
 * PROFILE_MIN_RUNS. Outliers (a run left waiting over a weekend, one that
 * failed at once) are trimmed in log time around the median by a robust
 * spread (median absolute deviation), so they move no quantile.
 */
export function runProfile(durations: readonly number[]): RunProfile | undefined {
  const valid = durations.filter((d) => Number.isFinite(d) && d >= 0);
  if (valid.length < PROFILE_MIN_RUNS) return undefined;
  const logs = valid.map((d) => Math.log(Math.max(d, 1)));
  const center = median(logs);
  const spread = Math.max(MIN_LOG_SPREAD, 1.4826 * median(logs.map((l) => Math.abs(l - center))));
  const kept = valid.filter((_, i) => Math.abs(logs[i]! - center) <= TRIM_DEVIATIONS * spread);
  return { runs: valid.length, sorted: kept.sort((a, b) => a - b) };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return quantileOf(sorted, 0.5);
}

function quantileOf(sorted: readonly number[], p: number): number {
  const position = Math.min(1, Math.max(0, p)) * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/** The run time below which a share `p` of the profile's runs finished. */
export function quantile(profile: RunProfile, p: number): number {
  return quantileOf(profile.sorted, p);
}

/** The share of the profile's runs finished by `ms` (the inverse of quantile, 0 before the first, 1 after the last). */
export function shareDoneBy(profile: RunProfile, ms: number): number {
  const sorted = profile.sorted;
  const n = sorted.length;
  if (ms < sorted[0]!) return 0;
  if (ms >= sorted[n - 1]!) return 1;
  // The last index whose run time is at most ms.
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= ms) lo = mid;
    else hi = mid;
  }
  const step = sorted[hi]! - sorted[lo]!;
  return (lo + (step > 0 ? (ms - sorted[lo]!) / step : 0)) / (n - 1);
}

/** The profile as people read it: the middle half of its runs. */
export function usualRun(profile: RunProfile): UsualRun {
  const lowMs = quantile(profile, 0.25);
  const highMs = quantile(profile, 0.75);
  return { runs: profile.runs, lowMs, highMs, text: usualRunText(lowMs, highMs) };
}
