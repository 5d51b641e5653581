import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { gatherBatchProgress } from '../../src/renderer/src/features/batches/gatherBatchProgress.ts';
import type { BatchProgress } from '../../src/shared/models/batch.ts';

const progress = (id: string, done: number): BatchProgress => ({
  batch: {
    id,
    robotId: 'r',
    presetId: 'p',
    robotName: 'Orders',
    presetName: 'Order',
    state: 'running',
    createdAt: 0,
    concurrency: 4,
    secretFields: [],
    againOf: null,
    total: 100,
    counts: { done },
  },
  running: true,
  perSecond: 0,
  etaMs: null,
  error: null,
});

/** Progress gathered until a frame the test draws (or 250 ms without one); each apply recorded. */
function gathered() {
  const applied: BatchProgress[][] = [];
  const frames: Array<() => void> = [];
  const gather = gatherBatchProgress(
    (p) => applied.push(p),
    (draw) => frames.push(draw),
  );
  return { applied, frames, gather };
}

describe("the batch dialog's progress, applied once a frame", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('events that come together draw once, at the next frame, the latest of each batch', () => {
    const { applied, frames, gather } = gathered();
    gather.add(progress('a', 1));
    gather.add(progress('b', 1));
    gather.add(progress('a', 2));
    expect(applied).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(applied).toEqual([[progress('a', 2), progress('b', 1)]]);
    // The wait for a frame that never came applies nothing again.
    vi.advanceTimersByTime(1_000);
    expect(applied).toHaveLength(1);
    gather.add(progress('a', 3));
    frames[1]!();
    expect(applied).toEqual([[progress('a', 2), progress('b', 1)], [progress('a', 3)]]);
  });

  test('a window that draws no frames (hidden) still gets the progress 250 ms later; a closed dialog gets none', () => {
    const { applied, gather } = gathered();
    gather.add(progress('a', 1));
    vi.advanceTimersByTime(249);
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(applied).toEqual([[progress('a', 1)]]);
    gather.add(progress('a', 2));
    gather.stop();
    vi.advanceTimersByTime(1_000);
    expect(applied).toHaveLength(1);
  });
});
