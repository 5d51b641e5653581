import { useEffect, useState } from 'react';
import type { BatchProgress, BatchView } from '../../../../shared/models/batch.ts';
import { onAppEvent } from '../../bridge/events.ts';

/**
 * The latest progress main announced for each batch while the dialog is
 * open (kept by id: a batch's first events may come before its start
 * answers), and how many have come, so the results know to read again.
 */
export function useBatchEvents(): { latest: ReadonlyMap<string, BatchProgress>; version: number } {
  const [state, setState] = useState({ latest: new Map<string, BatchProgress>(), version: 0 });
  useEffect(
    () =>
      onAppEvent((event) => {
        if (event.type !== 'batch') return;
        setState((now) => ({
          latest: new Map(now.latest).set(event.progress.batch.id, event.progress),
          version: now.version + 1,
        }));
      }),
    [],
  );
  return state;
}

/** A batch as an answer gave it, before (or without) an event: running as that answer says. */
export function progressOf(batch: BatchView, running: boolean): BatchProgress {
  return { batch, running, perSecond: 0, etaMs: null, error: null };
}
