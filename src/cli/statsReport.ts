import {
  durationText,
  namedOutcomes,
  otherCount,
  type RunStats,
  shareText,
} from '../shared/models/runStats.ts';
import { formatFields, formatTable } from './output.ts';

/**
 * `robot-tray stats` as people read it: the period's outcomes and run
 * times, then its days, as sparklines on a terminal (one character a day)
 * or as a table of days when the output goes to a file or another program.
 */

const BARS = '▁▂▃▄▅▆▇█';

/** One bar a value, the tallest the largest; a day without a value is a space. */
export function sparkline(values: ReadonlyArray<number | null>): string {
  const max = Math.max(0, ...values.map((v) => v ?? 0));
  return values
    .map((v) => {
      if (v === null) return ' ';
      if (max === 0) return BARS[0];
      return BARS[Math.min(BARS.length - 1, Math.floor((v / max) * (BARS.length - 1) + 0.5))];
    })
    .join('');
}

function dayText(start: number): string {
  const d = new Date(start);
  return `${d.getFullYear().toString()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** "312 calls: done 80% · failed 5% · unknown 1% · expired 0% · stopped 0% · other 14%" */
export function outcomesText(stats: Pick<RunStats, 'calls' | 'states'>): string {
  const parts = namedOutcomes.map((s) => `${s} ${shareText(stats.states[s], stats.calls)}`);
  parts.push(`other ${shareText(otherCount(stats.states), stats.calls)}`);
  return parts.join(' · ');
}

export function statsText(stats: RunStats, title: string, terminal: boolean): string {
  const { runTimes } = stats;
  const fields: Array<[string, string | undefined]> = [
    ['Statistics', title],
    [
      'Period',
      `${dayText(stats.since)} to ${dayText(stats.until - 1)} (${stats.days.length.toString()} days)`,
    ],
    ['Calls', stats.calls.toString()],
    ['Outcomes', stats.calls === 0 ? undefined : outcomesText(stats)],
    [
      'Run time',
      runTimes.runs === 0
        ? 'no run ended done or failed in the period'
        : `p50 ${durationText(runTimes.p50)} · p90 ${durationText(runTimes.p90)} (${runTimes.runs.toString()} runs done or failed)`,
    ],
  ];
  if (terminal) {
    fields.push(['Calls by day', sparkline(stats.days.map((d) => d.calls))]);
    fields.push(['p50 by day', sparkline(stats.days.map((d) => d.runTimes.p50))]);
    return formatFields(fields);
  }
  const days = formatTable(
    ['DAY', 'CALLS', 'DONE', 'FAILED', 'P50', 'P90'],
    stats.days.map((d) => [
      dayText(d.start),
      d.calls.toString(),
      d.states.done.toString(),
      d.states.failed.toString(),
      durationText(d.runTimes.p50),
      durationText(d.runTimes.p90),
    ]),
  );
  return `${formatFields(fields)}\n\n${days}`;
}
