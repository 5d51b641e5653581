import { useCallback, useEffect, useState } from 'react';
import { call } from '../../bridge/call.ts';
import { rememberShown, useBatches } from '../../stores/batches.ts';
import { progressOf } from './useBatchProgress.ts';

export type Shown = { batchId: string; started: ReturnType<typeof progressOf> };

/**
 * The batch a preset's dialog shows (null: it asks for rows). Opening the
 * dialog again shows the batch it showed last in this window (so a row's
 * call can be opened and the results found again), else a batch of the
 * preset still running or paused.
 */
export function useShownBatch(presetId: string): [Shown | null, (next: Shown | null) => void] {
  const [shown, setShownNow] = useState<Shown | null>(null);
  const setShown = useCallback(
    (next: Shown | null) => {
      setShownNow(next);
      rememberShown(presetId, next?.batchId ?? null);
    },
    [presetId],
  );
  useEffect(() => {
    let live = true;
    const last = useBatches.getState().shownOf[presetId];
    call('listBatches')
      .then((batches) => {
        const open =
          batches.find((b) => b.id === last) ??
          batches.find(
            (b) => b.presetId === presetId && (b.running || b.state === 'paused' || b.state === 'running'),
          );
        if (live && open !== undefined)
          setShownNow((now) => now ?? { batchId: open.id, started: progressOf(open, open.running) });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [presetId]);
  return [shown, setShown];
}
