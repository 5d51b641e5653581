/**
 * Detection lags as the poll benchmark reports them, for the run and its
 * simulation alike: the median and the 99th percentile of the lag, in time
 * and as a share of each run's time.
 */
export type LagFigures = { lagP50Ms: number; lagP99Ms: number; shareP50: number; shareP99: number };

/** The value below which a share `p` of `values` lie (the nearest rank). */
export function rankQuantile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

/** A run's lag as a percentage of its run time (a run that took no time counts as 1 ms). */
export const lagShare = (d: { lagMs: number; runMs: number }) =>
  (100 * Math.max(0, d.lagMs)) / Math.max(1, d.runMs);

export function lagFigures(detections: ReadonlyArray<{ lagMs: number; runMs: number }>): LagFigures {
  const lags = detections.map((d) => Math.max(0, d.lagMs));
  const shares = detections.map(lagShare);
  return {
    lagP50Ms: rankQuantile(lags, 0.5),
    lagP99Ms: rankQuantile(lags, 0.99),
    shareP50: rankQuantile(shares, 0.5),
    shareP99: rankQuantile(shares, 0.99),
  };
}
