import { describe, expect, test } from 'vitest';
import { rowStates } from '../../src/shared/models/rowStates.ts';
import { countsText } from '../../src/shared/sentences/batchCounts.ts';

describe('countsText: a batch’s rows by state, shared by the CLI, the tray and the window', () => {
  test('still to come first, then done, then the other ends; every state said, the empty ones left out', () => {
    expect(countsText({ failed: 3, done: 120, pending: 0, waiting: 2 })).toBe(
      '2 waiting, 120 done, 3 failed',
    );
    expect(countsText({})).toBe('');
    const all = countsText(Object.fromEntries(rowStates.map((state) => [state, 1])));
    expect(all.split(', ')).toEqual(rowStates.map((state) => `1 ${state}`));
  });
});
