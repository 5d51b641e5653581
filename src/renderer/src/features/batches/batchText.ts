import type { BatchProgress, BatchView } from '../../../../shared/models/batch.ts';
import { rowsIn, UNENDED_ROW_STATES } from '../../../../shared/models/rowStates.ts';

// The progress panel lists the counts by state as the CLI and the tray say them.
export { countsByState as countsText } from '../../../../shared/sentences/batchCounts.ts';

/** Rows that ended (neither pending nor in flight). */
export function endedRows(batch: BatchView): number {
  return batch.total - rowsIn(batch.counts, UNENDED_ROW_STATES);
}

/** Rows "run again" takes by default: every row that ended other than done. */
export function notDoneRows(batch: BatchView): number {
  return endedRows(batch) - (batch.counts.done ?? 0);
}

/** "about 2 min left", "about 12 s left"; empty when not known. */
export function etaText(ms: number | null): string {
  if (ms === null) return 'time left not known yet';
  if (ms < 1_000) return 'less than a second left';
  const s = Math.round(ms / 1000);
  if (s < 120) return `about ${s} s left`;
  const min = Math.round(s / 60);
  return min < 120 ? `about ${min} min left` : `about ${Math.round(min / 60)} h left`;
}

export function rateText(perSecond: number): string {
  if (perSecond === 0) return 'no row ended yet';
  return perSecond >= 1 ? `${perSecond.toFixed(1)} rows/s` : `${(perSecond * 60).toFixed(1)} rows/min`;
}

/** A run time as the results show it: 850 ms, 12.3 s, 4 min. */
export function runTimeText(ms: number | null): string {
  if (ms === null) return '';
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 120_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

/** A batch not run here now and not over: its pending rows can be fired here (after a pause, or an app that quit). */
export function canResume(progress: BatchProgress): boolean {
  const { state } = progress.batch;
  return !progress.running && state !== 'finished' && state !== 'stopped';
}
