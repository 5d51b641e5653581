import type { AppEvent } from '../../shared/events.ts';
import type { BatchProgress, BatchView } from '../../shared/models/batch.ts';
import { ENDED_ROW_STATES, rowsIn } from '../../shared/models/rowStates.ts';
import { durationText } from '../../shared/models/runStats.ts';
import { countsText } from '../../shared/sentences/batchCounts.ts';

/**
 * The batches the app is running now, for the tray's tooltip and menu, kept
 * from `batch` events: one that stops running (finished, paused, stopped,
 * or failed) leaves.
 */
export function nextRunningBatches(
  running: ReadonlyMap<string, BatchProgress>,
  event: AppEvent,
): ReadonlyMap<string, BatchProgress> {
  if (event.type !== 'batch') return running;
  const next = new Map(running);
  if (event.progress.running) next.set(event.progress.batch.id, event.progress);
  else next.delete(event.progress.batch.id);
  return next;
}

export function batchTitle(batch: Pick<BatchView, 'robotName' | 'presetName'>): string {
  return batch.presetName === null ? batch.robotName : `${batch.robotName} · ${batch.presetName}`;
}

/** How many of a batch's rows ended, whatever their outcome. */
function endedRows(batch: Pick<BatchView, 'counts'>): number {
  return rowsIn(batch.counts, ENDED_ROW_STATES);
}

/** "Refunds · Refund: 120 of 500 rows ended, about 4.2 min left": a running batch in the tray. */
export function batchLine(progress: BatchProgress): string {
  const { batch } = progress;
  const left = progress.etaMs === null ? '' : `, about ${durationText(progress.etaMs)} left`;
  return `${batchTitle(batch)}: ${endedRows(batch).toString()} of ${batch.total.toString()} rows ended${left}`;
}

/**
 * The one notification at a batch's end, or null while it runs or when it
 * was paused (whoever paused it knows; Resume goes on). Finished and
 * stopped batches name their counts; a batch that could not go on says why.
 */
export function batchNotification(progress: BatchProgress): { title: string; body: string } | null {
  const { batch } = progress;
  if (progress.running) return null;
  const rows = `${batch.total.toString()} row${batch.total === 1 ? '' : 's'}`;
  if (progress.error !== null)
    return {
      title: `Batch stopped: ${batchTitle(batch)}`,
      body: `${progress.error.message} So far: ${countsText(batch.counts) || 'no row ended'}.`,
    };
  if (batch.state === 'finished')
    return { title: `Batch finished: ${batchTitle(batch)}`, body: `${rows}: ${countsText(batch.counts)}.` };
  if (batch.state === 'stopped')
    return {
      title: `Batch stopped: ${batchTitle(batch)}`,
      body: `${endedRows(batch).toString()} of ${rows} ended: ${countsText(batch.counts) || 'none'}.`,
    };
  return null;
}
