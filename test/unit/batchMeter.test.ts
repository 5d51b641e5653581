import { describe, expect, test } from 'vitest';
import { BatchMeter } from '../../src/core/batch/batchMeter.ts';
import type { BatchInfo } from '../../src/core/batch/batchTypes.ts';

const batch = (total: number, concurrency: number): BatchInfo => ({
  id: 'b',
  robotId: 'r',
  presetId: 'p',
  robotName: 'R',
  presetName: 'P',
  concurrency,
  secretFields: [],
  againOf: null,
  state: 'running',
  createdAt: 0,
  runner: null,
  total,
  counts: { pending: total },
});

describe('a batch’s pace', () => {
  test('before a row ends, the time left is rounds of `concurrency` rows at the usual longest run', () => {
    const meter = new BatchMeter(batch(10, 4), 2_000, 0);
    expect(meter.pace(500)).toEqual({ ended: 0, left: 10, perSecond: 0, etaMs: 3 * 2_000 });
    expect(new BatchMeter(batch(10, 4), undefined, 0).pace(500).etaMs).toBeNull();
  });

  test('once rows end, the rate of this run says the time left; a row back to pending is counted again', () => {
    const meter = new BatchMeter(batch(10, 4), 60_000, 0);
    for (let n = 1; n <= 4; n++) meter.change({ n, from: 'pending', to: 'firing', call: undefined });
    expect(meter.change({ n: 1, from: 'firing', to: 'done', call: undefined })).toBe(true);
    expect(meter.change({ n: 2, from: 'firing', to: 'failed', call: undefined })).toBe(true);
    expect(meter.change({ n: 3, from: 'firing', to: 'pending', call: undefined })).toBe(false);
    expect(meter.counts).toEqual({ pending: 7, firing: 1, done: 1, failed: 1 });
    // Two rows ended in 4 s: half a row a second, eight rows left.
    expect(meter.pace(4_000)).toEqual({ ended: 2, left: 8, perSecond: 0.5, etaMs: 16_000 });
  });

  test('nothing left: no time left', () => {
    const meter = new BatchMeter({ ...batch(1, 1), counts: { done: 1 } }, 1_000, 0);
    expect(meter.pace(10)).toEqual({ ended: 1, left: 0, perSecond: 0, etaMs: 0 });
  });
});
