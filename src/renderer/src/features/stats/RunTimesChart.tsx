import { useState } from 'react';
import type { RunStats } from '../../../../shared/models/runStats.ts';
import { openCall } from '../../stores/callsView.ts';
import { selectCall } from '../../stores/ui.ts';
import { CHART, placeRuns, type PlacedPoint } from './chartModel.ts';
import { durationText } from '../../../../shared/models/runStats.ts';

/** Each run a point (hover: its call; click: open it), the band from p50 to p90 behind them. */
export function RunTimesChart({ stats }: { stats: RunStats }) {
  const { points, band } = placeRuns(stats);
  const [hovered, setHovered] = useState<PlacedPoint | null>(null);
  const open = (p: PlacedPoint) => {
    selectCall(p.callId);
    openCall(p.callId);
  };
  return (
    <figure className="run-chart">
      <svg
        viewBox={`0 0 ${CHART.width.toString()} ${CHART.height.toString()}`}
        role="group"
        aria-label={`Run times of the last ${points.length.toString()} runs, with the p50 to p90 band`}
      >
        {band !== null && (
          <>
            <rect
              className="band"
              x={0}
              width={CHART.width}
              y={band.p90}
              height={Math.max(1, band.p50 - band.p90)}
            />
            <line className="p50" x1={0} x2={CHART.width} y1={band.p50} y2={band.p50} />
          </>
        )}
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
