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
  /** The median of the runs' log times, and their robust spread around it (at least MIN_LOG_SPREAD). */
  logCenter: number;
  logSpread: number;
  /** Of the last EARLY_WINDOW runs learned, how many had ended by the first query made for them (learnedSchedule.ts); absent when none. */
  endedEarly?: number;
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
  return profileOfSorted(valid.sort((a, b) => a - b));
}

/**
 * The profile of run times already sorted ascending (valid ones: finite, not
 * negative), exactly as runProfile gives it, in linear time: log time keeps
 * their order, so the median needs no sort, and the deviations from it are
 * two sorted runs (below the median and above it) merged only as far as
 * their own median. RunProfiles keeps each window sorted as runs come and go,
 * so a run that finishes costs an insertion, not three sorts.
 */
export function profileOfSorted(sorted: readonly number[]): RunProfile | undefined {
  const n = sorted.length;
  if (n < PROFILE_MIN_RUNS) return undefined;
  const logs = sorted.map((d) => Math.log(Math.max(d, 1)));
  const center = quantileOf(logs, 0.5);
  const spread = Math.max(MIN_LOG_SPREAD, 1.4826 * medianDeviation(logs, center));
  const kept = sorted.filter((_, i) => Math.abs(logs[i]! - center) <= TRIM_DEVIATIONS * spread);
  return { runs: n, sorted: kept, logCenter: center, logSpread: spread };
}

/**
 * The median of |logs[i] - center| for ascending `logs`: the deviations of
 * the values below `center` grow leftwards, those of the rest rightwards;
 * merging the two from the center out yields them in ascending order.
 */
function medianDeviation(logs: readonly number[], center: number): number {
  const n = logs.length;
  const position = 0.5 * (n - 1);
  const below = Math.floor(position);
  let left = lowerBound(logs, center) - 1;
  let right = left + 1;
  let low = 0;
  let high = 0;
  for (let k = 0; k <= below + 1 && k < n; k++) {
    const fromLeft = left >= 0 ? Math.abs(logs[left]! - center) : Number.POSITIVE_INFINITY;
    const fromRight = right < n ? Math.abs(logs[right]! - center) : Number.POSITIVE_INFINITY;
    let next: number;
    if (fromLeft <= fromRight) {
      next = fromLeft;
      left--;
    } else {
      next = fromRight;
      right++;
    }
    if (k === below) low = next;
    high = next;
  }
  // As quantileOf reads the sorted deviations: linear between the two around the middle.
  return low + (high - low) * (position - below);
}

/** The first index whose value is at least `value` in ascending `values` (its length if none). */
export function lowerBound(values: readonly number[], value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
