import type { DayStats } from '../../../../shared/models/runStats.ts';
import { dayOf } from '../../../../shared/timeFormats.ts';
import { dayBars } from './chartModel.ts';

const WIDTH = 560;
const HEIGHT = 48;

/** A bar a day, stacked by outcome: done, failed, any other. */
export function OutcomeBars({ days }: { days: readonly DayStats[] }) {
  return (
    <svg
      className="outcome-bars"
      viewBox={`0 0 ${WIDTH.toString()} ${HEIGHT.toString()}`}
      role="img"
      aria-label="Outcomes by day"
    >
      {dayBars(days, HEIGHT, WIDTH).map((bar, i) =>
        bar.parts
          .filter((part) => part.count > 0)
          .map((part) => (
            <rect
              key={`${i.toString()}-${part.outcome}`}
              className={`bar-${part.outcome}`}
              x={bar.x}
              width={bar.width}
              y={part.y}
              height={part.height}
            >
              <title>{`${dayOf(days[i]!.start)}: ${part.count.toString()} ${part.outcome}`}</title>
            </rect>
          )),
      )}
    </svg>
  );
}
