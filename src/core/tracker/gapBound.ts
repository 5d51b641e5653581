/**
 * The longest wait between two status queries of a call, as the detection
 * targets imply it. A run that ends between two queries is seen at the
 * second, so its lag is at most the gap; and since it ran past the first,
 * a gap of at most a share of the time elapsed at the first keeps the lag
 * under that share of the run, whatever the run's length. So a gap of at most
 * max(floor, min(longest, share × elapsed)) sees every run ending in it within
 * `longest` and within `share` of its time (the floor aside, for runs shorter
 * than floor / share). The schedules wait at most this where runs end; only
 * a service's Retry-After and the query rates of the poll queue wait longer.
 */
export type GapBound = {
  /** Of the time elapsed since acceptance. */
  share: number;
  /** A wait no longer than this, where runs are expected to end. */
  longestMs: number;
};

/**
 * With a learned profile a run is seen within 2 s and within a quarter of its
 * time: the bound keeps a margin under both for the query's round trip and
 * the event loop.
 */
export const LEARNED_GAP: GapBound = { share: 0.24, longestMs: 1_900 };

/** Without one (nothing known of the robot yet), within 3 s and within half its time. */
export const FALLBACK_GAP: GapBound = { share: 0.45, longestMs: 2_850 };

/** The longest wait `elapsedMs` into a run under `bound`, never under `floorMs`. */
export function boundedGap(bound: GapBound, elapsedMs: number, floorMs: number): number {
  return Math.max(floorMs, Math.min(bound.longestMs, bound.share * elapsedMs));
}
