import { useEffect, useState } from 'react';
import type { BatchProgress, BatchView } from '../../../../shared/models/batch.ts';
import { onAppEvent } from '../../bridge/events.ts';
import { gatherBatchProgress } from './gatherBatchProgress.ts';

/**
 * The latest progress main announced for each batch while the dialog is
 * open (kept by id: a batch's first events may come before its start
 * answers), and a version that changes with each frame's worth of events,
 * so the results know to read again.
 */
export function useBatchEvents(): { latest: ReadonlyMap<string, BatchProgress>; version: number } {
  const [state, setState] = useState({ latest: new Map<string, BatchProgress>(), version: 0 });
  useEffect(() => {
    const gathered = gatherBatchProgress(
      (progress) =>
        setState((now) => {
          const latest = new Map(now.latest);
          for (const p of progress) latest.set(p.batch.id, p);
          return { latest, version: now.version + 1 };
        }),
      (draw) => requestAnimationFrame(draw),
    );
    const stop = onAppEvent((event) => {
      if (event.type === 'batch') gathered.add(event.progress);
    });
    return () => {
      stop();
      gathered.stop();
    };
  }, []);
  return state;
}

/** A batch as an answer gave it, before (or without) an event: running as that answer says. */
export function progressOf(batch: BatchView, running: boolean): BatchProgress {
  return { batch, running, perSecond: 0, etaMs: null, error: null };
}
