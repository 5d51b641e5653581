import { useEffect, useState } from 'react';
import type { RunStats } from '../../../../shared/models/runStats.ts';
import { call, messageOf } from '../../bridge/call.ts';
import { useLastCallOf } from '../../stores/calls.ts';
import { RunTimesChart } from './RunTimesChart.tsx';
import { OutcomeBars } from './OutcomeBars.tsx';
import { durationText } from '../../../../shared/models/runStats.ts';
import { outcomesLine } from './statsText.ts';
import './stats.css';

const WEEK_MS = 7 * 86_400_000;
/** As many runs as the chart draws in one frame with room to spare. */
const POINTS = 500;

/** The robot's last seven days: outcomes, run time p50/p90, each run a point, a bar of outcomes a day. */
export function RunStatsPanel({ robotId }: { robotId: string }) {
  const [stats, setStats] = useState<RunStats | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Asked again when the robot's newest call changes (fired, or ended).
  const last = useLastCallOf(robotId);
  const lastKey = last === undefined ? '' : `${last.id}:${last.state}`;
  useEffect(() => {
    let current = true;
    call('runStats', { robotId, since: Date.now() - WEEK_MS, points: POINTS })
      .then((s) => current && (setStats(s), setProblem(null)))
      .catch((e: unknown) => current && setProblem(messageOf(e)));
    return () => void (current = false);
  }, [robotId, lastKey]);
  if (problem !== null) return <p className="small error">{problem}</p>;
  if (stats === null) return null;
  return (
    <section className="run-stats" aria-labelledby="run-stats-title" data-testid="run-stats">
      <h3 id="run-stats-title">Last 7 days</h3>
      {stats.calls === 0 ? (
        <p className="small muted">No calls in the last 7 days.</p>
      ) : (
        <>
          <p className="small" data-testid="run-stats-summary">
            {stats.calls} calls · {outcomesLine(stats)}
            {stats.runTimes.runs > 0 &&
              ` · run time p50 ${durationText(stats.runTimes.p50)}, p90 ${durationText(stats.runTimes.p90)}`}
          </p>
          <RunTimesChart stats={stats} />
          <OutcomeBars days={stats.days} />
        </>
      )}
    </section>
  );
}
