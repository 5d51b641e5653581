import { namedOutcomes, otherCount, type RunStats, shareText } from '../../../../shared/models/runStats.ts';

/** "done 80% · failed 5% · …", the outcomes that happened. */
export function outcomesLine(stats: Pick<RunStats, 'calls' | 'states'>): string {
  const parts = namedOutcomes
    .filter((s) => stats.states[s] > 0)
    .map((s) => `${s} ${shareText(stats.states[s], stats.calls)}`);
  const other = otherCount(stats.states);
  if (other > 0) parts.push(`other ${shareText(other, stats.calls)}`);
  return parts.join(' · ');
}

/** How often the robot pane asks for its statistics again while the robot's calls keep changing. */
export const ASK_EVERY_MS = 2_000;

const DAY_MS = 86_400_000;

/** A period the robot pane's statistics cover, ending now. */
export type Period = { ms: number; label: string; title: string };

/** The periods people pick from: a day, a week (the default), a month. */
export const PERIODS: readonly [Period, Period, Period] = [
  { ms: DAY_MS, label: '24 h', title: 'Last 24 hours' },
  { ms: 7 * DAY_MS, label: '7 days', title: 'Last 7 days' },
  { ms: 30 * DAY_MS, label: '30 days', title: 'Last 30 days' },
];
