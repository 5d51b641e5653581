import { useState } from 'react';
import type { RunStats } from '../../../../shared/models/runStats.ts';
import { openCall } from '../../stores/callsView.ts';
import { selectCall } from '../../stores/ui.ts';
import { CHART, placeRuns, type PlacedPoint } from './chartModel.ts';
import { durationText } from '../../../../shared/models/runStats.ts';
import { dayOf } from '../../../../shared/timeFormats.ts';

/** Each run a point (hover: its call; click: open it), the band from p50 to p90 behind them. */
export function RunTimesChart({ stats }: { stats: RunStats }) {
  const { points, band, maxMs } = placeRuns(stats);
  const { width, height, pad, axis } = CHART;
  // The two band labels share a line where the band is too thin to hold them apart.
  const thin = band !== null && band.p50 - band.p90 < 12;
  const [hovered, setHovered] = useState<PlacedPoint | null>(null);
  const open = (p: PlacedPoint) => {
    selectCall(p.callId);
    openCall(p.callId);
  };
  return (
    <figure className="run-chart">
      <svg
        viewBox={`0 0 ${width.toString()} ${(height + axis).toString()}`}
        role="group"
        aria-label={`Run times of the last ${points.length.toString()} runs, with the p50 to p90 band`}
      >
        {band !== null && (
          <>
            <rect
              className="band"
              x={0}
              width={width}
              y={band.p90}
              height={Math.max(1, band.p50 - band.p90)}
            />
            <line className="p50" x1={0} x2={width} y1={band.p50} y2={band.p50} />
            <text className="axis" x={width - pad} y={band.p90 - 3} textAnchor="end">
              {thin
                ? `p50 ${durationText(stats.runTimes.p50)} · p90 ${durationText(stats.runTimes.p90)}`
                : `p90 ${durationText(stats.runTimes.p90)}`}
            </text>
            {!thin && (
              <text className="axis" x={width - pad} y={band.p50 + 11} textAnchor="end">
                {`p50 ${durationText(stats.runTimes.p50)}`}
              </text>
            )}
          </>
        )}
        <line className="baseline" x1={0} x2={width} y1={height - pad} y2={height - pad} />
        <text className="axis" x={pad} y={pad + 8}>
          {durationText(maxMs)}
        </text>
        <text className="axis" x={pad} y={height - pad - 3}>
          0 s
        </text>
        <text className="axis" x={pad} y={height + axis - 4} data-testid="run-chart-start">
          {dayOf(stats.since)}
        </text>
        <text className="axis" x={width - pad} y={height + axis - 4} textAnchor="end">
          now
        </text>
        {points.map((p) => (
          <circle
            key={p.callId}
            className={`point point-${p.state}`}
            data-call-id={p.callId}
            cx={p.x}
            cy={p.y}
            r={3.5}
            tabIndex={0}
            role="button"
            aria-label={`Open call ${p.callId.slice(0, 8)}: ${p.state} after ${durationText(p.ms)}`}
            onMouseEnter={() => setHovered(p)}
            onMouseLeave={() => setHovered(null)}
            onFocus={() => setHovered(p)}
            onBlur={() => setHovered(null)}
            onClick={() => open(p)}
            onKeyDown={(e) => e.key === 'Enter' && open(p)}
          />
        ))}
      </svg>
      <figcaption className="small muted" data-testid="run-chart-caption">
        {hovered === null
          ? 'Each run a point; the band runs from p50 to p90. Point at a run to see its call, click to open it.'
          : `Call ${hovered.callId.slice(0, 8)} · ${hovered.state} after ${durationText(hovered.ms)} · click to open it`}
      </figcaption>
    </figure>
  );
}
