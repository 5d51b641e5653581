import type { BatchProgress } from '../../../../shared/models/batch.ts';
import type { NextFrame } from '../../bridge/gatheredChanges.ts';

/** How long progress waits for a frame before it is applied anyway (a hidden window draws none). */
const NO_FRAME_MS = 250;

/**
 * Progress events, the latest of each batch, applied together at the start
 * of the next frame: events that reach the window together (as they do once
 * a busy machine lets it run again) draw the dialog once, and never mid-frame,
 * where the work would push that frame past its time. A window that draws no
 * frames gets them `waitMs` later all the same.
 */
export function gatherBatchProgress(
  apply: (progress: BatchProgress[]) => void,
  frame: NextFrame,
  waitMs = NO_FRAME_MS,
) {
  const pending = new Map<string, BatchProgress>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const progress = [...pending.values()];
    pending.clear();
    apply(progress);
  };
  return {
    add(progress: BatchProgress): void {
      pending.set(progress.batch.id, progress);
      if (timer !== undefined) return;
      timer = setTimeout(flush, waitMs);
      frame(() => timer !== undefined && flush());
    },
    /** Nothing more is applied (the dialog closed). */
    stop(): void {
      clearTimeout(timer);
      timer = undefined;
      pending.clear();
    },
  };
}
