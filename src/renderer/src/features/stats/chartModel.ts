import type { DayStats, RunStats } from '../../../../shared/models/runStats.ts';

/**
 * Where each part of the run-time chart and the outcome bars goes, decided
 * without the DOM (so it is tested as data): x by when a run was made across
 * the period, y by how long it ran, 0 at the bottom, the tallest run or p90
 * at the top.
 */

/** The plot's size; `axis` is the strip under it for the period's start and end. */
export const CHART = { width: 560, height: 140, pad: 6, axis: 16 } as const;

export type PlacedPoint = { callId: string; x: number; y: number; ms: number; state: string };
export type Band = { p50: number; p90: number } | null;
export type DayBar = {
  x: number;
  width: number;
  parts: Array<{ outcome: 'done' | 'failed' | 'other'; y: number; height: number; count: number }>;
};

export function placeRuns(stats: RunStats): { points: PlacedPoint[]; band: Band; maxMs: number } {
  const { width, height, pad } = CHART;
  const span = Math.max(1, stats.until - stats.since);
  const maxMs = Math.max(1, stats.runTimes.p90 ?? 0, ...stats.points.map((p) => p.ms));
  const y = (ms: number) => height - pad - (ms / maxMs) * (height - 2 * pad);
  const points = stats.points.map((p) => ({
    callId: p.callId,
    x: pad + ((p.at - stats.since) / span) * (width - 2 * pad),
    y: y(p.ms),
    ms: p.ms,
    state: p.state,
  }));
  const { p50, p90 } = stats.runTimes;
  return { points, band: p50 === null || p90 === null ? null : { p50: y(p50), p90: y(p90) }, maxMs };
}

/** One stacked bar a day: done at the bottom, then failed, then every other outcome; the busiest day fills the height. */
export function dayBars(days: readonly DayStats[], height: number, width: number): DayBar[] {
  const most = Math.max(1, ...days.map((d) => d.calls));
  const slot = width / Math.max(1, days.length);
  return days.map((d, i) => {
    const counts = {
      done: d.states.done,
      failed: d.states.failed,
      other: d.calls - d.states.done - d.states.failed,
    };
    let top = height;
    const parts = (['done', 'failed', 'other'] as const).map((outcome) => {
      const h = (counts[outcome] / most) * height;
      top -= h;
      return { outcome, y: top, height: h, count: counts[outcome] };
    });
    return { x: i * slot + slot * 0.15, width: slot * 0.7, parts };
  });
}
