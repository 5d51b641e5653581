import { useEffect, useState } from 'react';
import type { RunStats } from '../../../../shared/models/runStats.ts';
import { call, messageOf } from '../../bridge/call.ts';
import { useStateCountsOf } from '../../stores/calls.ts';
import { usePresetsOf } from '../../stores/presets.ts';
import { useThrottled } from '../../ui/useThrottled.ts';
import { RunTimesChart } from './RunTimesChart.tsx';
import { OutcomeBars } from './OutcomeBars.tsx';
import { durationText } from '../../../../shared/models/runStats.ts';
import { ASK_EVERY_MS, outcomesLine, PERIODS, type Period } from './statsText.ts';
import './stats.css';

/** As many runs as the chart draws in one frame with room to spare. */
const POINTS = 500;

/**
 * How the robot ran over a chosen period (the last 24 hours, 7 or 30 days),
 * for all its presets or one: outcomes, run time p50/p90, each run a point,
 * a bar of outcomes a day.
 */
export function RunStatsPanel({ robotId }: { robotId: string }) {
  const [period, setPeriod] = useState<Period>(PERIODS[1]);
  const [presetId, setPresetId] = useState<string>('');
  const presets = usePresetsOf(robotId);
  const [stats, setStats] = useState<RunStats | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Asked again when any of the robot's calls changes state (fired, or
  // ended), at most every ASK_EVERY_MS: a batch behind its dialog fires and
  // ends dozens a second, and each answer redrew every point of the chart.
  const changed = useThrottled(useStateCountsOf(robotId), ASK_EVERY_MS);
  // A preset removed while chosen: back to all of them.
  const chosen = presets.some((p) => p.id === presetId) ? presetId : '';
  useEffect(() => {
    let current = true;
    const query = {
      robotId,
      since: Date.now() - period.ms,
      points: POINTS,
      ...(chosen === '' ? {} : { presetId: chosen }),
    };
    call('runStats', query)
      .then((s) => current && (setStats(s), setProblem(null)))
      .catch((e: unknown) => current && setProblem(messageOf(e)));
    return () => void (current = false);
  }, [robotId, changed, period, chosen]);
  return (
    <section className="run-stats" aria-labelledby="run-stats-title" data-testid="run-stats">
      <div className="run-stats-head">
        <h3 id="run-stats-title">{period.title}</h3>
        <div className="segmented" role="group" aria-label="Period">
          {PERIODS.map((p) => (
            <button key={p.ms} type="button" aria-pressed={p === period} onClick={() => setPeriod(p)}>
              {p.label}
            </button>
          ))}
        </div>
        {presets.length > 0 && (
          <select
            aria-label="Preset"
            value={chosen}
            onChange={(e) => setPresetId(e.target.value)}
            data-testid="run-stats-preset"
          >
            <option value="">All presets</option>
            {presets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        )}
      </div>
      {problem !== null ? (
        <p className="small error">{problem}</p>
      ) : stats === null ? (
        <p className="small muted">Counting the runs…</p>
      ) : stats.calls === 0 ? (
        <p className="small muted">No calls in the {period.title.toLowerCase()}.</p>
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
