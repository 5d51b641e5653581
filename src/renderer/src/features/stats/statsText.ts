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
