import type { AppEvent } from '../../shared/events.ts';
import type { BatchProgress, BatchView } from '../../shared/models/batch.ts';
import { durationText } from '../../shared/models/runStats.ts';

/** The unended row states: everything else counts as a row that ended. */
const UNENDED = new Set(['pending', 'firing', 'sending', 'waiting']);

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
export function endedRows(batch: Pick<BatchView, 'counts'>): number {
  let ended = 0;
  for (const [state, n] of Object.entries(batch.counts)) if (!UNENDED.has(state)) ended += n ?? 0;
  return ended;
}

/** "Refunds · Refund: 120 of 500 rows ended, about 4.2 min left": a running batch in the tray. */
export function batchLine(progress: BatchProgress): string {
  const { batch } = progress;
  const left = progress.etaMs === null ? '' : `, about ${durationText(progress.etaMs)} left`;
  return `${batchTitle(batch)}: ${endedRows(batch).toString()} of ${batch.total.toString()} rows ended${left}`;
}

/** "480 done, 20 failed": a batch's rows by state, most first. */
export function countsText(batch: Pick<BatchView, 'counts'>): string {
  return Object.entries(batch.counts)
    .filter(([, n]) => (n ?? 0) > 0)
    .sort(([, a], [, b]) => (b ?? 0) - (a ?? 0))
    .map(([state, n]) => `${(n ?? 0).toString()} ${state}`)
    .join(', ');
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
      body: `${progress.error.message} So far: ${countsText(batch) || 'no row ended'}.`,
    };
  if (batch.state === 'finished')
    return { title: `Batch finished: ${batchTitle(batch)}`, body: `${rows}: ${countsText(batch)}.` };
  if (batch.state === 'stopped')
    return {
      title: `Batch stopped: ${batchTitle(batch)}`,
      body: `${endedRows(batch).toString()} of ${rows} ended: ${countsText(batch) || 'none'}.`,
    };
  return null;
}
